import {
  type ArgumentType,
  DEFAULT_ARGUMENTS,
  type GeneratorConfig,
} from '../../core/generate/generator.js';
import type { Json } from '../../core/input/kinds.js';
import { ARGS_VIEW } from './kinds/args.js';
import type { GeneratorFields } from './kinds/view.js';
import { pastedInput } from './pasted.js';

/**
 * The types of the arguments a generated call has: those of the call in the paste box (a string,
 * an array of integers or an integer each), so that random calls are shaped like the function's
 * own; two strings when the box holds no such call.
 */
export function argumentTypes(pasted: string): ArgumentType[] {
  const call = pastedInput(pasted, 'args');
  if (!call.ok || !Array.isArray(call.input)) return [...DEFAULT_ARGUMENTS];
  const types = call.input.map(argumentType);
  return types.every((type) => type !== null) ? (types as ArgumentType[]) : [...DEFAULT_ARGUMENTS];
}

function argumentType(argument: Json): ArgumentType | null {
  if (typeof argument === 'string') return 'string';
  if (Number.isSafeInteger(argument)) return 'int';
  if (Array.isArray(argument) && argument.every((x) => Number.isSafeInteger(x))) return 'int-array';
  return null;
}

/** What a call generator needs beyond the common fields: its arguments, alphabet and range. */
export function callGenerator(workspace: {
  failing: string;
  alphabet: string;
  min: number;
  max: number;
}): Pick<GeneratorConfig, 'arguments' | 'alphabet' | 'min' | 'max'> {
  return ARGS_VIEW.generator(generatorFields(workspace));
}

/** The fields of a workspace its kind's generator may take. */
export function generatorFields(workspace: {
  failing: string;
  alphabet: string;
  min: number;
  max: number;
}): GeneratorFields {
  const { alphabet, min, max, failing } = workspace;
  return { alphabet, min, max, argumentTypes: () => argumentTypes(failing) };
}
