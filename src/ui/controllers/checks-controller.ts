import { shapeOf } from '../../core/input/kinds.js';
import { ARTICLE_CHECK } from '../../core/reduce/exhaustive.js';
import { reducersFor } from '../../core/reduce/reducers.js';
import type { CompareRequest, RegressRequest, RunReply } from '../../protocol/reducer.js';
import type { CompareRunner } from '../elements/dl-compare-panel.js';
import type { RegressRunner } from '../elements/dl-regress-panel.js';
import { isCorrected } from '../model/fix.js';
import { codeText, type Lesson } from '../model/lessons.js';
import { PROGRAM_SPLITS } from '../model/program-language.js';
import { codeOf, configOf, type Workspace } from '../model/workspace.js';
import { workspaceKey } from '../model/workspace-key.js';
import type { ReducerWorker } from './reducer-worker.js';
import type { RunController } from './run-controller.js';

/**
 * The checks the page offers on the reduction shown, each run in the reducer worker when its
 * panel asks: the article's "fix and regress", and every reducer of the input's kind compared
 * on the same failure. Says when each applies, and what each is about (its key: a panel forgets
 * its answer when that changes).
 */
export class ChecksController {
  readonly #worker: ReducerWorker;
  readonly #runs: RunController;
  /** Each workspace's last {@link key}, with the reply and the run key it was made of. */
  readonly #keys = new WeakMap<Workspace, { reply: RunReply | null; run: string; key: string }>();

  constructor(worker: ReducerWorker, runs: RunController) {
    this.#worker = worker;
    this.#runs = runs;
  }

  /**
   * The article's "fix and regress" for the reduction shown, when its lesson has a corrected
   * candidate in the editors' language and the input is an array of integers; else null. Every
   * input of the article's check is judged ({@link ARTICLE_CHECK}).
   */
  regress(lesson: Lesson | undefined, ws: Workspace, reply: RunReply | null): RegressRunner | null {
    const corrected = lesson?.scenario.corrected;
    const summary = reply?.ok ? reply.summary : null;
    const ints = (x: unknown): x is number[] =>
      Array.isArray(x) && x.every((v) => typeof v === 'number');
    if (!corrected || summary?.task !== 'reduce' || summary.status !== 'reduced') return null;
    if (ws.mode !== 'pair') return null;
    if (lesson?.scenario.code.language !== ws.language || ws.kind !== 'int-array') return null;
    const source = codeText(corrected);
    const { original, reduced } = summary;
    if (source === undefined || !ints(original) || !ints(reduced)) return null;
    const config = configOf(ws);
    // With the correction loaded into the editor, the buggy function is still the one checked.
    const code = codeOf(ws);
    const buggy = lesson?.sources.candidate;
    const request: RegressRequest = {
      code: isCorrected(lesson, ws.candidate) && buggy ? { ...code, candidate: buggy } : code,
      corrected: source,
      original,
      reduced,
      reducer: ws.reducer,
      chase: config.chase,
      callMs: config.budgets.callMs,
      values: [...ARTICLE_CHECK.values],
      maxLength: ARTICLE_CHECK.maxLength,
    };
    return (progress) => this.#worker.regress(request, progress);
  }

  /**
   * Every reducer of the input's kind on the failure shown, when there is a reduction of the
   * editors' code (a replay of another lesson's code would compare other code); else null.
   */
  compare(ws: Workspace, reply: RunReply | null): CompareRunner | null {
    const summary = reply?.ok ? reply.summary : null;
    const original = summary?.status === 'reduced' ? summary.original : undefined;
    if (original === undefined || this.#runs.stale(ws)) return null;
    const config = configOf(ws);
    // A program is compared by how it is cut: by lines, by characters, by its syntax.
    const program = ws.program !== undefined;
    const reducers = program ? ['bisect' as const] : reducersFor(ws.kind);
    if (reducers.length < 2 && !program) return null;
    const request: CompareRequest = {
      code: codeOf(ws),
      input: original,
      shape: shapeOf(config),
      chase: config.chase,
      cache: config.cache,
      callMs: config.budgets.callMs,
      reducers,
      ...(program
        ? {
            splits: PROGRAM_SPLITS,
            ...(config.task === 'reduce' && config.language ? { language: config.language } : {}),
          }
        : {}),
    };
    return (progress) => this.#worker.compare(request, progress);
  }

  /** What a check is about: the code and the reduction shown. */
  key(ws: Workspace, reply: RunReply | null): string {
    // Asked on every render, and a reduction may be of a program of megabytes: made once.
    const run = workspaceKey(ws);
    const kept = this.#keys.get(ws);
    if (kept?.reply === reply && kept.run === run) return kept.key;
    const summary = reply?.ok ? reply.summary : null;
    const reduced = summary?.task === 'reduce' ? summary.reduced : undefined;
    const key = JSON.stringify([run, summary?.original ?? null, reduced ?? null]);
    this.#keys.set(ws, { reply, run, key });
    return key;
  }

  /** What the rows of the length slider's table hold for: all but the input's length. */
  stretchKey(ws: Workspace): string {
    return JSON.stringify([ws.lesson, codeOf(ws), { ...configOf(ws), input: null }]);
  }
}
