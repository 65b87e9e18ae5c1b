import type { Json, Shape } from '../../../core/input/kinds.js';
import { t } from '../../i18n/i18n.js';
import { argumentsOf, callText } from '../call-view.js';
import { countText } from '../unit-text.js';
import { readJson } from './shared.js';
import type { KindView } from './view.js';

/**
 * A call with several arguments on the page: drawn one row per argument, written as code
 * writes its arguments, `("foo", "foobar")`, sized argument by argument.
 */
export const ARGS_VIEW: KindView = {
  name: 'args',
  picture: 'call',
  spokenTrial: true,
  example: '[1, -2, 3]',
  sizeText: callSizeText,
  inputText: (input, _shape, max) => callText(input, Math.max(24, max * 2)),
  spokenInput: (input) => callText(input, 32),
  // A call is always JSON: say what it is written as, not which other kind takes text.
  read: (text) => readJson(text, 'args', { code: 'input.not-args' }),
  write: (input) => JSON.stringify(input),
  // A call's arguments are spread into the function, copied when one of them could be changed.
  testArgument: (input) => (immutableArguments(input) ? '...args' : '...structuredClone(args)'),
  generator({ alphabet, min, max, argumentTypes }) {
    const types = argumentTypes();
    return {
      arguments: types,
      ...(types.includes('string') ? { alphabet } : {}),
      ...(types.some((type) => type !== 'string') ? { min, max } : {}),
    };
  },
};

/** Whether a call's arguments are all strings, numbers, booleans or null (none can change). */
export function immutableArguments(call: Json): boolean {
  return (
    Array.isArray(call) &&
    call.every((argument) => typeof argument !== 'object' || argument === null)
  );
}

/** The most arguments whose sizes a call's size names one by one. */
const SIZED_ARGUMENTS = 4;

/**
 * A call's size, argument by argument: "2 arguments: 3 characters, 6 characters", a fixed
 * argument named as such; past {@link SIZED_ARGUMENTS} arguments, the rest left as "…".
 */
function callSizeText(call: Json, shape: Shape): string {
  const views = argumentsOf(call, shape);
  const sizes = views
    .slice(0, SIZED_ARGUMENTS)
    .map((view) =>
      view.shape === null ? t('units.fixed') : countText(view.units.length, view.shape),
    );
  if (views.length > SIZED_ARGUMENTS) sizes.push(t('units.moreSizes'));
  return t('units.arguments', { count: views.length, sizes: sizes.join(t('units.comma')) });
}
