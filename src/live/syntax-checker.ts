import { type Remote, wrap } from 'comlink';
import type { CompileError } from '../core/code/compile-error.js';
import type { Language } from '../core/code/refs.js';
import type { Role } from '../core/oracle/verdict.js';
import type { SandboxApi, WorkerPort } from '../protocol/sandbox.js';

/** How long one check may take once the sandbox has started. */
const CHECK_MS = 5000;

/**
 * Checks code that only its sandbox can parse (Python) without running any of it: one sandbox,
 * started when first asked and kept for the next check, into which no code is ever loaded; it
 * only compiles. A sandbox that does not answer in time, or ends, is dropped, and that check
 * finds nothing (the run will report the error when it loads the code).
 */
export class SyntaxChecker {
  readonly #spawn: () => WorkerPort;
  readonly #startMs: number;
  #sandbox: { port: WorkerPort; remote: Remote<SandboxApi>; started: Promise<unknown> } | null =
    null;

  constructor(spawn: () => WorkerPort, startMs: number) {
    this.#spawn = spawn;
    this.#startMs = startMs;
  }

  /** The syntax error of `source` in `role`, or null (also when the check could not be made). */
  async check(source: string, language: Language, role: Role): Promise<CompileError | null> {
    const sandbox = this.#start();
    const within = <T>(work: PromiseLike<T>, ms: number): Promise<T | 'late'> =>
      Promise.race([work, new Promise<'late'>((resolve) => setTimeout(resolve, ms, 'late'))]);
    try {
      if ((await within(sandbox.started, this.#startMs)) === 'late') throw new Error('late');
      const found = await within(sandbox.remote.check({ source, language, role }), CHECK_MS);
      if (found === 'late') throw new Error('late');
      return found;
    } catch {
      this.dispose();
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
