import { type Remote, wrap } from 'comlink';
import type { CompileError } from '../core/code/compile-error.js';
import type { Language } from '../core/code/refs.js';
import type { Role } from '../core/oracle/verdict.js';
import type { SandboxApi, WorkerPort } from '../protocol/sandbox.js';
import { sandboxMethods } from './sandbox-worker.js';

/** How long one check may take once the sandbox has started. */
const CHECK_MS = 5000;

/**
 * Checks code that only its sandbox can parse (Python) without running any of it, in a sandbox
 * into which no code is loaded; it only compiles. The sandbox is a spare borrowed for the check
 * when there is one (a run's spare, its runtime started: compiling leaves nothing behind), else
 * one of its own, started when first asked and kept for the next check. A sandbox of its own that
 * does not answer in time, or ends, is dropped; either way that check finds nothing (the run will
 * report the error when it loads the code).
 */
export class SyntaxChecker {
  readonly #spawn: () => WorkerPort;
  readonly #borrow: () => WorkerPort | null;
  readonly #startMs: number;
  #sandbox: { port: WorkerPort; remote: Remote<SandboxApi>; started: Promise<unknown> } | null =
    null;

  /** `borrow` lends a started sandbox with no code in it, when there is one. */
  constructor(
    spawn: () => WorkerPort,
    startMs: number,
    borrow: () => WorkerPort | null = () => null,
  ) {
    this.#spawn = spawn;
    this.#borrow = borrow;
    this.#startMs = startMs;
  }

  /** The syntax error of `source` in `role`, or null (also when the check could not be made). */
  async check(source: string, language: Language, role: Role): Promise<CompileError | null> {
    const borrowed = this.#borrow();
    const methods = borrowed ? sandboxMethods(borrowed) : null;
    const sandbox = methods ? { remote: methods, started: methods.ping() } : this.#start();
    const within = <T>(work: PromiseLike<T>, ms: number): Promise<T | 'late'> =>
      Promise.race([work, new Promise<'late'>((resolve) => setTimeout(resolve, ms, 'late'))]);
    try {
      if ((await within(sandbox.started, this.#startMs)) === 'late') throw new Error('late');
      const found = await within(sandbox.remote.check({ source, language, role }), CHECK_MS);
      if (found === 'late') throw new Error('late');
      return found;
    } catch {
      // A borrowed sandbox is its lender's to end.
      if (!borrowed) this.dispose();
      return null;
    }
  }

  /** Ends the checking sandbox. */
  dispose(): void {
    this.#sandbox?.port.terminate();
    this.#sandbox = null;
  }

  #start() {
    if (!this.#sandbox) {
      const port = this.#spawn();
      const remote = wrap<SandboxApi>(port.endpoint);
      port.onExit(() => {
        if (this.#sandbox?.port === port) this.#sandbox = null;
      });
      this.#sandbox = { port, remote, started: remote.ping() };
    }
    return this.#sandbox;
  }
}
