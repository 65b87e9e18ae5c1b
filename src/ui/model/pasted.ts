import type { InputKind, Json } from '../../core/input/kinds.js';
import { VIEWS } from './kinds/registry.js';
import type { Pasted } from './kinds/view.js';

/** The paste box: what its text is, as an input of a kind, or the kind it picks. */

export type { Pasted } from './kinds/view.js';

/**
 * The texts read last (the failing and the passing paste box, each of a kind): the page asks on
 * every render whether its workspace can run, and a pasted call may be a megabyte of JSON.
 */
const recent: { text: string; kind: InputKind; pasted: Pasted }[] = [];
const RECENT_TEXTS = 4;

/**
 * The pasted input of `kind`, as the kind reads it (text as it is, other kinds as JSON), or why
 * not. The same text read again gives the same input, which no one may change.
 */
export function pastedInput(text: string, kind: InputKind): Pasted {
  const known = recent.find((entry) => entry.kind === kind && entry.text === text);
  if (known) return known.pasted;
  const pasted = VIEWS[kind].read(text);
  recent.unshift({ text, kind, pasted });
  recent.length = Math.min(recent.length, RECENT_TEXTS);
  return pasted;
}

/** An input as the paste box writes it: text as it is, anything else as JSON. */
export function inputAsText(input: Json, kind: InputKind): string {
  return VIEWS[kind].write(input);
}

/**
 * The kind a pasted text picks: a JSON string is text (its value, unquoted), a JSON array of
 * integers an integer array, another JSON array an array, any other JSON value a tree; text
 * that is not JSON is text as it is. While the kind is a call's (`args`), a JSON array stays
 * one: it is the list of the arguments. Given as the failing input's box is set (its kind and
 * text). Null when the text is empty.
 */
export function pastedKind(
  text: string,
  current?: InputKind,
): { kind: InputKind; failing: string } | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'string', failing: text };
  }
  if (typeof value === 'string') return { kind: 'string', failing: value };
  if (Array.isArray(value)) {
    if (current === 'args') return { kind: 'args', failing: text };
    const ints = value.every((x) => Number.isSafeInteger(x) && !Object.is(x, -0));
    return { kind: ints ? 'int-array' : 'array', failing: text };
  }
  if (value !== null && typeof value === 'object') return { kind: 'json', failing: text };
  return { kind: 'string', failing: text };
}
