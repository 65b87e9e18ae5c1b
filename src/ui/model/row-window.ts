/**
 * Which of `count` rows are drawn when at most `max` are: the `[from, to)` centred on `focus`,
 * moved inward at either end (the first `max` while `focus` is among the first half of them).
 */
export function rowWindow(count: number, focus: number, max: number): [number, number] {
  const from = Math.max(0, Math.min(focus - Math.floor((max - 1) / 2), count - max));
  return [from, Math.min(count, from + max)];
}
