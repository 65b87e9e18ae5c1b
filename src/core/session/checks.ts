/** Small type checks of values read from a session's header or a link. */

/** A plain object's fields, as read. */
export type Fields = Record<string, unknown>;

/** Whether `x` is a plain object (not null, not an array). */
export const isObject = (x: unknown): x is Fields =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Whether `x` is a safe integer. */
export const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/** Whether `x` is absent or passes `test`. */
export const isOptional = (x: unknown, test: (x: unknown) => boolean) => x === undefined || test(x);
