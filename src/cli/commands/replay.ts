import { openAsBlob, statSync } from 'node:fs';
import { replaySession } from '../../core/replay/replay.js';
import { ReplayError } from '../../core/replay/replay-oracle.js';
import { isolationOf, reductionOf } from '../../core/run/run.js';
import { SessionFormatError } from '../../core/session/format/reader.js';
import { isolates } from '../../core/session/task.js';
import { printable } from '../../core/text/printable.js';
import { readSource } from '../../live/session-source.js';
import { parse } from '../args.js';
import { isolationHistory, printIsolation, type TrialMessage } from '../isolate/report.js';
import { historyDetail, report } from '../summary-output.js';
import { UsageError } from '../usage-error.js';

export const REPLAY_HELP = `Usage: deltalab replay FILE [--format json|text] [--history full|summary|none]

Replays a recorded session without running any code: the recorded verdicts are served to the
reducer in order, and the same JSON summary as \`deltalab reduce\` is printed (of an isolation,
the same JSON as \`deltalab isolate\` printed; --format text draws each dd trial).

Exit status: 0 replayed and verified, 1 the replay diverged from or ran past the recording,
2 bad usage or a malformed file (the message names the line).`;

/** `deltalab replay FILE`. */
export async function replay(args: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parse(
    args,
    { format: { type: 'string' }, history: { type: 'string' }, help: { type: 'boolean' } },
    true,
  );
  if (values.help) {
    out(REPLAY_HELP);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('give exactly one session file to replay');
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'text') throw new UsageError(`unknown --format "${format}"`);
  let blob: Blob;
  try {
    // Opening a blob says neither that a file is not there nor that it is a folder: asked first.
    if (statSync(file).isDirectory()) throw new UsageError(`cannot read ${file}: a folder`);
    // Read as it streams in, never held whole.
    blob = await openAsBlob(file);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? error)}`,
    );
  }
  try {
    const session = await readSource(blob);
    const trials: TrialMessage[] = [];
    const { summary } = await replaySession(session, {
      keep: false,
      onMessage: (message) => {
        if (message.type === 'trial') trials.push(message);
      },
    });
    const { config } = session.header;
    if (isolates(config)) {
      const history = isolationHistory(values.history, config);
      return printIsolation(isolationOf(summary), config, trials, format, history, out);
    }
    const reduction = reductionOf(summary);
    return report(reduction, format, out, historyDetail(values.history), reduction);
  } catch (error) {
    if (error instanceof SessionFormatError) throw new UsageError(`${file}: ${error.message}`);
    if (error instanceof ReplayError) {
      process.stderr.write(`deltalab: ${printable(error.message)}\n`);
      return 1;
    }
    throw error;
  }
}
