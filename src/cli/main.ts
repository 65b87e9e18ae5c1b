import { messageOf } from '../core/text/error-text.js';
import { printable } from '../core/text/printable.js';
import { generate } from './commands/generate.js';
import { reduce } from './commands/reduce.js';
import { replay } from './commands/replay.js';
import { verify } from './commands/verify.js';
import { EXIT, UsageError } from './usage-error.js';

const HELP = `Usage: deltalab <command> [options]

Delta Lab on the command line: generate seeded inputs, reduce failing ones, verify reducers,
replay recorded sessions.

Commands:
  generate   print seeded random inputs (CPython-compatible)
  reduce     find a failing input and reduce it to a 1-minimal counterexample
  verify     check every reduction over all small inputs (--exhaustive)
  replay     replay a recorded session without running any code

Run \`deltalab <command> --help\` for a command's options.`;

const COMMANDS: Record<
  string,
  (args: string[], out: (text: string) => void) => number | Promise<number>
> = {
  generate,
  reduce,
  verify,
  replay,
};

/** Runs the command line `args`; resolves to the exit status. */
export async function main(args: string[]): Promise<number> {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const run = COMMANDS[command];
  // Ended from outside (Ctrl-C, a kill): exit through 'exit', which ends every sandbox process.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      // A command that stops cleanly on Ctrl-C (`reduce --oracle-cmd`) listens for it itself.
      if (process.listenerCount(signal) > 0) return;
      process.stderr.write(`deltalab: stopped by ${signal}\n`);
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
  try {
    if (!run) throw new UsageError(`unknown command "${command}"; try deltalab --help`);
    return await run(rest, out);
  } catch (error) {
    // Every failure is one line, escaped: never a stack trace, never a file's raw bytes.
    process.stderr.write(`deltalab: ${printable(messageOf(error))}\n`);
    return error instanceof UsageError ? EXIT.usage : EXIT.failed;
  }
}
