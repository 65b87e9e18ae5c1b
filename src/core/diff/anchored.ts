import { longestIncreasing } from './lis.js';
import { editCount, myersDiff } from './myers.js';
import { type DiffRun, RunList } from './runs.js';

/** The work a diff may still do, counted in comparisons (see `boundedDiff`); it only goes down. */
export interface WorkLeft {
  left: number;
}

/** A part of the two sequences still to diff: `a[aLo, aHi)` against `b[bLo, bHi)`. */
interface Part {
  aLo: number;
  aHi: number;
  bLo: number;
  bHi: number;
}

/**
 * A diff of `a` and `b` that does at most `work.left` comparisons beyond a linear pass (patience
 * diff, as Bram Cohen's and git's `--patience`): the common start and end are kept; the items
 * found exactly once in each side are anchors, and the longest run of them in the same order on
 * both sides is kept; each gap between anchors is diffed again the same way, by Myers' algorithm
 * first while the work it may take is left (not the whole: `boundedDiff` has tried that). A part with no anchor, or met when no work is left,
 * is one change: all of its `a` removed, all of its `b` added. Always a correct diff, not
 * always a shortest one.
 */
export function anchoredDiff(
  a: readonly number[],
  b: readonly number[],
  work: WorkLeft,
): DiffRun[] {
  const out = new RunList();
  // Parts and runs still to write, the next one last (a stack, not recursion: gaps nest deep).
  const todo: (Part | DiffRun)[] = [{ aLo: 0, aHi: a.length, bLo: 0, bHi: b.length }];
  let whole = true;
  while (todo.length > 0) {
    const next = todo.pop() as Part | DiffRun;
    if ('kind' in next) out.push(next.kind, next.count);
    else {
      const pieces = piecesOf(a, b, next, work, !whole);
      for (let k = pieces.length - 1; k >= 0; k--) todo.push(pieces[k] as Part | DiffRun);
    }
    whole = false;
  }
  return out.runs;
}

/**
 * What a part is made of, in order: its common start, then its middle diffed (by Myers while
 * `tryMyers` and the work allows, else by anchors, else as one change), then its common end.
 */
function piecesOf(
  a: readonly number[],
  b: readonly number[],
  part: Part,
  work: WorkLeft,
  tryMyers: boolean,
): (Part | DiffRun)[] {
  let { aLo, aHi, bLo, bHi } = part;
  const start = aLo;
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
    aLo++;
    bLo++;
  }
  const end = aHi;
  while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) {
    aHi--;
    bHi--;
  }
  const head: DiffRun = { kind: 'same', count: aLo - start };
  const tail: DiffRun = { kind: 'same', count: end - aHi };
  const size = aHi - aLo + (bHi - bLo);
  const change: DiffRun[] = [
    { kind: 'removed', count: aHi - aLo },
    { kind: 'added', count: bHi - bLo },
  ];
  if (aLo === aHi || bLo === bHi || work.left < size) return [head, ...change, tail];
  if (tryMyers) {
    const maxEdits = Math.floor(work.left / size);
    const runs = myersDiff(a.slice(aLo, aHi), b.slice(bLo, bHi), maxEdits);
    work.left -= size * (runs ? editCount(runs) : maxEdits);
    if (runs) return [head, ...runs, tail];
  }
  work.left -= size;
  const anchors = anchorsOf(a, b, { aLo, aHi, bLo, bHi });
  if (anchors.length === 0) return [head, ...change, tail];
  const pieces: (Part | DiffRun)[] = [head];
  let [i, j] = [aLo, bLo];
  for (const [x, y] of anchors) {
    pieces.push({ aLo: i, aHi: x, bLo: j, bHi: y }, { kind: 'same', count: 1 });
    [i, j] = [x + 1, y + 1];
  }
  pieces.push({ aLo: i, aHi, bLo: j, bHi }, tail);
  return pieces;
}

/**
 * The anchors of a part: the pairs of places `[x, y]` of items found exactly once in its `a`
 * (at `x`) and once in its `b` (at `y`), the longest list of them in the same order on both sides.
 */
function anchorsOf(a: readonly number[], b: readonly number[], part: Part): [number, number][] {
  // For each item: its place in `a` while seen once there (-1 after), the same in `b`.
  const inA = new Map<number, number>();
  const inB = new Map<number, number>();
  for (let x = part.aLo; x < part.aHi; x++) {
    const item = a[x] as number;
    inA.set(item, inA.has(item) ? -1 : x);
  }
  for (let y = part.bLo; y < part.bHi; y++) {
    const item = b[y] as number;
    inB.set(item, inB.has(item) ? -1 : y);
  }
  const pairs: [number, number][] = [];
  for (let x = part.aLo; x < part.aHi; x++) {
    const item = a[x] as number;
    const y = inB.get(item);
    if (y !== undefined && y >= 0 && inA.get(item) === x) pairs.push([x, y]);
  }
  return longestIncreasing(pairs.map(([, y]) => y)).map((k) => pairs[k] as [number, number]);
}
