import type { SessionCode } from '../code/refs.js';
import type { GeneratorConfig } from '../generate/generator.js';
import type { InputKind, Json, Split } from '../input/kinds.js';
import type { SyntaxTree } from '../input/syntax.js';
import type { Chase } from '../oracle/chase.js';
import type { ReducerName } from '../reduce/types.js';
import type { ChangesConfig, HistoryVersion, IsolateConfig } from './isolation-config.js';

/**
 * What a session does with its failing input:
 * - `reduce`: simplifies it to a 1-minimal failing input (a reducer: ddmin, chunks, …);
 * - `isolate`: narrows its difference from a passing input (`dd`);
 * - `changes`: narrows the difference between two versions of the candidate's code, judged on
 *   one call (the Debugging Book's ChangeDebugger);
 * - `history`: bisects a history of versions of that code, then isolates the change between the
 *   last good version and the first bad one.
 */
export type Task = 'reduce' | 'isolate' | 'changes' | 'history';

/** Every task. */
export const TASKS: readonly Task[] = ['reduce', 'isolate', 'changes', 'history'];

/** Time and trial budgets. */
export interface Budgets {
  /** Per-call time budget in milliseconds; an overrun is TIMEOUT. */
  callMs: number;
  /** Stop the reduction after this many trials. */
  maxTrials?: number;
  /** Stop the reduction after this many milliseconds. */
  maxMs?: number;
  /** Stop the search for a failing input after this many milliseconds. */
  searchMs?: number;
}

/** What every task's config holds: the code, where the failing input comes from, the budgets. */
export interface CommonConfig {
  /** The lesson this session came from, if any (a folder name under `examples/`). */
  example?: string;
  code: SessionCode;
  /** What the function receives (an array of integers when absent: the article's). */
  kind?: InputKind;
  /** How a string is cut into units (`chars` when absent). */
  split?: Split;
  /** Where the failing input comes from: the generator, or an input given directly. */
  generator?: GeneratorConfig;
  maxAttempts?: number;
  input?: Json;
  chase: Chase;
  cache: boolean;
  budgets: Budgets;
  /** Re-run every failure this many extra times and report disagreement as flaky. */
  repeats?: number;
  /** Check that the result is 1-minimal with extra calls at the end (default true). */
  verify?: boolean;
  /** A workspace of one's own: the title and notes its author wrote (no bearing on the run). */
  about?: { title: string; notes: string };
}

/** A reduction: the failing input simplified by a reducer. */
export interface ReduceTask extends CommonConfig {
  task: 'reduce';
  reducer: ReducerName;
  /**
   * The input's syntax tree, for the `syntax` reducer (`split: 'syntax'`), as the grammar of its
   * language gave it when the session began: a replay rebuilds the same trials from it without
   * any parser. Absent: the text is reduced by generic moves (tokens, brackets, lines).
   */
  syntax?: SyntaxTree;
  /**
   * The program's language (a grammar's name, e.g. `javascript`), with `split: 'syntax'`: a live
   * run parses the input with that grammar when the config has no `syntax` tree yet. A replay
   * ignores it (the tree, when there is one, is in the session).
   */
  language?: string;
}

/**
 * An isolation: the failing input (given or found) against a passing one, the failure-inducing
 * difference between them narrowed by `dd` (see `isolate/drive.ts`).
 */
export interface IsolateTask extends CommonConfig {
  task: 'isolate';
  isolate: IsolateConfig;
}

/**
 * A change of code (the Debugging Book's ChangeDebugger): the session's inputs are the
 * candidate's sources, cut into lines (`input` today's version, `isolate.pass` yesterday's), each
 * judged on the call `changes.input`.
 */
export interface ChangesTask extends CommonConfig {
  task: 'changes';
  isolate: IsolateConfig;
  changes: ChangesConfig & { versions?: undefined };
}

/**
 * A history of versions of the candidate (oldest first): bisected first, each version judged on
 * the call, then the change between the last good version and the first bad one isolated
 * (`isolate.pass` and `input` hold the oldest and the newest version).
 */
export interface HistoryTask extends CommonConfig {
  task: 'history';
  isolate: IsolateConfig;
  changes: ChangesConfig & { versions: HistoryVersion[] };
}

/** Everything that determines a session: what its header records, one shape per task. */
export type SessionConfig = ReduceTask | IsolateTask | ChangesTask | HistoryTask;

/** A session that isolates a difference (of inputs, of code, of versions): every task but reduce. */
export type IsolatingTask = IsolateTask | ChangesTask | HistoryTask;

/** A session that judges versions of code on one call: changes and history. */
export type CodeChangeTask = ChangesTask | HistoryTask;

/** Whether a session isolates (its runs are `dd`'s) rather than reduces. */
export function isolates(config: SessionConfig): config is IsolatingTask {
  return config.task !== 'reduce';
}

/** Whether a session judges versions of code on one call (a change, a history). */
export function changesCode(config: SessionConfig): config is CodeChangeTask {
  return config.task === 'changes' || config.task === 'history';
}

/**
 * A config as session files and lessons store it (formats 1.0 to 2.3): no task, the task told by
 * which fields are there (`isolate`, `changes`, `changes.versions`), and a `reducer` named in
 * every config, an isolating one's too, where it runs nothing.
 */
export type StoredConfig = CommonConfig & {
  reducer: ReducerName;
  syntax?: SyntaxTree;
  language?: string;
  isolate?: IsolateConfig;
  changes?: ChangesConfig;
};

/** What an isolating config stores as its reducer: format 2.1 wants one named; none runs. */
const STORED_REDUCER: ReducerName = 'ddmin';

/** The task a stored config is for, told by its fields. */
function storedTask(stored: Pick<StoredConfig, 'isolate' | 'changes'>): Task {
  if (stored.changes?.versions) return 'history';
  if (stored.changes) return 'changes';
  return stored.isolate ? 'isolate' : 'reduce';
}

/**
 * A stored config as its task's type (it must be valid: see `configProblems`). The fields of
 * other tasks are left out: an isolation's stored reducer, a reduction's `isolate`.
 */
export function taskConfig(stored: StoredConfig): SessionConfig {
  const { reducer, syntax, language, isolate, changes, ...common } = stored;
  const task = storedTask(stored);
  if (task === 'reduce') {
    return {
      task,
      ...common,
      reducer,
      ...(syntax !== undefined ? { syntax } : {}),
      ...(language !== undefined ? { language } : {}),
    };
  }
  const sides = isolate as IsolateConfig;
  if (task === 'isolate') return { task, ...common, isolate: sides };
  if (task === 'changes') {
    return { task, ...common, isolate: sides, changes: changes as ChangesTask['changes'] };
  }
  return { task, ...common, isolate: sides, changes: changes as HistoryTask['changes'] };
}

/** A config as files store it (see {@link StoredConfig}): the inverse of {@link taskConfig}. */
export function storedConfig(config: SessionConfig): StoredConfig {
  const { task: _, ...fields } = config;
  if (config.task === 'reduce') return fields as StoredConfig;
  // The reducer is stored first among the task's fields, where format 2.1 writers put it.
  const { isolate, changes, ...common } = fields as Omit<HistoryTask, 'task'>;
  return {
    ...common,
    reducer: STORED_REDUCER,
    isolate,
    ...(changes !== undefined ? { changes } : {}),
  } as StoredConfig;
}
