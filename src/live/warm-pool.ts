import type { Runtime } from '../core/code/refs.js';
import type { Role } from '../core/oracle/verdict.js';
import type { SandboxCount } from '../protocol/reducer.js';
import type { ExitReason, WorkerPort } from '../protocol/sandbox.js';

/**
 * Sandboxes started ahead of need: one spare per role and runtime, its runtime starting (the
 * realm frozen, or Python loading) and no user code in it, so that a run, or a worker replaced
 * after a timeout, does not wait for one to start. Taking a spare hands it over; the pool then
 * holds none for that role until it is filled again. A spare that ends on its own is dropped.
 */
export class WarmPool {
  readonly #spawn: (role: Role, runtime: Runtime) => WorkerPort;
  readonly #spares = new Map<string, WorkerPort>();
  readonly #count: SandboxCount = { spawned: 0, alive: 0 };

  constructor(spawn: (role: Role, runtime: Runtime) => WorkerPort) {
    this.#spawn = spawn;
  }

  /** Sandboxes started so far (spares and those handed over) and those still running. */
  get count(): SandboxCount {
    return { ...this.#count };
  }

  /** A sandbox for `role` on `runtime`: the spare when there is one, else one started now. */
  take(role: Role, runtime: Runtime = 'js'): WorkerPort {
    const key = `${role}/${runtime}`;
    const spare = this.#spares.get(key);
    this.#spares.delete(key);
    return spare ?? this.#start(role, runtime, key);
  }

  /** Starts a spare for each role that has none on `runtime`. */
  fill(roles: readonly Role[], runtime: Runtime = 'js'): void {
    for (const role of roles) {
      const key = `${role}/${runtime}`;
      if (!this.#spares.has(key)) this.#spares.set(key, this.#start(role, runtime, key));
    }
  }

  /** Stops every spare. */
  clear(): void {
    for (const spare of this.#spares.values()) spare.terminate();
    this.#spares.clear();
  }

  /** Starts a sandbox and keeps count of it until it ends, whoever holds it then. */
  #start(role: Role, runtime: Runtime, key: string): WorkerPort {
    const port = this.#spawn(role, runtime);
    this.#count.spawned++;
    this.#count.alive++;
    let ended = false;
    const end = () => {
      if (ended) return false;
      ended = true;
      this.#count.alive--;
      return true;
    };
    const listeners: ((reason: ExitReason) => void)[] = [];
    port.onExit((reason) => {
      if (!end()) return;
      if (this.#spares.get(key) === counted) this.#spares.delete(key);
      for (const listener of listeners) listener(reason);
    });
    const counted: WorkerPort = {
      endpoint: port.endpoint,
      terminate() {
        end();
        port.terminate();
      },
      onExit(listener) {
        listeners.push(listener);
      },
    };
    return counted;
  }
}
