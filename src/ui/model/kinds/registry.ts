import type { InputKind } from '../../../core/input/kinds.js';
import { ARGS_VIEW } from './args.js';
import { ARRAY_VIEW } from './array.js';
import { INT_ARRAY_VIEW } from './int-array.js';
import { JSON_VIEW } from './json.js';
import { STRING_VIEW } from './string.js';
import type { KindView } from './view.js';

export type { KindView } from './view.js';

/** Every kind of input by name, as the page shows it (see {@link KindView}). */
export const VIEWS: Readonly<Record<InputKind, KindView>> = {
  'int-array': INT_ARRAY_VIEW,
  string: STRING_VIEW,
  array: ARRAY_VIEW,
  json: JSON_VIEW,
  args: ARGS_VIEW,
};
