import type { InputKind, Json } from '../input/kinds.js';
import { type Chase, describeChase, isChased, WRONG_ANSWER } from '../oracle/chase.js';
import type { Outcome, Verdict } from '../oracle/verdict.js';
import type { Steps } from '../reduce/runner.js';
import { type GeneratorConfig, InputStream } from './generator.js';

/** Options of {@link find}. */
export interface FindOptions {
  generator: GeneratorConfig;
  /** The kind of input generated (the article's array of integers by default). */
  kind?: InputKind;
  /** Give up after this many attempts. */
  maxAttempts: number;
  chase?: Chase;
  /**
   * The largest number of inputs judged per request (1 = one message per attempt). Requests
   * start at one input and grow sixteenfold up to this, so an early failure (or a hang) costs
   * little and a long search needs few round trips (the article's 4452 attempts take 8).
   * The events and the result do not depend on it.
   */
  batchSize?: number;
  /** Budget: stop after this many milliseconds of `clock` time (checked between requests). */
  maxMs?: number;
  /** The time source for `maxMs` (core has no clock of its own). */
  clock?: () => number;
  onEvent?: (event: FindEvent) => void;
}

/** What a search reports as it goes: every attempt, in order. */
export interface FindEvent {
  type: 'attempt';
  attempt: number;
  input: Json;
  verdict: Verdict;
}

/** The result of a search for a failing input. */
export type FindResult =
  | { found: true; attempts: number; input: Json; verdict: Verdict }
  | {
      found: false;
      attempts: number;
      message: string;
      outcomes: OutcomeCounts;
      /** The search's time budget ran out before its attempts did. */
      timedOut?: true;
    };

/** How many attempts came out each way. */
export type OutcomeCounts = Partial<Record<Outcome, number>>;

/** The default number of inputs judged per request. */
export const FIND_BATCH = 1024;

/** How much each request grows over the one before, up to the largest (1, 16, 256, 1024). */
const GROWTH = 16;

/**
 * Generates seeded random inputs until one reproduces the chased failure, as a step coroutine.
 * Inputs go to the oracle in batches; the attempts of a batch after the first failing one are
 * discarded (not counted, not reported), so the events and the result do not depend on the
 * batch size (a replay judges one at a time).
 */
export function* find(options: FindOptions): Steps<FindResult> {
  const chase = options.chase ?? WRONG_ANSWER;
  // Chasing a timeout, every hit costs a whole time budget: judge one input at a time, so the
  // search stops at the first hang instead of sitting out the rest of a batch.
  const maxBatch = chase.kind === 'timeout' ? 1 : Math.max(1, options.batchSize ?? FIND_BATCH);
  let batchSize = 1;
  const emit = options.onEvent ?? (() => {});
  const stream = new InputStream(options.generator, options.kind);
  const { clock, maxMs } = options;
  const began = clock?.() ?? 0;
  let attempts = 0;
  let timedOut = false;
  const outcomes: OutcomeCounts = {};
  while (attempts < options.maxAttempts) {
    if (maxMs !== undefined && clock && clock() - began >= maxMs) {
      timedOut = true;
      break;
    }
    const inputs: Json[] = [];
    const count = Math.min(batchSize, options.maxAttempts - attempts);
    for (let i = 0; i < count; i++) inputs.push(stream.next());
    batchSize = Math.min(maxBatch, batchSize * GROWTH);
    const verdicts = yield { inputs, phase: 'find' };
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i] as Json;
      const verdict = verdicts[i];
      if (!verdict) throw new Error('the oracle returned fewer verdicts than inputs');
      attempts++;
      outcomes[verdict.outcome] = (outcomes[verdict.outcome] ?? 0) + 1;
      emit({ type: 'attempt', attempt: attempts, input, verdict });
      if (isChased(verdict, chase)) return { found: true, attempts, input, verdict };
      // A hang costs a whole call budget, and in a batch every input after it waits too: after
      // a timeout, judge one input at a time again.
      if (verdict.outcome === 'TIMEOUT') batchSize = 1;
    }
  }
  if (timedOut) {
    return {
      found: false,
      attempts,
      message: `no input reproduced ${describeChase(chase)} in ${attempts} attempts: the search's time budget of ${maxMs} ms ran out`,
      outcomes,
      timedOut: true,
    };
  }
  return {
    found: false,
    attempts,
    message: `no input reproduced ${describeChase(chase)} in ${attempts} attempts`,
    outcomes,
  };
}
