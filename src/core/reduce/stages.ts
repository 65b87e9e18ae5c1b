import { type HistoryRow, PIPELINE_STAGES, type PipelineStage } from './types.js';

/** One stage's pass in one round of a pipeline run: its trials, those accepted, the size after. */
export interface StagePass {
  stage: PipelineStage;
  /** The round (1 from the start; a round runs every stage once). */
  round: number;
  trials: number;
  accepted: number;
  /** The input's size after the pass (in the units the summary counts: code points). */
  size: number;
}

/**
 * The passes of a pipeline run's stages, in order, from its history (each row names its stage):
 * a stage that comes again after a later one began a new round. `size` gives an input's size.
 * Empty for a history of any other reducer.
 */
export function stagesOf(
  history: readonly HistoryRow[],
  size: (input: HistoryRow['trial']) => number,
): StagePass[] {
  const passes: StagePass[] = [];
  for (const row of history) {
    if (row.stage === undefined) continue;
    const last = passes.at(-1);
    if (!last || last.stage !== row.stage) {
      passes.push({
        ...stageAfter(last, row.stage),
        trials: 0,
        accepted: 0,
        size: size(row.before),
      });
    }
    const pass = passes.at(-1) as StagePass;
    pass.trials++;
    if (row.accepted) {
      pass.accepted++;
      pass.size = size(row.trial);
    }
  }
  return passes;
}

/** Where a pipeline run is: a stage and the round it is in. */
export interface StageAt {
  stage: PipelineStage;
  round: number;
}

/**
 * Where a pipeline run is after a trial of stage `now`, from where it was: a stage that comes
 * again after a later one begins a new round.
 */
export function stageAfter(was: StageAt | undefined, now: PipelineStage): StageAt {
  if (!was) return { stage: now, round: 1 };
  const again =
    now !== was.stage && PIPELINE_STAGES.indexOf(now) < PIPELINE_STAGES.indexOf(was.stage);
  return { stage: now, round: was.round + (again ? 1 : 0) };
}

/** The passes in one line each: `round 1 syntax: 120 trials, 14 accepted → 812`. */
export function stageLines(passes: readonly StagePass[], unit: string): string[] {
  return passes.map(
    (pass) =>
      `round ${pass.round} ${pass.stage}: ${pass.trials} trial${pass.trials === 1 ? '' : 's'}, ${pass.accepted} accepted → ${pass.size} ${unit}${pass.size === 1 ? '' : 's'}`,
  );
}
