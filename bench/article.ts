import { ARTICLE_GENERATOR, InputStream } from '../src/core/generate/generator.js';

/**
 * The article's fixtures, shared by the Node side and the bench page: the inputs of the seed
 * 1103 search (attempt 4452 is the first failing one) and the facts a run must reproduce.
 */

/** The article's code as text (read from `examples/code/max-subarray/`). */
export interface ArticleCode {
  candidate: string;
  reference: string;
  corrected: string;
}

/** The attempt at which seed 1103 first fails. */
export const ARTICLE_ATTEMPTS = 4452;

/** The exhaustive set: every non-empty array of length 1..6 over -2..2. */
export const EXHAUSTIVE = { values: [-2, -1, 0, 1, 2], maxLength: 6, inputs: 19530, failures: 126 };

/** The first `count` inputs of the article's generator (n = 12 each), in attempt order. */
export function articleInputs(count = ARTICLE_ATTEMPTS): number[][] {
  const stream = new InputStream(ARTICLE_GENERATOR);
  return Array.from({ length: count }, () => stream.next() as number[]);
}
