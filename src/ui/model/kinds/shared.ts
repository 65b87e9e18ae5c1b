import type { InputKind, Json, Shape } from '../../../core/input/kinds.js';
import { sizeOf } from '../../../core/input/value.js';
import { inputProblem } from '../../../core/session/config.js';
import { clipJson } from '../../../core/text/clip.js';
import type { Problem } from '../../../core/text/problems.js';
import { countText } from '../unit-text.js';
import type { Pasted } from './view.js';

/** What the views of several kinds share: sizes counted, JSON clipped, pasted text checked. */

/** An input's size as its units' count: "12 elements", "62 characters". */
export function countedSize(input: Json, shape: Shape): string {
  return countText(sizeOf(input, shape), shape);
}

/** An input as JSON, clipped to about `max` units' room, with its size when it is clipped. */
export function clippedJson(input: Json, shape: Shape, max: number): string {
  const room = Math.max(24, max * 4);
  const text = clipJson(input, room - 1);
  return text.endsWith('…') ? `${text} (${countedSize(input, shape)})` : text;
}

/** `value` as an input of `kind`, or the kind's problem with it. */
export function checked(value: unknown, kind: InputKind): Pasted {
  const problem = inputProblem(value, kind);
  return problem ? { ok: false, problem } : { ok: true, input: value as Json };
}

/**
 * A paste box's JSON read as an input of `kind`. JSON gone wrong, or text typed while the kind
 * is another, is said as `notJson` says it, else by which kind takes it: JSON's or text's.
 */
export function readJson(text: string, kind: InputKind, notJson?: Problem): Pasted {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const json = /^\s*[[{"\d-]/.test(text);
    return {
      ok: false,
      problem: notJson ?? { code: json ? 'input.not-json' : 'input.looks-like-text' },
    };
  }
  return checked(value, kind);
}
