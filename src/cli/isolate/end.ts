import { isChased } from '../../core/oracle/chase.js';
import type { Verdict } from '../../core/oracle/verdict.js';
import type { IsolatingTask } from '../../core/session/config.js';
import type { StoredVerdict } from '../../core/session/events.js';
import { writeRecord } from '../write-file.js';
import type { LiveIsolation } from './live.js';
import { type IsolationFormat, isolationHistory, printIsolation } from './report.js';

/**
 * Prints an isolation that ran (and writes its session with `--record`); returns the exit
 * status, 130 when Ctrl-C stopped it.
 */
export function finish(
  live: LiveIsolation,
  config: IsolatingTask,
  values: Record<string, unknown>,
  format: IsolationFormat,
  out: (text: string) => void,
): number {
  const { summary, session, trials } = live;
  if (typeof values.record === 'string') writeRecord(values.record, session, values.raw === true);
  const history = isolationHistory(values.history, config);
  const code = printIsolation(summary, config, trials, format, history, out);
  if (live.stopped) {
    process.stderr.write(
      summary.isolation
        ? 'deltalab: stopped by Ctrl-C: the sides so far are shown, not verified 1-minimal\n'
        : 'deltalab: stopped by Ctrl-C before isolating began\n',
    );
    return 130;
  }
  return code;
}

/**
 * Why an isolation did not start, in one line: which side is wrong, and what its verdict says
 * (`said` puts that in words). `names` are the sides as the command line gave them.
 */
export function refusal(
  live: LiveIsolation,
  config: IsolatingTask,
  names: { fail: string; pass: string },
  said: (verdict: StoredVerdict) => string,
): string {
  const { fail, pass } = live.confirmed;
  const chased = (verdict: StoredVerdict) => isChased(verdict as Verdict, config.chase);
  // A passing side equal to the failing one is judged once: its verdict is the failing side's.
  const passing = pass ?? (fail && chased(fail) ? fail : undefined);
  if (!passing) return `${names.fail} does not fail: ${fail ? said(fail) : live.summary.message}`;
  if (chased(passing)) {
    return `${names.pass} fails too: there is no difference to isolate (${said(passing)})`;
  }
  return `${names.pass} does not pass: ${said(passing)}`;
}
