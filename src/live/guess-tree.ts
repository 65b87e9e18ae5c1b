import { KINDS } from '../core/input/kinds/registry.js';
import type { Json, Shape } from '../core/input/kinds.js';
import type { SyntaxTree } from '../core/input/syntax.js';
import { fromUnits, toUnits } from '../core/input/units.js';
import { valueKey } from '../core/input/value.js';
import { REDUCERS, reduceInput } from '../core/reduce/reducers.js';
import type { Judged, ReducerName } from '../core/reduce/types.js';

/** The judgement a branch assumes of a trial not yet judged before it. */
export interface Assumed {
  key: string;
  judged: Judged;
}

/**
 * A trial the reduction may ask for: its input (and `valueKey`), how likely it is to be asked
 * (the product of the chances of the judgements it assumes), and those judgements.
 */
export interface Branch {
  input: Json;
  key: string;
  likelihood: number;
  assumed: Assumed[];
}

/** What a chased trial is taken to be, on the branch that assumes it is. */
export const CHASED: Judged = { outcome: 'FAIL', chased: true };

/** How many branches one plan looks at, per trial it names (a guard against long known runs). */
const LOOKS_PER_TRIAL = 8;

/** A reducer's steps, on the input or on its units (whichever replays faster). */
type Steps = Generator<{ input: unknown }, unknown, Judged>;

/** A trial met on a replay: as the reducer yields it, and as an input (made when needed). */
interface Met {
  raw: unknown;
  /** The reducer ended: `raw` is its result, which the check of the result runs again. */
  done?: boolean;
  input?: Json;
  key?: string;
}

/**
 * The trials a reduction may ask for next, as a tree of both outcomes of each trial not yet
 * judged, likeliest first: the reducer (deterministic) is replayed from the start with the
 * verdicts known so far and the outcomes a branch assumes. The path every known verdict fixes
 * (the spine) is followed by one replay that only moves forward; each branch below it costs one
 * replay, once (the next input after a sequence of judgements is kept).
 */
export class ReplayTree {
  readonly #start: () => Steps;
  /** The input a trial the reducer yields stands for. */
  readonly #input: (raw: unknown) => Json;
  /** The next trial after each sequence of judgements below the spine, null once it ends. */
  readonly #memo = new Map<string, Met | null>();
  /** The judgements along the spine, from the start on. */
  readonly #spine: Judged[] = [];
  /** The replay along the spine, at its end. */
  readonly #live: Steps;
  #step: IteratorResult<{ input: unknown }, unknown>;

  constructor(reducer: ReducerName, start: Json, shape: Shape, syntax?: SyntaxTree) {
    const entry = REDUCERS[reducer];
    if (entry.tree === false && !KINDS[shape.kind].call) {
      // A flat reducer replays on the units: an input is made only for a trial the plan names.
      const units = toUnits(start, shape);
      this.#start = () => entry.reducer(units);
      this.#input = (raw) => fromUnits(raw as Json[], shape);
    } else {
      this.#start = () => reduceInput(reducer, start, shape, syntax);
      this.#input = (raw) => raw as Json;
    }
    this.#live = this.#start();
    this.#step = this.#live.next();
  }

  /**
   * The `count` likeliest trials whose verdicts `known` does not give, best first (ties: the
   * nearest first). A trial not judged comes out chased with the chance `chase`, else as `assume`.
   * Past the time `until` (of `performance.now()`), no more branches are looked at.
   */
  plan(
    known: (input: Json, key: string) => Judged | undefined,
    count: number,
    chase: number,
    assume: Judged,
    until = Number.POSITIVE_INFINITY,
  ): Branch[] {
    this.#advance(known);
    const out: Branch[] = [];
    const named = new Set<string>();
    type Open = { path: Judged[]; letters: string; likelihood: number; assumed: Assumed[] };
    const open: Open[] = [{ path: [], letters: '', likelihood: 1, assumed: [] }];
    for (let looks = 0; open.length > 0 && out.length < count; looks++) {
      if (looks > count * LOOKS_PER_TRIAL || performance.now() > until) break;
      let best = 0;
      for (let i = 1; i < open.length; i++) {
        if ((open[i] as Open).likelihood > (open[best] as Open).likelihood) best = i;
      }
      const [branch] = open.splice(best, 1) as [Open];
      const met = this.#next(branch.path, branch.letters);
      if (met === null) continue;
      const { input, key } = this.#made(met);
      if (met.done) {
        // The reduction ends here: its result is run once more (past the cache) to check it.
        if (!named.has(key)) out.push({ input, key, likelihood: branch.likelihood, assumed: [] });
        named.add(key);
        continue;
      }
      const judged = known(input, key);
      const down = (with_: Judged, likelihood: number, assumed: Assumed[]) =>
        open.push({
          path: [...branch.path, with_],
          letters: branch.letters + letter(with_),
          likelihood,
          assumed,
        });
      if (judged) {
        down(judged, branch.likelihood, branch.assumed);
        continue;
      }
      if (!named.has(key)) {
        named.add(key);
        out.push({ input, key, likelihood: branch.likelihood, assumed: branch.assumed });
      }
      down(assume, branch.likelihood * (1 - chase), [...branch.assumed, { key, judged: assume }]);
      down(CHASED, branch.likelihood * chase, [...branch.assumed, { key, judged: CHASED }]);
    }
    return out;
  }

  /** The first trial of the spine whose verdict is not known (null once the reducer ends). */
  root(known: (input: Json, key: string) => Judged | undefined): Json | null {
    this.#advance(known);
    return this.#step.done ? null : this.#input(this.#step.value.input);
  }

  /**
   * Moves the spine past every trial whose verdict is known; the replays kept below the new end
   * are kept (their keys shortened), the others go.
   */
  #advance(known: (input: Json, key: string) => Judged | undefined): void {
    let moved = '';
    while (!this.#step.done) {
      const input = this.#input(this.#step.value.input);
      const judged = known(input, valueKey(input));
      if (!judged) break;
      this.#spine.push(judged);
      this.#step = this.#live.next(judged);
      moved += letter(judged);
    }
    if (moved === '') return;
    const kept = [...this.#memo].filter(
      ([key]) => key.length > moved.length && key.startsWith(moved),
    );
    this.#memo.clear();
    for (const [key, input] of kept) this.#memo.set(key.slice(moved.length), input);
  }

  /** The trial after the spine and `path` (whose letters are `letters`), by a replay. */
  #next(path: readonly Judged[], letters: string): Met | null {
    if (path.length === 0) {
      const raw = this.#step.done ? ended(this.#step.value) : this.#step.value.input;
      const met = this.#memo.get('');
      if (met && met.raw === raw) return met;
      const root = { raw, ...(this.#step.done ? { done: true } : {}) };
      this.#memo.set('', root);
      return root;
    }
    const kept = this.#memo.get(letters);
    if (kept !== undefined) return kept;
    const steps = this.#start();
    let step = steps.next();
    for (const judged of this.#spine) {
      if (step.done) break;
      step = steps.next(judged);
    }
    let prefix = '';
    for (const judged of path) {
      if (step.done) break;
      step = steps.next(judged);
      prefix += letter(judged);
      if (!this.#memo.has(prefix)) {
        this.#memo.set(
          prefix,
          step.done ? { raw: ended(step.value), done: true } : { raw: step.value.input },
        );
      }
    }
    return this.#memo.get(letters) ?? null;
  }

  /** The input and key of a trial met, made once. */
  #made(met: Met): { input: Json; key: string } {
    met.input ??= this.#input(met.raw);
    met.key ??= valueKey(met.input);
    return { input: met.input, key: met.key };
  }
}

/** A reducer's result, from what its steps returned. */
function ended(value: unknown): unknown {
  return (value as { reduced: unknown }).reduced;
}

/** One letter per judgement (chased, or its outcome), for the keys of kept replays. */
function letter(judged: Judged): string {
  return judged.chased ? 'c' : (LETTERS[judged.outcome] ?? '?');
}

const LETTERS: Record<string, string> = {
  PASS: 'p',
  FAIL: 'f',
  INVALID: 'i',
  TIMEOUT: 't',
  CRASH: 'x',
};
