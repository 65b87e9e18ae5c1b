import type { Span } from '../../core/input/edit.js';
import { UNPARSED } from '../../core/oracle/verdict.js';
import type { Frame } from '../../core/run/timeline.js';
import { rowWindow } from './row-window.js';

/** How a piece of a program's line is drawn: as it is, cut by the trial, or kept by a hoist. */
export type PieceMark = 'plain' | 'cut' | 'hoisted';

/** A run of a line's characters with one mark. */
export interface Piece {
  text: string;
  mark: PieceMark;
}

/** One line of a program as its cells draw it: its number and its pieces. */
export interface ProgramLine {
  number: number;
  pieces: Piece[];
  /** The line holds a piece the trial cuts or keeps (the picture scrolls to the first one). */
  marked: boolean;
  /** Characters of a long line not drawn before its pieces, and after them (0 when none). */
  before: number;
  after: number;
}

/** The lines of a program drawn, and how many are not drawn above and below them. */
export interface ProgramWindow {
  lines: ProgramLine[];
  above: number;
  below: number;
}

/** How many characters of a long line are drawn before the first mark on it. */
const LEAD_CHARS = 40;

/** White space made visible where a cut holds nothing else (else it would not show). */
const VISIBLE: Record<string, string> = { ' ': '·', '\t': '⇥', '\n': '↵' };

/**
 * A program's text as lines of marked pieces: the code points of `cut` (the trial's spans, in
 * order and apart) marked `cut`, and for a hoist the node kept in its ancestor's place (what lies
 * between the first span and the last) marked `hoisted`. At most `maxLines` lines, around the
 * first marked one, and of a longer line at most about `maxChars` characters, from just before
 * its first mark: what is left out is counted, and the work is that of the lines drawn (and a
 * scan for line breaks), however large the program.
 */
export function programLines(
  text: string,
  cut: readonly Span[] = [],
  hoist = false,
  maxLines = Number.POSITIVE_INFINITY,
  maxChars = Number.POSITIVE_INFINITY,
): ProgramWindow {
  const runs = markedRuns(text, cut, hoist);
  const starts = lineStarts(text);
  const focus = runs[0] ? lineAt(starts, runs[0].lo) : 0;
  const [from, to] = rowWindow(starts.length, focus, maxLines);
  const lines: ProgramLine[] = [];
  for (let n = from; n < to; n++) {
    const lo = starts[n] as number;
    const next = starts[n + 1];
    lines.push(
      drawLine(text, runs, n + 1, lo, next === undefined ? text.length : next - 1, maxChars),
    );
  }
  return { lines, above: from, below: starts.length - to };
}

/** A run of a program's text (UTF-16 offsets `[lo, hi)`) with one mark that is not plain. */
interface Run {
  lo: number;
  hi: number;
  mark: Exclude<PieceMark, 'plain'>;
}

/** The runs a trial marks, in order and apart: its spans cut, for a hoist the gaps hoisted. */
function markedRuns(text: string, cut: readonly Span[], hoist: boolean): Run[] {
  const spans = utf16Spans(text, cut);
  const runs: Run[] = [];
  spans.forEach(([lo, hi], k) => {
    if (hi > lo) runs.push({ lo, hi, mark: 'cut' });
    const next = spans[k + 1];
    if (hoist && next && next[0] > hi) runs.push({ lo: hi, hi: next[0], mark: 'hoisted' });
  });
  return runs;
}

/** Spans of code points as UTF-16 offsets, cut at the text's end (read once, in order). */
function utf16Spans(text: string, cut: readonly Span[]): Span[] {
  if (!/[\uD800-\uDFFF]/.test(text)) {
    return cut.map(([lo, hi]) => [Math.min(lo, text.length), Math.min(hi, text.length)]);
  }
  let unit = 0;
  let point = 0;
  const at = (target: number): number => {
    while (point < target && unit < text.length) {
      const code = text.charCodeAt(unit);
      unit += code >= 0xd800 && code <= 0xdbff && unit + 1 < text.length ? 2 : 1;
      point++;
    }
    return unit;
  };
  return cut.map(([lo, hi]) => [at(lo), at(hi)]);
}

/** Where each line starts (UTF-16 offsets): the first at 0, the others after each line break. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The line (from 0) that holds offset `at`. */
function lineAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Line `number`, its text `[lo, end)` (its line break at `end`, if any, drawn only when cut),
 * as pieces: all of it, or of a longer line `maxChars` UTF-16 units from just before its first
 * mark, a surrogate pair never split.
 */
function drawLine(
  text: string,
  runs: readonly Run[],
  number: number,
  lo: number,
  end: number,
  maxChars: number,
): ProgramLine {
  let first = firstRunEnding(runs, lo);
  let from = lo;
  let to = end;
  if (end - lo > maxChars) {
    const mark = runs[first];
    const focus = mark && mark.lo < end ? Math.max(lo, mark.lo) : lo;
    from = Math.max(lo, Math.min(focus - LEAD_CHARS, end - maxChars));
    to = Math.min(end, from + maxChars);
    if (from > lo && isLowSurrogate(text, from)) from--;
    if (to < end && isLowSurrogate(text, to)) to++;
    first = firstRunEnding(runs, from);
  }
  const pieces: Piece[] = [];
  const add = (piece: Piece) => {
    const last = pieces.at(-1);
    if (last && last.mark === piece.mark) last.text += piece.text;
    else if (piece.text !== '') pieces.push(piece);
  };
  let at = from;
  for (let k = first; k < runs.length && (runs[k] as Run).lo < to; k++) {
    const run = runs[k] as Run;
    if (run.lo > at) add({ text: text.slice(at, run.lo), mark: 'plain' });
    add({ text: text.slice(Math.max(at, run.lo), Math.min(run.hi, to)), mark: run.mark });
    at = Math.min(run.hi, to);
  }
  if (at < to) add({ text: text.slice(at, to), mark: 'plain' });
  // A cut line break is drawn (as ↵ when the cut holds nothing else); a kept one is not.
  const breaks = runs[firstRunEnding(runs, end)];
  if (to === end && end < text.length && breaks?.mark === 'cut' && breaks.lo <= end) {
    add({ text: '\n', mark: 'cut' });
  }
  for (const piece of pieces) {
    // A cut of white space alone is made visible; code keeps its spaces, as it reads.
    if (piece.mark === 'cut' && piece.text.trim() === '') {
      piece.text = Array.from(piece.text, (char) => VISIBLE[char] ?? char).join('');
    }
  }
  return {
    number,
    pieces,
    marked: pieces.some((piece) => piece.mark !== 'plain'),
    before: codePoints(text, lo, from),
    after: codePoints(text, to, end),
  };
}

/** The index of the first run that ends after offset `at` (`runs.length` when none does). */
function firstRunEnding(runs: readonly Run[], at: number): number {
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((runs[mid] as Run).hi > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function isLowSurrogate(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff;
}

/** How many code points `text` has in `[lo, hi)`. */
function codePoints(text: string, lo: number, hi: number): number {
  let count = 0;
  for (let i = lo; i < hi; i++) if (!isLowSurrogate(text, i)) count++;
  return count;
}

/**
 * How many of the first `count` frames (those shown so far, up to the cursor) are trials refused
 * because they no longer parse: never run, counted apart.
 */
export function unparsedBefore(frames: readonly Frame[], count: number): number {
  let refused = 0;
  for (const frame of frames.slice(0, Math.max(0, count))) {
    // A trial the cache answered was counted when it was first refused.
    if (frame.type === 'trial' && !frame.cached && frame.verdict.error?.name === UNPARSED)
      refused++;
  }
  return refused;
}
