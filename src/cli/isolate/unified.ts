import { FILE_HEADERS_ONLY, formatPatch, type StructuredPatchHunk } from 'diff';
import { diffValues } from '../../core/diff/bounded.js';
import type { DiffRun } from '../../core/diff/runs.js';

/** Lines of context around each change, the `diff` package's default. */
const CONTEXT = 4;

/**
 * A unified diff of one file from `old` to `now`, as `diff -u` writes it and as the `diff`
 * package's `createTwoFilesPatch` did (the same text, line for line), but of the bounded diff
 * (see `boundedDiff`): it takes time linear in the files' lengths, however much they differ.
 */
export function unifiedDiff(from: string, to: string, old: string, now: string): string {
  const [before, after] = [linesOf(old), linesOf(now)];
  const hunks = hunksOf(diffValues(before, after), before, after);
  const patch = { oldFileName: from, newFileName: to, oldHeader: undefined, newHeader: undefined };
  return formatPatch({ ...patch, hunks }, FILE_HEADERS_ONLY);
}

/** A text's lines, each with its line break (the last one may have none). */
function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((line) => `${line}\n`);
  const last = lines.pop() as string;
  if (!text.endsWith('\n')) lines.push(last.slice(0, -1));
  return lines;
}

/** A run of the diff with its lines. */
interface Part {
  kind: DiffRun['kind'];
  lines: string[];
}

/**
 * The hunks of a diff: each change with up to {@link CONTEXT} lines of context either side,
 * changes closer than twice that in one hunk; a last line without a line break is followed
 * by "\ No newline at end of file" (as the `diff` package writes them).
 */
function hunksOf(
  runs: readonly DiffRun[],
  before: string[],
  after: string[],
): StructuredPatchHunk[] {
  const parts: Part[] = [];
  let [i, j] = [0, 0];
  for (const { kind, count } of runs) {
    const lines = kind === 'removed' ? before.slice(i, i + count) : after.slice(j, j + count);
    parts.push({ kind, lines });
    if (kind !== 'added') i += count;
    if (kind !== 'removed') j += count;
  }
  // A last empty part closes the last hunk.
  parts.push({ kind: 'same', lines: [] });
  const hunks: StructuredPatchHunk[] = [];
  let [oldStart, newStart, oldLine, newLine] = [0, 0, 1, 1];
  let range: string[] = [];
  for (let k = 0; k < parts.length; k++) {
    const { kind, lines } = parts[k] as Part;
    if (kind !== 'same') {
      if (!oldStart) {
        // A hunk begins, with the context before it.
        range = (parts[k - 1]?.lines.slice(-CONTEXT) ?? []).map((line) => ` ${line}`);
        oldStart = oldLine - range.length;
        newStart = newLine - range.length;
      }
      for (const line of lines) range.push(`${kind === 'added' ? '+' : '-'}${line}`);
      if (kind === 'added') newLine += lines.length;
      else oldLine += lines.length;
      continue;
    }
    if (oldStart && lines.length <= CONTEXT * 2 && k < parts.length - 2) {
      // Close enough to the next change: one hunk.
      for (const line of lines) range.push(` ${line}`);
    } else if (oldStart) {
      const context = Math.min(lines.length, CONTEXT);
      for (const line of lines.slice(0, context)) range.push(` ${line}`);
      hunks.push({
        oldStart,
        oldLines: oldLine - oldStart + context,
        newStart,
        newLines: newLine - newStart + context,
        lines: range,
      });
      [oldStart, newStart, range] = [0, 0, []];
    }
    oldLine += lines.length;
    newLine += lines.length;
  }
  for (const hunk of hunks) {
    hunk.lines = hunk.lines.flatMap((line) =>
      line.endsWith('\n') ? [line.slice(0, -1)] : [line, '\\ No newline at end of file'],
    );
  }
  return hunks;
}
