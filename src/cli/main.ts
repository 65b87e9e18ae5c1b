import type { StartedSandbox } from '../../workers/process/sandbox-process.js';
import { startSpares, stopSpares } from '../../workers/process/spawn-node.js';
import { messageOf } from '../core/text/error-text.js';
import { printable } from '../core/text/printable.js';
import { sparesWanted } from './spares.js';
import { EXIT, UsageError } from './usage-error.js';

const HELP = `Usage: deltalab <command> [options]

Delta Lab on the command line: generate seeded inputs, reduce failing ones, isolate what makes
an input (a file, a folder, a commit) fail, verify reducers, replay recorded sessions.

Commands:
  generate   print seeded random inputs (CPython-compatible)
  reduce     find a failing input and reduce it to a 1-minimal counterexample
  isolate    narrow the difference between a passing and a failing input (two versions of a
             file or folder, two commits) to a 1-minimal failure-inducing difference (dd)
  verify     check every reduction over all small inputs (--exhaustive)
  replay     replay a recorded session without running any code

Environment:
  DELTALAB_CACHE_DIR   where JavaScript made from JS/TS code is kept for later runs, and
                       which containment works here (default $XDG_CACHE_HOME/deltalab or
                       ~/.cache/deltalab; 'off': nowhere)
  DELTALAB_CONTAINMENT what keeps sandbox processes in, besides Node's permission model:
                       auto (default: bwrap, else unshare, else none), bwrap, unshare, none
  DELTALAB_UNCONTAINED_PYTHON
                       1: run Python code even where nothing contains its sandbox (only
                       code you trust: through Pyodide it reaches the network and signals)

Run \`deltalab <command> --help\` for a command's options.`;

/** A command: its arguments and where it writes its output; resolves to the exit status. */
type Command = (args: string[], out: (text: string) => void) => number | Promise<number>;

/**
 * Each command is imported only when it runs, so that a command runs none of what it does not
 * use (`generate` neither the compiler nor the sandboxes, `replay` no sandbox). In the bundle
 * (one file, with its code cache: see entry.ts) a module's top level runs when it is imported.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  generate: () => import('./commands/generate.js').then((m) => m.generate),
  reduce: () => import('./commands/reduce.js').then((m) => m.reduce),
  isolate: () => import('./commands/isolate.js').then((m) => m.isolate),
  verify: () => import('./commands/verify.js').then((m) => m.verify),
  replay: () => import('./commands/replay.js').then((m) => m.replay),
};

/**
 * Runs the command line `args`; resolves to the exit status. `started` are the sandbox processes
 * the entry started for it before loading this bundle (see entry.ts): they are its first spares.
 */
export async function main(
  args: string[],
  started: readonly StartedSandbox[] = [],
): Promise<number> {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  try {
    if (!load) throw new UsageError(`unknown command "${command}"; try deltalab --help`);
    // The sandboxes a run will want: those the entry started come first, the rest (if any: a
    // caller of main that is not the entry) start now, side by side with loading the command.
    startSpares(sparesWanted(command, rest), started);
    const run = await load();
    return await run(rest, out);
  } catch (error) {
    // Every failure is one line, escaped: never a stack trace, never a file's raw bytes.
    process.stderr.write(`deltalab: ${printable(messageOf(error))}\n`);
    return error instanceof UsageError ? EXIT.usage : EXIT.failed;
  } finally {
    stopSpares();
  }
}
