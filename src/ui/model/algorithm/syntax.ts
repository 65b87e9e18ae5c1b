import { cutSize } from '../../../core/input/edit.js';
import type { Frame } from '../../../core/run/timeline.js';
import {
  type AlgorithmStep,
  callsAt,
  edgeStep,
  judgedVars,
  type Listing,
  lineOf,
  NO_STEP,
} from './listing.js';

/**
 * The `attempt` every syntax move goes through (`src/core/reduce/syntax/sweeps.ts`), as the
 * syntax reducer's and the pipeline's listings end.
 */
export const ATTEMPT: readonly string[] = [
  'function* attempt(move, ranges, granularity) {',
  '  const made = program.cut(ranges);',
  "  const judged = yield { input: made.input, edit: { op: 'cut', spans: made.spans }, move, granularity };",
  '  if (!judged.chased) return false;',
  '  program.accept(ranges);',
  '  return true;',
  '}',
];

/**
 * The syntax reducer's rounds and its `attempt` as `src/core/reduce/syntax/syntax.ts` has them,
 * types, the trials' look-ahead and the cache of trials tried left out.
 */
export const SYNTAX: readonly string[] = [
  'function* syntax(text, tree) {',
  '  const program = new Program(text);',
  '  const root = tree ? syntaxNodes(tree) : lexTree(text);',
  '  for (;;) {',
  '    let changed = false;',
  "    if (!tree && (yield* sweep('lines', () => lines(program)))) changed = true;",
  '    for (const level of levels(root)) {',
  "      if (yield* sweep('subtrees', () => deletions(level, program))) changed = true;",
  '    }',
  "    if (yield* oneByOne('hoist', () => hoists(root, program))) changed = true;",
  '    for (const size of windows) {',
  "      if (yield* oneByOne('tokens', () => windowsOf(tokens(root, program), size))) changed = true;",
  '    }',
  "    for (const move of ['shorten', 'join']) {",
  "      if (yield* sweep('space', () => spaces(program, move))) changed = true;",
  '    }',
  '    if (!changed) break;',
  '  }',
  '  return { reduced: program.text(), deletionOnly: true };',
  '}',
  '',
  ...ATTEMPT,
];

/** {@link SYNTAX} as the pane shows it. */
export const SYNTAX_LISTING: Listing = {
  name: 'syntax',
  language: 'ts',
  file: 'src/core/reduce/syntax/syntax.ts',
  lines: SYNTAX,
};

/** The lines a syntax run's frames stop at, in a listing that has them (the pipeline's too). */
function linesOf(lines: readonly string[]) {
  return {
    start: lineOf(lines, 'const program = new Program(text);'),
    end: lineOf(lines, 'return { reduced: program.text(), deletionOnly: true };'),
    test: lineOf(
      lines,
      "const judged = yield { input: made.input, edit: { op: 'cut', spans: made.spans }, move, granularity };",
    ),
    accept: lineOf(lines, 'program.accept(ranges);'),
    reject: lineOf(lines, 'if (!judged.chased) return false;'),
  } as const;
}

/** A program's length in code points, as the reducer counts it. */
const length = (text: unknown): string => String(Array.from(String(text)).length);

/**
 * Where a frame of a syntax run is in {@link SYNTAX}. A trial stops in `attempt`: at the `yield`
 * while veiled, else at `program.accept(ranges)` when it was accepted and at the `return false`
 * test when not; its variables are the move, the spans cut and how many code points they hold.
 */
export function syntaxStep(
  frame: Frame | undefined,
  veiled = false,
  listing: Listing = SYNTAX_LISTING,
): AlgorithmStep {
  const LINE = linesOf(listing.lines);
  if (!frame || frame.type === 'found') return NO_STEP;
  const edge = edgeStep(
    frame,
    listing,
    LINE,
    (input) => [['text.length', length(input)]],
    (reduced) => [['program.text().length', length(reduced)]],
  );
  if (edge || frame.type !== 'trial') return edge ?? NO_STEP;
  const { row } = frame;
  const spans = row.cut ?? [];
  const move = row.move ?? 'subtrees';
  return {
    listing,
    line: veiled ? LINE.test : row.accepted ? LINE.accept : LINE.reject,
    vars: [
      ...(row.stage !== undefined ? [['stage', `"${row.stage}"`] as [string, string]] : []),
      ['move', `"${move}"`],
      ['made.spans', JSON.stringify(spans)],
      ...(row.granularity !== undefined
        ? [['granularity', String(row.granularity)] as [string, string]]
        : []),
      ['calls', callsAt(frame, veiled)],
      ...judgedVars(frame, veiled),
    ],
    note: { key: `algorithm.note.${move}`, values: { count: cutSize(spans), spans: spans.length } },
  };
}
