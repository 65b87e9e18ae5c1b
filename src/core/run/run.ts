import { type FindResult, find } from '../generate/find.js';
import type { VersionBisectResult } from '../history/version-bisect.js';
import { KINDS } from '../input/kinds/registry.js';
import { copyInput, type Json, namedKind, shapeOf } from '../input/kinds.js';
import { sizeOf } from '../input/value.js';
import { UNPARSED } from '../oracle/verdict.js';
import { type DriveEvent, type DriveResult, drive, ReduceError } from '../reduce/driver.js';
import { Cancelled, type Steps } from '../reduce/runner.js';
import { DEFAULT_MAX_ATTEMPTS, type SessionConfig } from '../session/config.js';
import type { EndEvent, EventBody, SessionEvent } from '../session/events.js';
import { inCanonicalOrder } from '../session/format/json-line.js';
import type { HistoryVersion } from '../session/isolation-config.js';
import { runIsolation } from './isolate-run.js';
import {
  type IsolateSummary,
  type ReduceSummary,
  type RunOptions,
  type RunSummary,
  storedVerdict,
} from './summary.js';
import { runVersionBisection, unpairedReason } from './version-bisect-run.js';

export {
  type IsolateSummary,
  isolationOf,
  type ReduceSummary,
  type RunOptions,
  type RunSummary,
  reductionOf,
  storedVerdict,
} from './summary.js';

/**
 * A whole session as a step coroutine: find a failing input (or take the given one), reduce
 * it, verify the result, and report every step as a {@link SessionEvent}. Run it against a live
 * oracle to record, or against a replay oracle to replay; nothing else differs.
 */
export function* runSession(config: SessionConfig, options: RunOptions = {}): Steps<RunSummary> {
  let seq = 0;
  const emit = (event: EventBody): void => {
    // Every event is a fresh object: numbered in place, not copied (a search emits thousands).
    const numbered = event as EventBody & { seq: number };
    numbered.seq = ++seq;
    options.onEvent?.(numbered as SessionEvent);
  };
  const common = {
    status: 'reduced' as const,
    calls: 0,
    executions: 0,
    cacheHits: 0,
    verified: false,
    ...(config.kind ? namedKind(config.kind) : {}),
    ...(config.kind && KINDS[config.kind].splits ? { split: config.split ?? 'chars' } : {}),
  };
  const summary: RunSummary =
    config.task === 'reduce'
      ? { task: 'reduce', reducer: config.reducer, history: [], ...common }
      : { task: config.task, ...common };
  const end = (status: EndEvent['status'], message?: string, result?: DriveResult): RunSummary => {
    summary.status = status;
    if (message) summary.message = message;
    const counters = result?.counters;
    const event: EventBody = {
      type: 'end',
      status,
      ...(message ? { message } : {}),
      ...(config.task === 'reduce' ? { reducer: config.reducer } : {}),
      ...(result ? { reduced: result.reduced } : {}),
      calls: counters?.calls ?? summary.calls,
      executions: counters?.executions ?? summary.executions,
      cacheHits: counters?.cacheHits ?? 0,
      verifyExecutions: result?.verification.executions ?? 0,
      ...(result ? { stopped: result.stopped, deletionOnly: result.deletionOnly } : {}),
      verified: result?.verification.verified ?? false,
    };
    emit(event);
    return summary;
  };

  const shape = shapeOf(config);
  let start: Json;
  try {
    if (config.input !== undefined) {
      // Members in the order a session keeps them: a live run and a run of its recording then
      // see the same objects, and a tree's nodes are counted the same way in both.
      start = shape.kind === 'int-array' ? copyInput(config.input) : inCanonicalOrder(config.input);
    } else {
      if (!config.generator) throw new Error('the session has neither an input nor a generator');
      summary.seed = config.generator.seed;
      const found: FindResult = yield* find({
        generator: config.generator,
        kind: shape.kind,
        maxAttempts: config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        chase: config.chase,
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        ...(config.budgets.searchMs !== undefined && options.clock
          ? { maxMs: config.budgets.searchMs, clock: options.clock }
          : {}),
        onEvent: ({ attempt, input, verdict }) =>
          emit(
            // Most attempts pass: their stored verdict is the outcome alone.
            verdict.outcome === 'PASS' && !verdict.flaky
              ? { type: 'attempt', attempt, input, outcome: 'PASS' }
              : {
                  type: 'attempt',
                  attempt,
                  input,
                  ...storedVerdict(verdict, verdict.outcome !== 'PASS'),
                },
          ),
      });
      summary.attempts = found.attempts;
      if (!found.found) {
        emit({
          type: 'not-found',
          attempts: found.attempts,
          message: found.message,
          outcomes: found.outcomes,
          ...(found.timedOut ? { timedOut: true } : {}),
        });
        return end('not-found', found.message);
      }
      emit({ type: 'found', attempt: found.attempts, input: found.input });
      start = found.input;
      summary.expected = found.verdict.expected;
      summary.actual = found.verdict.actual;
    }
  } catch (error) {
    if (error instanceof Cancelled) return end('cancelled', 'cancelled during the search');
    throw error;
  }
  summary.original = start;
  if (config.task === 'history') {
    const versions = config.changes.versions;
    let bisected: VersionBisectResult;
    try {
      bisected = yield* runVersionBisection(versions, config, emit);
    } catch (error) {
      if (error instanceof Cancelled) return end('cancelled', 'cancelled during the bisection');
      throw error;
    }
    (summary as IsolateSummary).bisect = bisected;
    const reason = unpairedReason(bisected, versions.length);
    if (reason) return end('not-failing', reason);
    const pass = (versions[bisected.lastGood] as HistoryVersion).code;
    start = (versions[bisected.firstBad] as HistoryVersion).code;
    summary.original = start;
    return yield* runIsolation(
      { ...config, isolate: { ...config.isolate, pass } },
      start,
      shape,
      emit,
      summary as IsolateSummary,
      options,
    );
  }
  if (config.task !== 'reduce') {
    return yield* runIsolation(config, start, shape, emit, summary as IsolateSummary, options);
  }
  const reduction = summary as ReduceSummary;

  let result: DriveResult;
  try {
    result = yield* drive(start, {
      reducer: config.reducer,
      shape,
      ...(config.syntax ? { syntax: config.syntax } : {}),
      chase: config.chase,
      cache: config.cache,
      ...(config.budgets.maxTrials !== undefined ? { maxTrials: config.budgets.maxTrials } : {}),
      ...(config.budgets.maxMs !== undefined ? { maxMs: config.budgets.maxMs } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(config.verify === false ? { verify: false } : {}),
      onEvent: (event) => record(event),
    });
  } catch (error) {
    if (error instanceof ReduceError) return end('not-failing', error.message);
    if (error instanceof Cancelled) return end('cancelled', 'cancelled before the reduction began');
    throw error;
  }
  if (summary.expected === undefined && summary.actual === undefined) {
    summary.expected = result.startVerdict.expected;
    summary.actual = result.startVerdict.actual;
  }
  Object.assign(reduction, {
    reduced: result.reduced,
    reducedExpected: result.reducedVerdict.expected,
    reducedActual: result.reducedVerdict.actual,
    calls: result.counters.calls,
    history: result.history,
    executions: result.counters.executions,
    cacheHits: result.counters.cacheHits,
    verified: result.verification.verified,
    stopped: result.stopped,
    deletionOnly: result.deletionOnly,
    verification: result.verification,
  });
  for (const key of ['expected', 'actual', 'reducedExpected', 'reducedActual'] as const) {
    if (reduction[key] === undefined) delete reduction[key];
  }
  return end(result.stopped === 'cancelled' ? 'cancelled' : 'reduced', undefined, result);

  function record(event: DriveEvent): void {
    switch (event.type) {
      case 'call':
        if (event.phase === 'find') return;
        if (event.verdict.error?.name === UNPARSED) {
          reduction.unparsed = (reduction.unparsed ?? 0) + 1;
        }
        emit({
          type: 'call',
          phase: event.phase,
          execution: event.execution,
          input: event.input,
          ...storedVerdict(event.verdict),
        });
        return;
      case 'trial': {
        const { row } = event;
        emit({
          type: 'decision',
          trial: event.trial,
          ...event.edit,
          ...(row.move !== undefined ? { move: row.move } : {}),
          ...(row.stage !== undefined ? { stage: row.stage } : {}),
          ...(row.granularity !== undefined ? { granularity: row.granularity } : {}),
          size: sizeOf(row.before, shape),
          outcome: row.outcome,
          accepted: row.accepted,
          cached: event.cached,
        });
        return;
      }
      case 'verified': {
        const { executions: _, ...verification } = event.verification;
        emit({ type: 'verified', ...verification });
        return;
      }
      case 'confirmed':
        // The confirmation is a call even when the start does not fail and no reduction follows.
        summary.calls = event.counters.calls;
        summary.executions = event.counters.executions;
        return;
    }
  }
}
