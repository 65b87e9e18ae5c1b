import { type Chase, describeChase, isChased, WRONG_ANSWER } from '../oracle/chase.js';
import type { Verdict } from '../oracle/verdict.js';
import type { Steps } from '../reduce/runner.js';
import { type GeneratorConfig, InputStream } from './generator.js';

/** Options of {@link find}. */
export interface FindOptions {
  generator: GeneratorConfig;
  /** Give up after this many attempts. */
  maxAttempts: number;
  chase?: Chase;
  /** Inputs judged per request (1 = one message per attempt). The result does not depend on it. */
  batchSize?: number;
  /** Report progress every this many attempts (default {@link FIND_PROGRESS}). */
  progressEvery?: number;
  onEvent?: (event: FindEvent) => void;
}

/** What a search reports as it goes. */
export type FindEvent =
  | { type: 'attempt'; attempt: number; input: number[]; verdict: Verdict }
  | { type: 'progress'; attempts: number; maxAttempts: number };

/** The result of a search for a failing input. */
export type FindResult =
  | { found: true; attempts: number; input: number[]; verdict: Verdict }
  | { found: false; attempts: number; message: string };

/** The default number of inputs judged per request. */
export const FIND_BATCH = 256;

/** The default number of attempts between progress reports. */
export const FIND_PROGRESS = 500;

/**
 * Generates seeded random inputs until one reproduces the chased failure, as a step coroutine.
 * Inputs go to the oracle in batches; the attempts of a batch after the first failing one are
 * discarded (not counted, not reported), and progress is reported by attempt count, so the
 * events and the result do not depend on the batch size (a replay judges one at a time).
 */
export function* find(options: FindOptions): Steps<FindResult> {
  const chase = options.chase ?? WRONG_ANSWER;
  const batchSize = Math.max(1, options.batchSize ?? FIND_BATCH);
  const progressEvery = Math.max(1, options.progressEvery ?? FIND_PROGRESS);
  const emit = options.onEvent ?? (() => {});
  const progress = (attempts: number) =>
    emit({ type: 'progress', attempts, maxAttempts: options.maxAttempts });
  const stream = new InputStream(options.generator);
  let attempts = 0;
  while (attempts < options.maxAttempts) {
    const inputs: number[][] = [];
    const count = Math.min(batchSize, options.maxAttempts - attempts);
    for (let i = 0; i < count; i++) inputs.push(stream.next());
    const verdicts = yield { inputs, phase: 'find' };
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i] as number[];
      const verdict = verdicts[i];
      if (!verdict) throw new Error('the oracle returned fewer verdicts than inputs');
      attempts++;
      emit({ type: 'attempt', attempt: attempts, input, verdict });
      if (isChased(verdict, chase)) {
        progress(attempts);
        return { found: true, attempts, input, verdict };
      }
      if (attempts % progressEvery === 0 && attempts < options.maxAttempts) progress(attempts);
    }
  }
  progress(attempts);
  return {
    found: false,
    attempts,
    message: `no input reproduced ${describeChase(chase)} in ${attempts} attempts`,
  };
}
