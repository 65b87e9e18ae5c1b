import type { InputKind, Json } from '../../core/input/kinds.js';
import { inputProblem } from '../../core/session/config.js';
import type { Problem } from '../../core/text/problems.js';

/** The paste box: what its text is, as an input of a kind, or the kind it picks. */

/** A paste box's text read as an input, or why it cannot be one. */
export type Pasted = { ok: true; input: Json } | { ok: false; problem: Problem };

/**
 * The texts read last (the failing and the passing paste box, each of a kind): the page asks on
 * every render whether its workspace can run, and a pasted call may be a megabyte of JSON.
 */
const recent: { text: string; kind: InputKind; pasted: Pasted }[] = [];
const RECENT_TEXTS = 4;

/**
 * The pasted input of `kind` (text is taken as it is; other kinds are JSON), or why not. The
 * same text read again gives the same input, which no one may change.
 */
export function pastedInput(text: string, kind: InputKind): Pasted {
  const known = recent.find((entry) => entry.kind === kind && entry.text === text);
  if (known) return known.pasted;
  const pasted = readPasted(text, kind);
  recent.unshift({ text, kind, pasted });
  recent.length = Math.min(recent.length, RECENT_TEXTS);
  return pasted;
}

function readPasted(text: string, kind: InputKind): Pasted {
  let value: unknown = text;
  if (kind !== 'string') {
    try {
      value = JSON.parse(text);
    } catch {
      // JSON gone wrong, or text typed while the kind is another: then say which kind takes it.
      const json = /^\s*[[{"\d-]/.test(text);
      // A call is always JSON: say what it is written as, not which other kind takes text.
      if (kind === 'args') return { ok: false, problem: { code: 'input.not-args' } };
      return { ok: false, problem: { code: json ? 'input.not-json' : 'input.looks-like-text' } };
    }
  }
  const problem = inputProblem(value, kind);
  return problem ? { ok: false, problem } : { ok: true, input: value as Json };
}

/** An input as the paste box writes it: text as it is, anything else as JSON. */
export function inputAsText(input: Json, kind: InputKind): string {
  return typeof input === 'string' && kind === 'string' ? input : JSON.stringify(input);
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
