import type { ResolvedCode } from '../core/code/refs.js';
import { KINDS } from '../core/input/kinds/registry.js';
import type { SessionConfig } from '../core/session/config.js';
import { changesCode, isolates } from '../core/session/task.js';
import { ChangesOracle } from './changes-oracle.js';
import { guessingFor } from './guessing.js';
import type { LiveOracle } from './live-oracle.js';
import { ParallelOracle } from './parallel-oracle.js';
import { createLiveOracle, type Platform } from './run-live.js';

/** Where a session's oracle runs its code: a platform's sandboxes, or a pool of them. */
export type Sandboxes = Pick<Platform, 'spawn' | 'transpile'>;

/** The oracle of one candidate/reference pair (or predicate): judging inputs, or code changes. */
export type PairOracle = LiveOracle | ChangesOracle;

/**
 * The oracle a session runs on, the same for the page's reducer worker and the command line:
 * `code` in sandboxes of `sandboxes`, each call given `config.budgets.callMs`.
 *
 * - When the session isolates, the code judges the empty input too: it is `dd`'s passing side by
 *   default (an empty configuration), so the code, not the problem's default INVALID, says
 *   whether it passes. A reduction never judges it.
 * - When its inputs are calls with several arguments (`kind: 'args'`), each is spread into the
 *   call.
 * - When it isolates a change of code (tasks `changes` and `history`), its inputs are versions of the
 *   candidate, each judged on the session's call (see {@link ChangesOracle}).
 * - With `jobs` > 1, that many pairs judge side by side, the trials the next outcomes call for
 *   ahead (see {@link ParallelOracle}).
 */
export function sessionOracle(
  config: SessionConfig,
  code: ResolvedCode,
  sandboxes: Sandboxes,
): PairOracle;
export function sessionOracle(
  config: SessionConfig,
  code: ResolvedCode,
  sandboxes: Sandboxes,
  jobs: number,
): PairOracle | ParallelOracle;
export function sessionOracle(
  config: SessionConfig,
  code: ResolvedCode,
  sandboxes: Sandboxes,
  jobs = 1,
): PairOracle | ParallelOracle {
  const pair = (): PairOracle => {
    const live = createLiveOracle(sandboxes, code, config.budgets.callMs, {
      judgeEmpty: isolates(config),
      spread: config.kind !== undefined && KINDS[config.kind].call,
    });
    return changesCode(config) ? new ChangesOracle(live, config.changes.input) : live;
  };
  if (jobs <= 1) return pair();
  return new ParallelOracle(Array.from({ length: jobs }, pair), guessingFor(config));
}
