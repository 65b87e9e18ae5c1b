import type { Runtime } from '../core/code/refs.js';
import type { Role } from '../core/oracle/verdict.js';
import type { SandboxCount } from '../protocol/reducer.js';
import type { ExitReason, WorkerPort } from '../protocol/sandbox.js';

/**
 * A sandbox the pool started: the platform's port, the listeners of whoever holds it now, and the
 * code that ran in it (null: none yet).
 */
interface Slot {
  port: WorkerPort;
  listeners: ((reason: ExitReason) => void)[];
  ended: boolean;
  code: string | null;
}

/**
 * Sandboxes started ahead of need: one spare per role and runtime, its runtime starting (the
 * realm frozen, or Python loading) and no user code in it, so that a run, or a worker replaced
 * after a timeout, does not wait for one to start. Taking a spare hands it over; the pool then
 * holds none for that role until it is filled again, or until a sandbox is given back with
 * {@link keep}: a Python runtime that a run used, kept because it takes seconds to start again.
 * Such a sandbox goes to a run of the same code only (it puts its state back before it loads the
 * code again); asked for other code, it is stopped and a fresh one started. A spare that ends on
 * its own is dropped.
 */
export class WarmPool {
  readonly #spawn: (role: Role, runtime: Runtime) => WorkerPort;
  readonly #spares = new Map<string, WorkerPort>();
  /** The pool's sandboxes, by the port handed out for each. */
  readonly #slots = new WeakMap<WorkerPort, Slot>();
  readonly #count: SandboxCount = { spawned: 0, alive: 0 };

  constructor(spawn: (role: Role, runtime: Runtime) => WorkerPort) {
    this.#spawn = spawn;
  }

  /** Sandboxes started so far (spares and those handed over) and those still running. */
  get count(): SandboxCount {
    return { ...this.#count };
  }

  /**
   * A sandbox for `role` on `runtime` to run `code` in: the spare when there is one (and no other
   * code ran in it), else one started now.
   */
  take(role: Role, runtime: Runtime = 'js', code?: string): WorkerPort {
    const key = `${role}/${runtime}`;
    this.#dropOther(key, code);
    const spare = this.#spares.get(key);
    this.#spares.delete(key);
    return spare ?? this.#start(role, runtime, key);
  }

  /**
   * The spare for `role` on `runtime`, lent without being taken (for work that loads no code
   * into it, such as compiling to find syntax errors), or null when there is none.
   */
  peek(role: Role, runtime: Runtime): WorkerPort | null {
    return this.#spares.get(`${role}/${runtime}`) ?? null;
  }

  /**
   * Starts a spare for each role that has none on `runtime`; with `codeOf`, also for each role
   * whose spare ran other code than the role's (that one is stopped).
   */
  fill(roles: readonly Role[], runtime: Runtime = 'js', codeOf?: (role: Role) => string): void {
    for (const role of roles) {
      const key = `${role}/${runtime}`;
      if (codeOf) this.#dropOther(key, codeOf(role));
      if (!this.#spares.has(key)) this.#spares.set(key, this.#start(role, runtime, key));
    }
  }

  /**
   * Takes back a running sandbox this pool handed out, in which `code` ran, as the spare for
   * `role` on `runtime` when there is none; otherwise (or when it has ended, or is not the
   * pool's) it is stopped.
   */
  keep(role: Role, runtime: Runtime, port: WorkerPort, code: string): void {
    const key = `${role}/${runtime}`;
    const slot = this.#slots.get(port);
    if (!slot || slot.ended || this.#spares.has(key)) {
      port.terminate();
      return;
    }
    slot.code = code;
    // Whoever held it before hears no more of it.
    this.#spares.set(key, this.#handle(slot, key));
  }

  /** Stops the spare under `key` when other code than `code` ran in it. */
  #dropOther(key: string, code: string | undefined): void {
    const spare = this.#spares.get(key);
    const ran = spare ? this.#slots.get(spare)?.code : null;
    if (spare && ran != null && ran !== code) spare.terminate();
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
    const slot: Slot = { port, listeners: [], ended: false, code: null };
    port.onExit((reason) => {
      if (!this.#end(slot)) return;
      const spare = this.#spares.get(key);
      if (spare && this.#slots.get(spare) === slot) this.#spares.delete(key);
      for (const listener of slot.listeners) listener(reason);
    });
    return this.#handle(slot, key);
  }

  /** Counts the slot's sandbox as ended, once; whether it had not been before. */
  #end(slot: Slot): boolean {
    if (slot.ended) return false;
    slot.ended = true;
    this.#count.alive--;
    return true;
  }

  /** A port for the slot's sandbox for a new holder: its listeners from now on are the holder's. */
  #handle(slot: Slot, key: string): WorkerPort {
    const listeners: ((reason: ExitReason) => void)[] = [];
    slot.listeners = listeners;
    const handle: WorkerPort = {
      endpoint: slot.port.endpoint,
      terminate: () => {
        this.#end(slot);
        const spare = this.#spares.get(key);
        if (spare === handle) this.#spares.delete(key);
        slot.port.terminate();
      },
      onExit(listener) {
        listeners.push(listener);
      },
    };
    this.#slots.set(handle, slot);
    return handle;
  }
}
