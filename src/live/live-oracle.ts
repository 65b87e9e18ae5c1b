import type { RoleError } from '../core/code/compile-error.js';
import { judgingRoles, type ResolvedCode, type Runtime, runtimeOf } from '../core/code/refs.js';
import { RUNTIMES, runtimeHome } from '../core/code/runtimes/registry.js';
import {
  classifyPair,
  classifyPredicate,
  defaultValid,
  emptyVerdict,
} from '../core/oracle/classify.js';
import type { Input, Oracle } from '../core/oracle/oracle.js';
import type { Role, Verdict } from '../core/oracle/verdict.js';
import { JUDGED_AHEAD } from '../core/reduce/exhaustive.js';
import { encodeBatch, resultAt } from '../protocol/batch.js';
import type { Spawn, WorkerPort } from '../protocol/sandbox.js';
import { ReferenceMemo } from './reference-memo.js';
import { SandboxClient } from './sandbox-client.js';
import type { Transpiler } from './transpile.js';

/** Platform services the live oracle needs. */
export interface LiveOracleOptions {
  /** Starts a sandbox worker for a role, on the runtime its language needs. */
  spawn: (role: Role, runtime: Runtime) => ReturnType<Spawn>;
  /** Per-call budget in milliseconds. */
  callMs: number;
  /** Budget for a JavaScript sandbox to start (default: the client's); Python has its own. */
  startMs?: number;
  /** Turns JavaScript and TypeScript into sandbox code. */
  transpile: Transpiler;
  /**
   * Runs the code on the empty input too, which is otherwise INVALID without running anything:
   * an isolation starts from it (Zeller's `dd` takes the empty configuration as its passing
   * side), so there the code, not a default, says whether it passes.
   */
  judgeEmpty?: boolean;
  /** Each input is the array of a call's arguments: the functions get them one by one. */
  spread?: boolean;
}

/**
 * Judges inputs by running user code in sandbox workers: the candidate and the reference in two
 * workers of their own (so neither can change what the other sees), or a single `outcome(a)`
 * predicate. The empty array is INVALID without running anything (unless
 * {@link LiveOracleOptions.judgeEmpty}).
 */
export class LiveOracle implements Oracle {
  readonly #clients: Partial<Record<Role, SandboxClient>> = {};
  /** The roles whose workers this oracle started (a borrowed reference is not one). */
  readonly #own: Role[] = [];
  #code: ResolvedCode;
  readonly #options: LiveOracleOptions;
  /** The reference's batch results, kept once another candidate borrows the reference. */
  #memo: ReferenceMemo | undefined;

  /**
   * Starts no worker yet: each role's worker starts on {@link load}. With `borrowed`, the
   * reference is that client (another oracle's), its batch results read from `memo` first.
   */
  constructor(
    code: ResolvedCode,
    options: LiveOracleOptions,
    borrowed?: { reference: SandboxClient; memo: ReferenceMemo },
  ) {
    this.#code = code;
    this.#options = options;
    if (borrowed) {
      this.#clients.reference = borrowed.reference;
      this.#memo = borrowed.memo;
    }
    for (const role of judgingRoles(code)) {
      if (borrowed && role === 'reference') continue;
      this.#own.push(role);
      const source = code[role];
      if (source === undefined) throw new Error(`the ${role} code is missing`);
      const runtime = runtimeOf(code.language);
      const startMs = RUNTIMES[runtime].startMs ?? options.startMs;
      this.#clients[role] = new SandboxClient(
        () => options.spawn(role, runtime),
        { source, language: code.language, role, ...(options.spread ? { spread: true } : {}) },
        options.transpile,
        // Python's runtime may first have to be downloaded and started: that is not the code's time.
        {
          budgetMs: options.callMs,
          // As many batches as an exhaustive check announces may wait behind the one in flight.
          lookAhead: JUDGED_AHEAD,
          ...(startMs !== undefined ? { startBudgetMs: startMs } : {}),
        },
      );
    }
  }

  /**
   * An oracle for another candidate against this oracle's reference, as an exhaustive check of
   * a corrected version needs: it starts a worker for `candidate` only and shares the reference's
   * worker (calls to it queue in order). From now on this oracle keeps the reference's results of
   * the batches it judges, and the new oracle takes them from there for the same batches instead
   * of running the reference again (any other batch runs on the shared worker). Disposing the
   * new oracle leaves the reference's worker running.
   */
  withCandidate(candidate: string): LiveOracle {
    const reference = this.#clients.reference;
    if (!reference || this.#clients.outcome) {
      throw new Error('only a candidate/reference pair has a reference to share');
    }
    this.#memo ??= new ReferenceMemo();
    return new LiveOracle({ ...this.#code, candidate }, this.#options, {
      reference,
      memo: this.#memo,
    });
  }

  /**
   * From now on, keeps the reference's results of the batches judged, and reads them back for
   * the same batches instead of running the reference again: what a check of another candidate
   * ({@link switchCandidate}, {@link withCandidate}) against the same reference needs.
   */
  keepReferenceResults(): void {
    this.#memo ??= new ReferenceMemo();
  }

  /**
   * Judges with `candidate` from now on, in the candidate's worker (see
   * {@link SandboxClient.reload}): an exhaustive check of a corrected version after the buggy
   * one's needs no worker of its own. Resolves to the new candidate's load errors (empty when it
   * compiled). The reference's results kept since {@link keepReferenceResults} are read back.
   */
  async switchCandidate(candidate: string): Promise<RoleError[]> {
    const client = this.#clients.candidate;
    if (!client || !this.#own.includes('candidate')) {
      throw new Error('only a candidate/reference pair has a candidate to switch');
    }
    this.#code = { ...this.#code, candidate };
    const result = await client.reload(candidate);
    return result.ok ? [] : [{ ...result.error, role: 'candidate' }];
  }

  /** Loads every role's code; returns the errors (empty when all compiled). */
  async load(): Promise<RoleError[]> {
    // The roles' workers start and load side by side (a borrowed reference by its owner).
    const entries = this.#entries();
    const results = await Promise.all(entries.map(([, client]) => client.load()));
    return results.flatMap((result, i) =>
      result.ok ? [] : [{ ...result.error, role: (entries[i] as [Role, SandboxClient])[0] }],
    );
  }

  async judge(input: Input): Promise<Verdict> {
    if (!this.#runs(input)) return emptyVerdict(input);
    const { outcome, candidate, reference } = this.#clients;
    if (outcome) return classifyPredicate(await outcome.call(input));
    const [c, r] = await slowerFirst(
      candidate as SandboxClient,
      reference as SandboxClient,
      (client) => client.call(input),
    );
    return classifyPair(c, r);
  }

  async judgeBatch(inputs: readonly Input[]): Promise<Verdict[]> {
    // Encoded once, here: both roles' workers get a copy of the same batch.
    const valid = encodeBatch(inputs.filter((input) => this.#runs(input)));
    const { outcome, candidate, reference } = this.#clients;
    let judged: Verdict[];
    if (outcome) {
      judged = (await outcome.callBatch(valid)).map(classifyPredicate);
    } else {
      const kept = this.#memo?.lookup(valid);
      const [c, r] = kept
        ? [await (candidate as SandboxClient).callBatchEncoded(valid), kept]
        : await slowerFirst(candidate as SandboxClient, reference as SandboxClient, (client) =>
            client.callBatchEncoded(valid),
          );
      // Read straight from the batch results: no result object per call on the way.
      const [cOthers, rOthers] = [new Map(c.others), new Map(r.others)];
      const [cScratch, rScratch] = [scratch(), scratch()];
      judged = new Array(c.numbers.length);
      for (let i = 0; i < c.numbers.length; i++) {
        judged[i] = classifyPair(
          resultAt(c, i, cOthers, cScratch),
          resultAt(r, i, rOthers, rScratch),
        );
      }
      if (!kept) this.#memo?.keep(valid, r);
    }
    let k = 0;
    return inputs.map((input) =>
      this.#runs(input) ? (judged[k++] as Verdict) : emptyVerdict(input),
    );
  }

  /** Whether the code runs on `input` (not the empty input, unless asked to). */
  #runs(input: Input): boolean {
    return this.#options.judgeEmpty === true || defaultValid(input);
  }

  /** Workers this oracle started and still running, over its roles (for tests and the UI). */
  get workers(): { spawned: number; alive: number } {
    let spawned = 0;
    let alive = 0;
    for (const [, client] of this.#entries()) {
      spawned += client.spawned;
      alive += client.alive;
    }
    return { spawned, alive };
  }

  /** Terminates the workers this oracle started; their pending calls reject (`AbortError`). */
  dispose(): void {
    for (const [, client] of this.#entries()) client.dispose();
  }

  /**
   * Disposes of the oracle, handing over the sandboxes that are running and idle when their
   * runtime starts afresh for each code (Python's: its runtime takes seconds to start; the next
   * code loaded gets one of its own, started from a snapshot in a fraction of a second):
   * each with its role, for a pool to keep. Every other worker is terminated.
   */
  release(): { role: Role; port: WorkerPort }[] {
    const kept: { role: Role; port: WorkerPort }[] = [];
    const keep = runtimeHome(this.#code.language).freshRuntimes;
    for (const [role, client] of this.#entries()) {
      if (!keep) {
        client.dispose();
        continue;
      }
      const port = client.release();
      if (port) kept.push({ role, port });
    }
    return kept;
  }

  /** The roles whose workers this oracle started, with their clients. */
  #entries(): [Role, SandboxClient][] {
    return this.#own.map((role) => [role, this.#clients[role] as SandboxClient]);
  }
}

/** How long a Python sandbox may take to start (download, compile and start its runtime). */
export const PYTHON_START_MS = RUNTIMES.py.startMs ?? 0;

/** A number result, reused for every call of a batch by {@link resultAt}. */
function scratch(): { ok: true; value: number; ms: number } {
  return { ok: true, value: 0, ms: 0 };
}

/**
 * Asks both roles side by side, the one whose calls have taken longer first (the reference on a
 * tie: a brute-force reference is the usual slower one), so that it starts first and the pair's
 * answer comes sooner. Resolves to the candidate's and the reference's answers, in that order.
 */
function slowerFirst<T>(
  candidate: SandboxClient,
  reference: SandboxClient,
  ask: (client: SandboxClient) => Promise<T>,
): Promise<[T, T]> {
  if (candidate.perCallMs > reference.perCallMs)
    return Promise.all([ask(candidate), ask(reference)]);
  const r = ask(reference);
  return Promise.all([ask(candidate), r]);
}
