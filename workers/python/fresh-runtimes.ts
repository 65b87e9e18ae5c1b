import { HELPER } from './helper.js';
import type { PythonFunction, PythonRuntime, StartPython } from './runtime.js';

/** The helper's functions, as JavaScript calls them. */
export interface Helper {
  load: PythonFunction;
  check: PythonFunction;
  select: PythonFunction;
  call: PythonFunction;
  call_batch: PythonFunction;
}

/** A runtime's helper, and whether user code has run in the runtime. */
interface Held {
  helper: Helper;
  used: boolean;
}

/** What every runtime runs before any user code: the helper, and its functions in one table. */
const SETUP = `${HELPER}
_deltalab = dict(load=load, check=check, select=select, call=call, call_batch=call_batch)
`;

/**
 * A Python sandbox's runtimes, one at a time, each loaded code in one of its own: code never sees
 * what code before it changed, whatever it was (modules, classes, functions' defaults, built-ins,
 * `sys` settings such as the int digits limit, trace and profile hooks, codecs, warnings, the
 * environment, the working folder, files anywhere). The first runtime starts afresh (seconds)
 * and runs the helper; its memory is then kept as a snapshot, before any user code runs, and
 * each later runtime starts from that snapshot (a fraction of a second) once user code has run
 * in the one at hand. Requests are served in order.
 */
export class FreshRuntimes {
  readonly #start: StartPython;
  #snapshot: Uint8Array | undefined;
  #current: Promise<Held>;

  constructor(start: StartPython) {
    this.#start = start;
    this.#current = this.#first();
    // A runtime that fails to start is reported by whoever asks for it next.
    this.#current.catch(() => {});
  }

  /**
   * Resolves with the helper of a runtime no user code has run in, starting one if the runtime
   * at hand has run some. `use`: user code is about to run in it, so the next request gets
   * another; otherwise (compiling only, or a ping) the runtime stays fresh.
   */
  fresh(use: boolean): Promise<Helper> {
    // The used runtime is let go of before the next one starts, so that its memory can be freed.
    const next = this.#current
      .then((held) => (held.used ? this.#restart() : held))
      .then((fresh) => {
        if (use) fresh.used = true;
        return fresh;
      });
    this.#current = next;
    next.catch(() => {});
    return next.then((held) => held.helper);
  }

  async #first(): Promise<Held> {
    const runtime = await this.#start();
    runtime.runPython(SETUP);
    this.#snapshot = runtime.makeMemorySnapshot();
    return { helper: helperOf(runtime), used: false };
  }

  async #restart(): Promise<Held> {
    return { helper: helperOf(await this.#start(this.#snapshot)), used: false };
  }
}

/** The helper's functions in a runtime that ran {@link SETUP}. */
function helperOf(runtime: PythonRuntime): Helper {
  const table = runtime.globals.get('_deltalab') as { get(name: string): unknown };
  const get = (name: string) => table.get(name) as PythonFunction;
  return {
    load: get('load'),
    check: get('check'),
    select: get('select'),
    call: get('call'),
    call_batch: get('call_batch'),
  };
}
