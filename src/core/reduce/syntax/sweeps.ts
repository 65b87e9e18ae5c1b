import type { Span } from '../../input/edit.js';
import type { Json } from '../../input/kinds.js';
import type { SyntaxNode } from '../../input/syntax.js';
import { block } from '../blocks.js';
import type { Judged, PipelineStage, SyntaxMove, Trial } from '../types.js';
import type { Program } from './reduced-program.js';

/** A step coroutine of the syntax moves: trials out, judgements in, whether one was accepted. */
export type MoveSteps = Generator<Trial<Json>, boolean, Judged>;

/**
 * The ways the syntax reducer and the pipeline try the units of a move on a {@link Program}:
 * block deletion (`sweep`) and one unit at a time (`oneByOne`). Trials that would repeat one
 * already tried since the last change are not asked again. Each trial carries its `ahead` hint:
 * the trials that would follow it, if it is rejected and if it is accepted.
 */
export class Sweeps {
  /** The round the reduction is in (the first halves; later ones try each unit alone first). */
  round = 1;
  /** The pipeline's stage the trials belong to, when the reducer is the pipeline. */
  stage: PipelineStage | undefined;
  #tried = new Set<string>();

  constructor(readonly program: Program) {}

  /**
   * One trial: the program without `ranges`; accepted when the failure is chased. `later` names
   * the moves tried after it while none is accepted (its trials are the trial's `ahead`), and
   * `afterChase` those tried after it if it is accepted, as far as they can be told before
   * (the units left, less its own: the trial's `ahead` when chased).
   */
  *attempt(
    move: SyntaxMove,
    ranges: readonly Span[],
    granularity: number | undefined,
    later: () => Iterable<readonly Span[]>,
    afterChase: () => Iterable<readonly Span[]>,
  ): MoveSteps {
    const made = this.program.cut(ranges);
    if (!made || this.#tried.has(made.input)) return false;
    this.#tried.add(made.input);
    const judged = yield {
      input: made.input,
      edit: { op: 'cut', spans: made.spans },
      move,
      ...(this.stage !== undefined ? { stage: this.stage } : {}),
      ...(granularity !== undefined ? { granularity } : {}),
      ahead: (count: number, chased?: boolean) =>
        chased ? this.#upcoming(afterChase(), count, ranges) : this.#upcoming(later(), count),
    };
    if (!judged.chased) return false;
    this.program.accept(ranges);
    this.#tried = new Set();
    return true;
  }

  /** The article's block deletion over the units `units()` names now. */
  *sweep(move: SyntaxMove, units: () => Span[][]): MoveSteps {
    let changed = false;
    // The first round halves; later ones, where little is left to go, try each unit alone first
    // (n trials, where halving down to single units would take about 2n).
    let granularity = this.round === 1 ? 2 : Number.POSITIVE_INFINITY;
    for (;;) {
      const now = units();
      const length = now.length;
      if (length === 0) return changed;
      const parts = Math.min(granularity, length);
      let accepted = false;
      for (let i = 0; i < parts && !accepted; i++) {
        const [lo, hi] = block(i, parts, length);
        accepted = yield* this.attempt(
          move,
          now.slice(lo, hi).flat(),
          parts,
          () => blocksAfter(now, parts, i),
          () => {
            // Accepted: the next sweep of what is left, one block fewer (see below).
            const rest = [...now.slice(0, lo), ...now.slice(hi)];
            const next = Math.min(Math.max(2, parts - 1), rest.length);
            return rest.length === 0 ? [] : blocksAfter(rest, next, -1);
          },
        );
      }
      if (accepted) {
        changed = true;
        granularity = Math.max(2, parts - 1);
        continue;
      }
      if (parts === length) return changed;
      granularity = Math.min(length, parts * 2);
    }
  }

  /** Each unit `units()` names, one at a time, from the first on (a success stays in place). */
  *oneByOne(move: SyntaxMove, units: () => Span[][]): MoveSteps {
    let changed = false;
    for (let i = 0; ; ) {
      const now = units();
      if (i >= now.length) return changed;
      const next = () => now.slice(i + 1);
      if (yield* this.attempt(move, now[i] as Span[], undefined, next, next)) changed = true;
      else i++;
    }
  }

  /**
   * The trials `attempt` makes of `moves` while none is accepted, in order: at most `count`. With
   * `accepted`, as if those ranges had been accepted first (nothing then was tried since).
   */
  #upcoming(moves: Iterable<readonly Span[]>, count: number, accepted?: readonly Span[]): Json[] {
    const out: string[] = [];
    const seen = new Set<string>();
    const before = accepted ? this.program.cut(accepted)?.input : undefined;
    for (const ranges of moves) {
      if (out.length >= count) break;
      const made = this.program.cut(accepted ? [...accepted, ...ranges] : ranges);
      if (!made || made.input === before || seen.has(made.input)) continue;
      if (!accepted && this.#tried.has(made.input)) continue;
      seen.add(made.input);
      out.push(made.input);
    }
    return out;
  }

  /** Every trial one move of `moves` away from the program as it is now, each once. */
  neighbours(moves: Iterable<readonly Span[]>): Json[] {
    const seen = new Set<string>();
    for (const ranges of moves) {
      const made = this.program.cut(ranges);
      if (made) seen.add(made.input);
    }
    return [...seen];
  }
}

/**
 * The blocks a sweep over `units` tries after block `i` of `parts` while none is accepted: the
 * rest of its round, then the rounds of twice as many blocks, up to single units.
 */
function* blocksAfter(units: readonly Span[][], parts: number, i: number): Generator<Span[]> {
  const length = units.length;
  for (let n = parts, from = i + 1; ; from = 0) {
    for (let k = from; k < n; k++) {
      const [lo, hi] = block(k, n, length);
      yield units.slice(lo, hi).flat();
    }
    if (n === length) return;
    n = Math.min(length, n * 2);
  }
}

/** Windows of `size` consecutive tokens, each as the one span from its first to its last. */
export function windowsOf(leaves: readonly SyntaxNode[], size: number): Span[][] {
  const out: Span[][] = [];
  for (let i = 0; i + size <= leaves.length; i++) {
    out.push([[(leaves[i] as SyntaxNode).start, (leaves[i + size - 1] as SyntaxNode).end]]);
  }
  return out;
}
