import type { Frame } from '../../../core/run/timeline.js';
import type { AlgorithmStep, Listing } from './listing.js';
import { ATTEMPT, syntaxStep } from './syntax.js';

/**
 * The pipeline's rounds of stages and the `attempt` every stage's moves go through, as
 * `src/core/reduce/syntax/pipeline.ts` and `sweeps.ts` have them, types, the trials' look-ahead
 * and the cache of trials tried left out.
 */
export const PIPELINE: readonly string[] = [
  'function* pipeline(text, tree) {',
  '  const program = new Program(text);',
  '  const stages = [',
  "    ...(tree ? [treeStage('syntax', syntaxNodes(tree), [2, 1])] : []),",
  "    { name: 'lines', pass: () => sweep('lines', () => lines(program)) },",
  "    treeStage('tokens', lexTree(text), [8, 4, 2, 1]),",
  "    { name: 'chars', pass: () => oneByOne('chars', () => chars(program)) },",
  '  ];',
  '  for (;;) {',
  '    let changed = false;',
  '    for (const stage of stages) {',
  '      if (yield* stage.pass()) changed = true;',
  '    }',
  '    const renamed = yield* renamePass(program.text());',
  '    if (renamed !== program.text()) [program, changed] = [new Program(renamed), true];',
  '    if (!changed) break;',
  '  }',
  '  return { reduced: program.text(), deletionOnly: true };',
  '}',
  '',
  ...ATTEMPT,
];

/** {@link PIPELINE} as the pane shows it. */
export const PIPELINE_LISTING: Listing = {
  name: 'pipeline',
  language: 'ts',
  file: 'src/core/reduce/syntax/pipeline.ts',
  lines: PIPELINE,
};

/**
 * Where a frame of a pipeline run is in {@link PIPELINE}: as a syntax run's frame is in its
 * listing (every stage's trial goes through the same `attempt`), with the trial's stage named.
 */
export function pipelineStep(frame: Frame | undefined, veiled = false): AlgorithmStep {
  return syntaxStep(frame, veiled, PIPELINE_LISTING);
}
