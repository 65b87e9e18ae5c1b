import { type Language, languageOfExtension } from '../../../core/code/runtimes/registry.js';
import type { Json } from '../../../core/input/kinds.js';
import { blockAt } from '../../../core/reduce/blocks.js';
import type { Frame } from '../../../core/run/timeline.js';
import { endInput } from '../../../core/session/events.js';
import type { MessageKey } from '../../i18n/i18n.js';

/** A reducer's loop as the pane shows it: its lines, the language they are in, where they live. */
export interface Listing {
  /** The function the listing starts with (`reduce_failure`, `ddmin`, …). */
  name: string;
  language: Language;
  /**
   * The source file the listing renders: a twin of it (names simplified) when the listing is in
   * the file's language, else a rendering in another (the article's Python of `chunks`).
   */
  file: string;
  lines: readonly string[];
}

/** Whether `listing` is a twin of its source file: in the file's own language. */
export function isTwin(listing: Listing): boolean {
  const { file } = listing;
  return languageOfExtension(file.slice(file.lastIndexOf('.'))) === listing.language;
}

/** A sentence about the trial a frame stops at, as a UI text and its values. */
export interface StepNote {
  key: MessageKey;
  /** `block`, when present, is a 0-based block index the pane names as the cells do. */
  values: Record<string, string | number>;
}

/**
 * Where a frame is in a reducer's loop: the listing shown, the line (1-based) the frame stops at,
 * the variables' values there, and what the trial does.
 */
export interface AlgorithmStep {
  listing: Listing | null;
  line: number | null;
  vars: [name: string, value: string][];
  note?: StepNote;
}

/** A frame of no reducer's loop (the search for a failure): nothing to show. */
export const NO_STEP: AlgorithmStep = { listing: null, line: null, vars: [] };

/**
 * The 1-based number of the first line of `lines`, at or after line `after`, that reads `text`
 * once trimmed. Throws when there is none: a listing and its step function must agree.
 */
export function lineOf(lines: readonly string[], text: string, after = 1): number {
  const index = lines.findIndex((line, i) => i + 1 >= after && line.trim() === text);
  if (index < 0) throw new Error(`no line "${text}" at or after line ${after}`);
  return index + 1;
}

/**
 * The step of a run's confirmation or its end, the same in every reducer's loop: the line it
 * starts or returns at, what `start` or `end` names of the input there, and the calls so far.
 * Null for any other frame.
 */
export function edgeStep(
  frame: Frame,
  listing: Listing,
  lines: { start: number; end: number },
  start: (input: Json) => [string, string][],
  end: (reduced: Json, frame: Extract<Frame, { type: 'end' }>) => [string, string][],
): AlgorithmStep | null {
  if (frame.type === 'confirmed') {
    return { listing, line: lines.start, vars: [...start(frame.input), ['calls', '1']] };
  }
  if (frame.type === 'end') {
    const vars = end(endInput(frame.end) ?? null, frame);
    return { listing, line: lines.end, vars: [...vars, ['calls', String(frame.end.calls)]] };
  }
  return null;
}

/** A trial frame. */
export type TrialFrame = Extract<Frame, { type: 'trial' }>;

/**
 * The calls counted at a trial: a veiled trial is paused before its test runs, so it is not
 * counted yet.
 */
export function callsAt(frame: TrialFrame, veiled: boolean): string {
  return String(veiled ? frame.counters.calls - 1 : frame.counters.calls);
}

/** The verdict a TypeScript reducer receives, as variables (none while veiled). */
export function judgedVars(frame: TrialFrame, veiled: boolean): [string, string][] {
  if (veiled) return [];
  return [
    ['judged.outcome', `"${frame.row.outcome}"`],
    ['judged.chased', String(frame.row.accepted)],
  ];
}

/**
 * A block trial's variables as the TypeScript reducers name them: `parts`, the block `i` that
 * the recorded `lo`..`hi` is in an input of `length` units, `lo`, `hi`, the calls and the verdict.
 */
export function blockVars(
  frame: TrialFrame,
  veiled: boolean,
  length: number,
  [lo, hi]: readonly [number, number],
): { i: number; parts: number; vars: [string, string][] } {
  const parts = frame.row.granularity ?? 1;
  const i = blockAt(lo, parts, length);
  return {
    i,
    parts,
    vars: [
      ['parts', String(parts)],
      ['i', String(i)],
      ['lo', String(lo)],
      ['hi', String(hi)],
      ['calls', callsAt(frame, veiled)],
      ...judgedVars(frame, veiled),
    ],
  };
}

/** A JSON value as a variable shows it. */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
