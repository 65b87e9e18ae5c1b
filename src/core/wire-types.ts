/**
 * The core's types that cross the reducer worker's wire (see `protocol/reducer.ts`), in one
 * list: the contract names these and no other module of the core, so a change of the core that
 * reaches the page shows here first.
 */
export type { RoleError } from './code/compile-error.js';
export type { ResolvedCode } from './code/refs.js';
export type { Json, Shape, Split } from './input/kinds.js';
export type { Chase } from './oracle/chase.js';
export type { Outcome } from './oracle/verdict.js';
export type { CompareRow } from './reduce/compare-reducers.js';
export type { MutantCheck } from './reduce/regress.js';
export type { ReducerName } from './reduce/types.js';
export type { GrowthPoint } from './reduce/worst-case.js';
export type { Comparison } from './replay/compare-recording.js';
export type { ReplayEntry } from './replay/script.js';
export type { RunStatus } from './run/status.js';
export type { RunSummary } from './run/summary.js';
export type { TranscriptMessage } from './run/transcript.js';
export type { SessionConfig } from './session/task.js';
export type { Problem } from './text/problems.js';
