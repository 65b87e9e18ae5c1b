import type { Json, Shape } from '../input/kinds.js';
import { IsolateError, type IsolateEvent, type IsolateResult, isolate } from '../isolate/drive.js';
import { rangesOf } from '../isolate/ranges.js';
import { Cancelled, type Steps } from '../reduce/runner.js';
import type { IsolatingTask } from '../session/config.js';
import type { EndEvent, EventBody } from '../session/events.js';
import { type IsolateSummary, type RunOptions, storedVerdict } from './summary.js';

/**
 * The isolating half of a session (see `runSession`): the failing input `start` against the
 * config's passing input, by `isolate`, every step told as a session event, ended by an `end`
 * event whose `fail` is the failing side found and `pass` the passing one.
 */
export function* runIsolation(
  config: IsolatingTask,
  start: Json,
  shape: Shape,
  emit: (event: EventBody) => void,
  summary: IsolateSummary,
  options: RunOptions,
): Steps<IsolateSummary> {
  const end = (status: EndEvent['status'], message?: string, result?: IsolateResult) => {
    summary.status = status;
    if (message) summary.message = message;
    emit({
      type: 'end',
      status,
      ...(message ? { message } : {}),
      ...(result ? { fail: result.fail, pass: result.pass } : {}),
      ...(result ? { difference: result.difference.length } : {}),
      calls: result?.counters.calls ?? summary.calls,
      executions: result?.counters.executions ?? summary.executions,
      cacheHits: result?.counters.cacheHits ?? 0,
      verifyExecutions: result?.verifyExecutions ?? 0,
      ...(result ? { stopped: result.stopped } : {}),
      verified: result?.verification.verified ?? false,
    });
    return summary;
  };
  const record = (event: IsolateEvent): void => {
    switch (event.type) {
      case 'call':
        emit({
          type: 'call',
          phase: event.phase === 'find' ? 'confirm' : event.phase,
          execution: event.execution,
          input: event.input,
          ...(event.side ? { side: event.side } : {}),
          ...storedVerdict(event.verdict),
        });
        return;
      case 'confirmed':
        summary.calls = event.counters.calls;
        summary.executions = event.counters.executions;
        return;
      case 'trial': {
        const { row } = event;
        emit({
          type: 'isolation',
          trial: event.trial,
          move: row.move,
          moved: row.moved,
          granularity: row.granularity,
          block: row.block,
          blockSize: row.blockSize,
          size: row.size,
          outcome: row.outcome,
          cached: event.cached,
          pass: rangesOf(event.sides.pass),
          fail: rangesOf(event.sides.fail),
        });
        return;
      }
      case 'verified': {
        const { counterexample: _, ...verification } = event.verification;
        emit({ type: 'isolated', ...verification });
        return;
      }
    }
  };

  let result: IsolateResult;
  try {
    result = yield* isolate(config.isolate.pass, start, {
      mode: config.isolate.mode,
      shape,
      chase: config.chase,
      cache: config.cache,
      ...(config.budgets.maxTrials !== undefined ? { maxTrials: config.budgets.maxTrials } : {}),
      ...(config.budgets.maxMs !== undefined ? { maxMs: config.budgets.maxMs } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(config.verify === false ? { verify: false } : {}),
      ...(config.isolate.replace ? { replace: true } : {}),
      onEvent: record,
    });
  } catch (error) {
    if (error instanceof IsolateError) return end('not-failing', error.message);
    if (error instanceof Cancelled) return end('cancelled', 'cancelled before isolating began');
    throw error;
  }
  const { expected, actual } = result.failVerdict;
  Object.assign(summary, {
    ...(summary.expected === undefined && expected !== undefined ? { expected } : {}),
    ...(summary.actual === undefined && actual !== undefined ? { actual } : {}),
    calls: result.counters.calls,
    executions: result.counters.executions,
    cacheHits: result.counters.cacheHits,
    verified: result.verification.verified,
    stopped: result.stopped,
    isolation: {
      mode: result.mode,
      startPass: result.startPass,
      pass: result.pass,
      fail: result.fail,
      ...(expected !== undefined ? { failExpected: expected } : {}),
      ...(actual !== undefined ? { failActual: actual } : {}),
      difference: result.difference,
      verification: result.verification,
    },
  });
  return end(result.stopped === 'cancelled' ? 'cancelled' : 'isolated', undefined, result);
}
