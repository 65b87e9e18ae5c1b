import { KINDS } from '../../src/core/input/kinds/registry.js';
import type { CompareRow } from '../../src/core/reduce/compare-reducers.js';
import { compareReducers } from '../../src/core/reduce/compare-reducers.js';
import { Cancelled, stepThrough } from '../../src/core/reduce/runner.js';
import { LiveOracle } from '../../src/live/live-oracle.js';
import type { Platform } from '../../src/live/run-live.js';
import { type ParsedProgram, programOf } from '../../src/live/syntax/parse-program.js';
import type { CompareReply, CompareRequest } from '../../src/protocol/reducer.js';
import { failureOf } from './failure.js';

/**
 * Reduces one failure with each reducer asked for (or each split of a text), live, in sandboxes
 * of its own (ended when the comparison ends). Each finished row is told as it comes;
 * `cancelled` stops it at its next call, and the sandboxes handed to `hold` can be ended at once.
 */
export async function runCompare(
  platform: Platform,
  request: CompareRequest,
  progress: (rows: readonly CompareRow[]) => void,
  cancelled: () => boolean,
  hold: (stop: () => void) => void = () => {},
): Promise<CompareReply> {
  let program: ParsedProgram | undefined;
  try {
    // A comparison by splits with a syntax row: the program parsed before any sandbox starts.
    const { splits, language, input } = request;
    const split = splits?.includes('syntax') ? 'syntax' : undefined;
    program = await programOf({ split, language, input }, platform.grammars, cancelled);
  } catch (error) {
    if (error instanceof Cancelled) return { ok: false, cancelled: true };
    return { ok: false, failure: failureOf(error) };
  }
  const oracle = new LiveOracle(request.code, {
    spawn: (role, runtime) => platform.spawn(role, runtime),
    callMs: request.callMs,
    transpile: platform.transpile,
    // A call's arguments are spread into the call, as in the run it compares.
    ...(KINDS[request.shape.kind].call ? { spread: true } : {}),
  });
  hold(() => oracle.dispose());
  try {
    const errors = await oracle.load();
    if (cancelled()) return { ok: false, cancelled: true };
    if (errors.length > 0) return { ok: false, errors };
    const rows = await stepThrough(
      compareReducers(request.input, request.reducers, {
        shape: request.shape,
        chase: request.chase,
        cache: request.cache,
        ...(request.splits ? { splits: request.splits } : {}),
        ...program,
        onRow: progress,
      }),
      oracle,
      cancelled,
    );
    return { ok: true, rows };
  } catch (error) {
    if (error instanceof Cancelled || cancelled()) return { ok: false, cancelled: true };
    return { ok: false, failure: failureOf(error) };
  } finally {
    oracle.dispose();
  }
}
