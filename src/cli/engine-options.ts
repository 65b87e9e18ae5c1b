import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { integer, type Options } from './args.js';
import type { CommandTrials } from './command-oracle.js';
import { DEFAULT_RETRIES } from './lost-runs.js';
import { UsageError } from './usage-error.js';

/**
 * The options of a command oracle run through an engine that spreads runs over machines (Slurm's
 * `srun`, GNU parallel's `--sshlogin`): where trials go, and the exit status of a lost run.
 */
export const ENGINE_OPTIONS = {
  'trial-dir': { type: 'string' },
  'retry-exit': { type: 'string' },
  retries: { type: 'string' },
} as const satisfies Options;

/** Help lines for {@link ENGINE_OPTIONS}. */
export const ENGINE_HELP = `  --trial-dir DIR  make the trials' files in a fresh folder in DIR (one the machines that run
                   the test share) instead of the system's temporary folder; only that folder
                   is removed at the end (also on Ctrl-C and on errors)
  --retry-exit N   the exit status the engine that runs the test gives a run it lost (ssh:
                   255; srun: set SLURM_EXIT_ERROR=N): such a run is never judged, it runs again
  --retries K      with --retry-exit: how many times a lost trial runs again (default ${DEFAULT_RETRIES});
                   when all its runs are lost, the run stops and keeps its best result so far
                   (exit status 1)`;

/**
 * The trial folder and the retry rule the options give, checked before the run: DIR must be a
 * folder that can be written, `--retry-exit` an exit status from 1 to 255 other than
 * `invalidExit` (the status that means INVALID), `--retries` from 0 to 100.
 */
export function engineTrials(
  values: Record<string, unknown>,
  invalidExit: number | undefined,
): Pick<CommandTrials, 'under' | 'retry'> {
  const dir = values['trial-dir'];
  const exit = integer(values['retry-exit'], 'retry-exit');
  const retries = integer(values.retries, 'retries');
  if (exit !== undefined && (exit < 1 || exit > 255)) {
    throw new UsageError('--retry-exit must be an exit status from 1 to 255');
  }
  if (exit !== undefined && exit === invalidExit) {
    throw new UsageError(
      `--retry-exit and --invalid-exit are both ${exit}: a lost run cannot also be INVALID`,
    );
  }
  if (retries !== undefined && exit === undefined) {
    throw new UsageError('--retries goes with --retry-exit N (the exit status of a lost run)');
  }
  if (retries !== undefined && (retries < 0 || retries > 100)) {
    throw new UsageError('--retries must be from 0 to 100');
  }
  return {
    ...(typeof dir === 'string' ? { under: trialDir(dir) } : {}),
    ...(exit !== undefined ? { retry: { exit, retries: retries ?? DEFAULT_RETRIES } } : {}),
  };
}

/** `--trial-dir DIR` as an absolute path (the test runs elsewhere), once checked. */
function trialDir(dir: string): string {
  if (dir.trim() === '') throw new UsageError('--trial-dir needs a folder');
  let folder: boolean;
  try {
    folder = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`--trial-dir ${dir} does not exist`);
  }
  if (!folder) throw new UsageError(`--trial-dir ${dir} is not a folder`);
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw new UsageError(`--trial-dir ${dir} is not a folder deltalab can write in`);
  }
  return resolve(dir);
}
