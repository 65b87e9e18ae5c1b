import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { scenarioNames } from '../../../src/cli/examples.js';
import { shapeOf } from '../../../src/core/input/kinds.js';
import { sameValue } from '../../../src/core/input/value.js';
import { invalidVerdict } from '../../../src/core/oracle/classify.js';
import type { Input, Oracle, SyncOracle } from '../../../src/core/oracle/oracle.js';
import {
  type ErrorInfo,
  OUTCOMES,
  type Output,
  type Role,
  type Verdict,
} from '../../../src/core/oracle/verdict.js';
import { reducersFor } from '../../../src/core/reduce/reducers.js';
import { stepThrough, stepThroughSync } from '../../../src/core/reduce/runner.js';
import { type RunSummary, runSession } from '../../../src/core/run/run.js';
import { type Frame, Timeline } from '../../../src/core/run/timeline.js';
import { TranscriptBuilder, type TranscriptMessage } from '../../../src/core/run/transcript.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import type { Session, SessionEvent } from '../../../src/core/session/events.js';
import { createHeader, type HeaderStamp } from '../../../src/core/session/header.js';
import { pinCode } from '../../../src/core/session/pin.js';
import { type Scenario, scenarioConfig } from '../../../src/core/session/scenario.js';
import { type StoredConfig, storedConfig, taskConfig } from '../../../src/core/session/task.js';
import { articleOracle } from '../../support/lessons.js';

/**
 * Shared helpers of the session and replay tests: recording sessions in-thread (no workers),
 * the committed examples, and fast-check arbitraries for random sessions.
 */

/** The `examples/` folder. */
export const EXAMPLES = join(import.meta.dirname, '../../../examples');

/** Every committed scenario, by name. */
export const SCENARIOS = scenarioNames(EXAMPLES);

/** A committed file of a scenario folder. */
export function exampleFile(name: string, file: string): string {
  return readFileSync(join(EXAMPLES, name, file), 'utf8');
}

/** A scenario's recorded transcript (`transcript.expected.jsonl`), message by message. */
export function exampleTranscript(name: string): TranscriptMessage[] {
  return exampleFile(name, 'transcript.expected.jsonl')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TranscriptMessage);
}

/** A scenario's recorded frames, as the page's player shows them, and how its inputs are cut. */
export function exampleFrames(name: string): {
  frames: readonly Frame[];
  shape: ReturnType<typeof shapeOf>;
} {
  const shape = shapeOf(exampleConfig(name));
  return { frames: Timeline.of(exampleTranscript(name), shape).frames, shape };
}

/** The session config a scenario records (what its header holds). */
export function exampleConfig(name: string): StoredConfig {
  const config = storedConfig(
    scenarioConfig(name, JSON.parse(exampleFile(name, 'input.json')) as Scenario),
  );
  // Pinned as a recording pins it (the committed fixtures are).
  const text = (file: string) => readFileSync(join(EXAMPLES, file), 'utf8');
  return { ...config, code: pinCode(config.code, text) };
}

/** A fixed header stamp for tests. */
export const STAMP: HeaderStamp = { id: 'test', created: '2026-01-01T00:00:00.000Z', tool: 't' };

/** What an in-thread recording produced: the session, the run's summary and its transcript. */
export interface Recording {
  session: Session;
  summary: RunSummary;
  messages: TranscriptMessage[];
}

/**
 * Records a session against a synchronous judge, the way the live runner does (events to the
 * recorder and the transcript), but in-thread. `clock` feeds the time budget.
 */
export function record(
  given: SessionConfig | StoredConfig,
  judge: SyncOracle,
  options: { stamp?: HeaderStamp; clock?: () => number } = {},
): Recording {
  const config = asTaskConfig(given);
  const header = createHeader(config, options.stamp ?? STAMP);
  const events: SessionEvent[] = [];
  const messages: TranscriptMessage[] = [];
  const transcript = new TranscriptBuilder(header);
  const summary = stepThroughSync(
    runSession(config, {
      ...(options.clock ? { clock: options.clock } : {}),
      onEvent: (event) => {
        events.push(event);
        messages.push(...transcript.push(event));
      },
    }),
    judge,
  );
  return { session: { header, events }, summary, messages };
}

/** The article's verdicts as the live pair oracle gives them (the empty array is INVALID). */
export const articleJudge: SyncOracle = (a) =>
  (a as number[]).length === 0 ? invalidVerdict() : articleOracle(a);

/** Records the article's session (seed 1103, 4452 attempts, `chunks`) in-thread. */
export function recordArticle(options: { stamp?: HeaderStamp } = {}): Recording {
  return record(exampleConfig('article'), articleJudge, options);
}

/** A counter clock: every reading is one later, so `maxMs` budgets run out after some trials. */
export function counterClock(): () => number {
  let t = 0;
  return () => t++;
}

// ---------------------------------------------------------------- arbitraries

/** JSON outputs as a live oracle renders them (never `-0`, which `toOutput` tags). */
export const outputArb: fc.Arbitrary<Output> = fc
  .jsonValue({ maxDepth: 2 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Output);

const roleArb: fc.Arbitrary<Role> = fc.constantFrom('candidate', 'reference', 'outcome');
const msArb = fc.double({ min: 0, max: 5000, noNaN: true, noDefaultInfinity: true });
const flakyArb = fc.array(fc.constantFrom(...OUTCOMES), { minLength: 2, maxLength: 4 });

/** An error as a sandbox reports it, sometimes with a position. */
export const errorArb: fc.Arbitrary<ErrorInfo> = fc.record(
  {
    name: fc.constantFrom('TypeError', 'RangeError', 'Error', 'Invalid', 'Timeout'),
    message: fc.oneof(
      fc.constantFrom('boom', 'Invalid array length', 'x is not defined'),
      fc.string(),
    ),
    role: roleArb,
    line: fc.integer({ min: 1, max: 40 }),
    column: fc.integer({ min: 1, max: 80 }),
  },
  { requiredKeys: ['name', 'message'] },
);

/** Verdicts shaped like the live oracles' (outputs and errors where each outcome has them). */
const realisticVerdictArb: fc.Arbitrary<Verdict> = fc
  .record({
    outcome: fc.constantFrom(...OUTCOMES),
    expected: outputArb,
    actual: outputArb,
    error: errorArb,
    ms: fc.option(msArb, { nil: undefined }),
    callMs: fc.integer({ min: 1, max: 2000 }),
    role: roleArb,
    pair: fc.boolean(),
  })
  .map(({ outcome, expected, actual, error, ms, callMs, role, pair }): Verdict => {
    const timing = ms === undefined ? {} : { ms };
    switch (outcome) {
      case 'PASS':
        return pair ? { outcome, expected, actual: expected, ...timing } : { outcome, ...timing };
      case 'FAIL':
        return pair ? { outcome, expected, actual, ...timing } : { outcome, ...timing };
      case 'INVALID':
        return pair
          ? { outcome, error: { ...error, role: 'reference' }, actual }
          : invalidVerdict();
      case 'TIMEOUT':
        return {
          outcome,
          ...(pair ? { expected } : {}),
          error: { name: 'Timeout', message: `ran longer than ${callMs} ms`, role },
          ...timing,
        };
      default:
        return { outcome, ...(pair ? { expected } : {}), error: { ...error, role }, ...timing };
    }
  });

/** Any combination of verdict fields, and now and then a flaky one. */
const freeVerdictArb: fc.Arbitrary<Verdict> = fc.record(
  {
    outcome: fc.constantFrom(...OUTCOMES),
    expected: outputArb,
    actual: outputArb,
    error: errorArb,
    ms: msArb,
    flaky: flakyArb,
  },
  { requiredKeys: ['outcome'] },
);

/** A verdict for one input. */
export const verdictArb: fc.Arbitrary<Verdict> = fc.oneof(
  { weight: 4, arbitrary: realisticVerdictArb },
  { weight: 1, arbitrary: freeVerdictArb },
);

/**
 * A random, non-monotone, deterministic judge: each distinct input gets its own random verdict
 * (a copy each time, as a worker would send).
 */
export const judgeArb: fc.Arbitrary<SyncOracle> = fc
  .func<[Input], Verdict>(verdictArb)
  .map((f) => (input: Input) => structuredClone(f(structuredClone(input))));

const generatorArb = fc
  .record({
    seed: fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.bigInt({ min: 2n ** 60n, max: 2n ** 70n }).map(String),
    ),
    length: fc.integer({ min: 0, max: 6 }),
    extra: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    min: fc.integer({ min: -4, max: 0 }),
    max: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ extra, ...generator }) =>
    extra === undefined ? generator : { ...generator, maxLength: generator.length + extra },
  );

const inputArb = fc.array(fc.integer({ min: -6, max: 6 }), { maxLength: 10 });

/** A random session config: every reducer, chase, cache on/off, budgets, generator or input. */
export const configArb: fc.Arbitrary<SessionConfig> = fc
  .record(
    {
      source: fc.oneof(
        generatorArb.map((generator) => ({ generator })),
        inputArb.map((input) => ({ input })),
      ),
      maxAttempts: fc.integer({ min: 1, max: 60 }),
      reducer: fc.constantFrom(...reducersFor('int-array')),
      chase: fc.constantFrom<SessionConfig['chase']>(
        { kind: 'wrong-answer' },
        { kind: 'crash' },
        { kind: 'crash', signature: 'boom' },
        { kind: 'timeout' },
      ),
      cache: fc.boolean(),
      callMs: fc.integer({ min: 1, max: 2000 }),
      maxTrials: fc.integer({ min: 0, max: 12 }),
      maxMs: fc.integer({ min: 0, max: 30 }),
      predicate: fc.boolean(),
      example: fc.constantFrom('article', 'mine'),
    },
    { requiredKeys: ['source', 'maxAttempts', 'reducer', 'chase', 'cache', 'callMs', 'predicate'] },
  )
  .map(
    ({ source, callMs, maxTrials, maxMs, predicate, example, ...rest }): SessionConfig => ({
      task: 'reduce',
      ...(example ? { example } : {}),
      code: predicate
        ? { language: 'ts', outcome: { source: 'export const outcome = (a) => "PASS";' } }
        : {
            language: 'js',
            candidate: { source: 'export const candidate = (a) => a.length;' },
            reference: { file: 'code/max-subarray/reference.js' },
          },
      ...source,
      ...rest,
      budgets: {
        callMs,
        ...(maxTrials !== undefined ? { maxTrials } : {}),
        ...(maxMs !== undefined ? { maxMs } : {}),
      },
    }),
  );

/** A verdict that reproduces `chase`. */
export function chasedVerdict(chase: SessionConfig['chase']): Verdict {
  switch (chase.kind) {
    case 'wrong-answer':
      return { outcome: 'FAIL', expected: -1, actual: 0, ms: 0.25 };
    case 'crash':
      return { outcome: 'CRASH', error: { name: 'Error', message: 'boom', role: 'candidate' } };
    case 'timeout':
      return { outcome: 'TIMEOUT', error: { name: 'Timeout', message: 'ran longer than 1 ms' } };
  }
}

/**
 * A random config and judge. A pasted start input reproduces the chased failure more often than
 * chance would have it, so that most such sessions get to reduce.
 */
export const runArb: fc.Arbitrary<{ config: SessionConfig; judge: SyncOracle }> = fc
  .tuple(configArb, judgeArb, fc.boolean())
  .map(([config, judge, failing]) => {
    const start = config.input;
    if (!failing || !start) return { config, judge };
    const chased = chasedVerdict(config.chase);
    const same = (a: Input) => sameValue(a, start);
    return { config, judge: (a: Input) => (same(a) ? structuredClone(chased) : judge(a)) };
  });

/** A random recording: a random config run against a random judge with a counter clock. */
export const recordingArb: fc.Arbitrary<Recording> = runArb.map(({ config, judge }) =>
  record(config, judge, { clock: counterClock() }),
);

/**
 * Records a session with the async runner, as the live runner does, and cancels it the way a
 * user does: `cancelAtCall` turns the cancel flag on while that oracle request is in flight (so
 * its verdict is discarded and the session ends cancelled).
 */
export async function recordCancelled(
  given: SessionConfig | StoredConfig,
  judge: SyncOracle,
  cancelAtCall: number,
): Promise<Recording> {
  const config = asTaskConfig(given);
  const header = createHeader(config, STAMP);
  const events: SessionEvent[] = [];
  const messages: TranscriptMessage[] = [];
  const transcript = new TranscriptBuilder(header);
  let calls = 0;
  let cancelled = false;
  const request = () => {
    if (++calls === cancelAtCall) cancelled = true;
  };
  const oracle: Oracle = {
    judge: async (input) => {
      request();
      return judge(input);
    },
    judgeBatch: async (inputs) => {
      request();
      return inputs.map((input) => judge(input));
    },
  };
  const summary = await stepThrough(
    runSession(config, {
      onEvent: (event) => {
        events.push(event);
        messages.push(...transcript.push(event));
      },
    }),
    oracle,
    () => cancelled,
  );
  return { session: { header, events }, summary, messages };
}

/** A config of a test as its task's type, whether the test wrote it as stored or as a task's. */
function asTaskConfig(value: SessionConfig | StoredConfig): SessionConfig {
  return 'task' in value ? value : taskConfig(value);
}
