import { basename } from 'node:path';
import type { HistoryTask } from '../../core/session/config.js';
import { readInput } from '../input-options.js';
import { UsageError } from '../usage-error.js';
import { changesIsolation } from './changes-form.js';

/** Help lines for the form that bisects a history of versions first (`--versions`). */
export const ISOLATE_HISTORY_HELP = `  --versions V1 V2 …  versions of the candidate's module, oldest first: they are bisected
                   as git bisect does (each judged on --call, one that does not load
                   skipped), then dd isolates the change between the last good version
                   and the first bad one; --module gives the reference (and today's code)`;

/**
 * The session config of `isolate --module M --versions V1 … Vn --call JSON`: a history bisected
 * first (`changes.versions`, labelled by file name), then the change between its last good and
 * first bad version isolated as `--changes` does; the oldest version is the passing side of the
 * header, the newest the failing one.
 */
export function historyIsolation(
  values: Record<string, unknown>,
  positionals: readonly string[],
): HistoryTask {
  const files = [values.versions as string, ...positionals];
  if (files.length < 2) throw new UsageError('--versions needs two versions or more, oldest first');
  const sources = files.map((file) => readInput(file, '--versions').toString('utf8'));
  const { versions: _, ...rest } = values;
  const config = changesIsolation({ ...rest, changes: files[0] });
  const newest = sources.at(-1) as string;
  return {
    ...config,
    task: 'history',
    input: newest,
    isolate: { ...config.isolate, pass: sources[0] as string },
    changes: {
      ...config.changes,
      versions: files.map((file, i) => ({
        code: sources[i] as string,
        label: basename(file).slice(0, 40),
      })),
    },
  };
}
