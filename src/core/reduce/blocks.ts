/**
 * The `i`-th of `parts` contiguous blocks of a sequence of length `length`, as the article
 * splits it: `lo = i * length // parts`, `hi = (i + 1) * length // parts`.
 */
export function block(i: number, parts: number, length: number): [number, number] {
  return [Math.floor((i * length) / parts), Math.floor(((i + 1) * length) / parts)];
}

/** Which of `parts` blocks of a sequence of length `length` starts at `lo` (0 when none does). */
export function blockAt(lo: number, parts: number, length: number): number {
  for (let i = 0; i < parts; i++) if (block(i, parts, length)[0] === lo) return i;
  return 0;
}
