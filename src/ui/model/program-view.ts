import type { Span } from '../../core/input/edit.js';
import { UNPARSED } from '../../core/oracle/verdict.js';
import type { Frame } from '../../core/run/timeline.js';

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
}

/** White space made visible where a cut holds nothing else (else it would not show). */
const VISIBLE: Record<string, string> = { ' ': '·', '\t': '⇥', '\n': '↵' };

/**
 * A program's text as lines of marked pieces: the code points of `cut` (the trial's spans, in
 * order and apart) marked `cut`, and for a hoist the node kept in its ancestor's place (what lies
 * between the first span and the last) marked `hoisted`. At most `maxLines` lines; `hidden` counts
 * the rest.
 */
export function programLines(
  text: string,
  cut: readonly Span[] = [],
  hoist = false,
  maxLines = Number.POSITIVE_INFINITY,
): { lines: ProgramLine[]; hidden: number } {
  const chars = Array.from(text);
  const marks: PieceMark[] = new Array(chars.length).fill('plain');
  for (const [lo, hi] of cut) marks.fill('cut', lo, Math.min(hi, chars.length));
  const first = cut[0];
  const last = cut.at(-1);
  if (hoist && first && last && first !== last) {
    for (let i = first[1]; i < last[0]; i++) if (marks[i] === 'plain') marks[i] = 'hoisted';
  }
  const lines: ProgramLine[] = [];
  let line: ProgramLine = { number: 1, pieces: [], marked: false };
  let total = 1;
  const add = (char: string, mark: PieceMark) => {
    const piece = line.pieces.at(-1);
    if (piece && piece.mark === mark) piece.text += char;
    else line.pieces.push({ text: char, mark });
    if (mark !== 'plain') line.marked = true;
  };
  chars.forEach((char, i) => {
    const mark = marks[i] as PieceMark;
    if (char !== '\n') {
      add(char, mark);
      return;
    }
    if (mark === 'cut') add(char, mark);
    if (lines.length < maxLines) lines.push(line);
    total++;
    line = { number: total, pieces: [], marked: false };
  });
  if (lines.length < maxLines) lines.push(line);
  for (const { pieces } of lines) {
    for (const piece of pieces) {
      // A cut of white space alone is made visible; code keeps its spaces, as it reads.
      if (piece.mark === 'cut' && piece.text.trim() === '') {
        piece.text = Array.from(piece.text, (char) => VISIBLE[char] ?? char).join('');
      }
    }
  }
  return { lines, hidden: total - lines.length };
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
