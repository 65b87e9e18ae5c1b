import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../core/input/kinds.js';

/** A trial laid out for a command: what `{}` names, where the command runs, its stdin. */
export interface LaidTrial {
  /** The path `{}` in the command stands for. */
  path: string;
  /** The folder the command runs in. */
  cwd: string;
  /** What the command reads on its standard input. */
  stdin: string;
  /** Gives back what the trial held outside its folder (a worktree), once its command ended. */
  release?: () => void;
  /** Why the trial cannot be laid out (hunks that do not apply): INVALID, the command not run. */
  invalid?: string;
}

/**
 * How an external command meets a trial: the text in a file (`reduce --oracle-cmd`), a folder of
 * files, a git worktree. `lay` gets a fresh, empty folder of the trial's own, which is removed
 * once the command has ended.
 */
export interface TrialPlace {
  lay(input: Json, folder: string): LaidTrial | Promise<LaidTrial>;
  /** Removes what the place made outside the trials' folders; synchronous, safe to call twice. */
  dispose?(): void;
}

/**
 * The text of a trial in a file named `name` (the input file's, so that its extension still tells
 * what it is), given on stdin too; the command runs in the trial's folder.
 */
export function fileTrials(name: string): TrialPlace {
  return {
    lay: (input, folder) => {
      const path = join(folder, name);
      writeFileSync(path, input as string);
      return { path, cwd: folder, stdin: input as string };
    },
  };
}
