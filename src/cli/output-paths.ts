import { realpathSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './usage-error.js';

/** The options that name a file (or a folder) a command reads. */
const INPUTS = ['input-file', 'pass-file', 'fail-file', 'module', 'changes', 'versions'];

/** The options that name a file (or a new folder) a command writes. */
const OUTPUTS = ['record', 'output', 'output-pass', 'output-fail'];

/** A path given on the command line, and the option that gave it. */
interface Named {
  option: string;
  path: string;
}

/** Where a path is, as files go: its real path (links followed) and, when it is there, its stats. */
interface Place extends Named {
  real: string;
  stats?: Stats;
}

/**
 * Refuses, in one line and before anything runs, a command whose outputs (`--record`,
 * `--output`, `--output-pass`, `--output-fail`) would write over one of its inputs
 * (`--input-file`, `--pass-file`, `--fail-file`, `--module`, `--changes`, `--versions` and the
 * versions after it) or over each other. Paths are compared as files: resolved, symbolic links
 * followed (of an output not there yet, its folder's), hard links by device and inode; an
 * output inside an input folder, or an input inside an output, is refused too. An output must
 * go into a folder that is there, and must not be a folder that is there.
 */
export function checkOutputs(
  values: Record<string, unknown>,
  positionals: readonly string[] = [],
): void {
  const named = (options: readonly string[]): Named[] =>
    options.flatMap((option) => {
      const path = values[option];
      return typeof path === 'string' ? [{ option: `--${option}`, path }] : [];
    });
  const outputs = named(OUTPUTS).map(outputPlace);
  if (outputs.length === 0) return;
  const versions = values.versions !== undefined ? positionals : [];
  const inputs = [
    ...named(INPUTS),
    ...versions.map((path) => ({ option: '--versions', path })),
  ].flatMap((input) => placeOf(input) ?? []);
  outputs.forEach((output, i) => {
    for (const input of inputs) clash(output, input, 'the input');
    for (const other of outputs.slice(0, i)) clash(output, other, 'the output');
  });
}

/**
 * An output's place: its own when it is there (it must not be a folder), else its folder's,
 * which must be there, with its name.
 */
function outputPlace({ option, path }: Named): Place {
  const found = placeOf({ option, path });
  if (found) {
    if (found.stats?.isDirectory()) {
      throw new UsageError(`${option} ${path} is a folder that is there already: give a new path`);
    }
    return found;
  }
  let folder: string;
  try {
    folder = realpathSync(dirname(resolve(path)));
  } catch {
    throw new UsageError(`${option} ${path}: no such folder`);
  }
  return { option, path, real: join(folder, basename(resolve(path))) };
}

/** The real path and stats of a path that is there (links followed); none otherwise (an input's
 * reader then says so). */
function placeOf({ option, path }: Named): Place | undefined {
  try {
    const real = realpathSync(path);
    return { option, path, real, stats: statSync(real) };
  } catch {
    return undefined;
  }
}

/** Refuses `output` when it is the same file as `other`, inside it, or holds it. */
function clash(output: Place, other: Place, what: string): void {
  const said = `${output.option} ${output.path}`;
  const theirs = `${what} ${other.option} ${other.path}`;
  const linked =
    output.stats !== undefined &&
    other.stats !== undefined &&
    output.stats.dev === other.stats.dev &&
    output.stats.ino === other.stats.ino;
  if (output.real === other.real || linked) {
    const hint =
      output.option === '--output' && other.option === '--input-file'
        ? '--in-place writes over it'
        : 'give another path';
    throw new UsageError(`${said} is the same file as ${theirs}: ${hint}`);
  }
  if (inside(output.real, other.real)) {
    throw new UsageError(`${said} is inside ${theirs}: give a path outside it`);
  }
  if (inside(other.real, output.real)) {
    throw new UsageError(`${said} holds ${theirs}: give another path`);
  }
}

/** Whether `path` is inside the folder `folder` (both real, absolute paths). */
function inside(path: string, folder: string): boolean {
  const way = relative(folder, path);
  return way !== '' && way !== '..' && !way.startsWith(`..${sep}`) && !isAbsolute(way);
}
