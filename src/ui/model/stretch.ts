import type { Json } from '../../core/input/kinds.js';
import type { Stretch } from '../../core/session/scenario.js';

/** The lengths a stretch offers: `min`, then doubling, up to `max` (which is always offered). */
export function stretchLengths(stretch: Stretch): number[] {
  const lengths: number[] = [];
  const least = Math.max(stretch.min, stretch.head.length + stretch.tail.length, 1);
  for (let n = least; n < stretch.max; n *= 2) lengths.push(n);
  lengths.push(Math.max(least, stretch.max));
  return lengths;
}

/** The input of length `n`: the head, the filling, the tail. */
export function stretched(stretch: Stretch, n: number): Json[] {
  const filling = Math.max(0, n - stretch.head.length - stretch.tail.length);
  return [...stretch.head, ...Array<Json>(filling).fill(stretch.fill), ...stretch.tail];
}

/** The length `input` has as one of the stretch's inputs, or null when it is not one of them. */
export function stretchLengthOf(stretch: Stretch, input: unknown): number | null {
  if (!Array.isArray(input)) return null;
  const same = (a: unknown, b: Json) => JSON.stringify(a) === JSON.stringify(b);
  const { head, tail } = stretch;
  if (input.length < head.length + tail.length) return null;
  const body = input.slice(head.length, input.length - tail.length);
  const fits =
    head.every((item, i) => same(input[i], item)) &&
    tail.every((item, i) => same(input[input.length - tail.length + i], item)) &&
    body.every((item) => same(item, stretch.fill));
  return fits ? input.length : null;
}
