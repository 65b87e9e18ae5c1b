import type { CompileError } from '../core/code/compile-error.js';
import type { CallResult } from '../core/oracle/classify.js';
import type { Role } from '../core/oracle/verdict.js';
import { SandboxReplyError } from './replies.js';
import type { Settled } from './sandbox-worker.js';

/**
 * A sandbox client's time per call: the budget each call (or batch, as a whole) gets, a running
 * estimate of what one call takes (batches are cut to fit the budget by it), and what a request
 * that settled without an answer means for a call.
 */
export class CallBudget {
  readonly #budgetMs: number;
  readonly #role: Role;
  #perCallMs = 0;

  constructor(budgetMs: number, role: Role) {
    this.#budgetMs = budgetMs;
    this.#role = role;
  }

  /** The wall-clock budget of one call, or one batch round trip, in milliseconds. */
  get budgetMs(): number {
    return this.#budgetMs;
  }

  /** The running estimate of one call's time in milliseconds (0 before the first call). */
  get perCallMs(): number {
    return this.#perCallMs;
  }

  /** Keeps a running estimate of the time one call takes (for sizing batches). */
  observe(ms: number): void {
    this.#perCallMs = this.#perCallMs > 0 ? (this.#perCallMs + ms) / 2 : ms;
  }

  /** Forgets the estimate (other code is loaded). */
  reset(): void {
    this.#perCallMs = 0;
  }

  /** The most inputs one round trip takes: slow code gets smaller batches, to fit the budget. */
  chunkSize(): number {
    return this.#perCallMs > 0
      ? Math.max(1, Math.floor(this.#budgetMs / (4 * this.#perCallMs)))
      : Number.POSITIVE_INFINITY;
  }

  /**
   * A call's result from how its request settled (started at `started`): its answer, a TIMEOUT
   * when the budget ran out, a crash when the worker ended. Throws for a disposed client (an
   * `AbortError`) and for an answer no sandbox could send.
   */
  result(settled: Settled<CallResult>, started: number): CallResult {
    const ms = performance.now() - started;
    const role = this.#role;
    switch (settled.kind) {
      case 'value':
        return settled.value;
      case 'timeout': {
        const message = `ran longer than ${this.#budgetMs} ms`;
        return { ok: false, timeout: true, error: { name: 'Timeout', message, role }, ms };
      }
      case 'exit':
        return { ok: false, error: { ...settled.reason, role }, ms };
      case 'disposed':
        throw disposedError();
      case 'malformed':
        throw new SandboxReplyError(role, settled.problem);
    }
  }

  /** A call's result when the code could not be loaded. */
  loadFailure(error: CompileError): CallResult {
    return { ok: false, error: { ...error, role: this.#role }, ms: 0 };
  }
}

/** The error every call of a disposed client rejects with. */
export function disposedError(): Error {
  const error = new Error('the sandbox was disposed');
  error.name = 'AbortError';
  return error;
}
