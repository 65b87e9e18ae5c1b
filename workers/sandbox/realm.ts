import 'ses';
import { guardedFunction } from './guarded-function.js';
import { userStack } from './stack.js';

/**
 * The sandbox's realm: frozen before any user code runs, and the compartments user code is
 * evaluated in. A compartment has a global object of its own holding only the shared, frozen
 * intrinsics (no `fetch`, timers, workers, `postMessage` or `process`) plus what a pure function
 * needs: `Math`, whose `random` is the current call's seeded stream, and a `console`.
 */

let locked = false;

/**
 * Freezes the realm's intrinsics (ses `lockdown`), once: user code can then neither patch what
 * the sandbox relies on (`Array.prototype`, `JSON`, …) nor reach the sandbox's own globals.
 * Error stacks stay readable, so that a crash can be placed in the user's source, but hold only
 * the frames of the user's own file (see `userStack`).
 */
export function lockRealm(): void {
  if (locked) return;
  lockdown({
    errorTaming: 'unsafe',
    stackFiltering: 'verbose',
    consoleTaming: 'unsafe',
    // 'severe': user code may still assign any property of its own objects (`counts[word] = 1`
    // for the word "constructor", `point.toString = …`) even though the prototypes are frozen.
    overrideTaming: 'severe',
    localeTaming: 'unsafe',
    reporting: 'none',
    errorTrapping: 'none',
    unhandledRejectionTrapping: 'none',
  });
  // Stacks as user code reads them: the user's own frames only (ses keeps this setter working
  // after lockdown, in every compartment's errors).
  (Error as unknown as { prepareStackTrace: typeof userStack }).prepareStackTrace = userStack;
  locked = true;
}

/** A fresh compartment for one piece of user code, and its global names and values. */
export interface UserCompartment {
  evaluate(source: string): unknown;
  /** Global names that can be bound as plain variables (so lookups skip the global object). */
  names: string[];
  values: unknown[];
}

/**
 * A compartment whose `Math.random` is `random` and whose `console` writes through `log`.
 * {@link lockRealm} must have run.
 */
export function makeCompartment(
  random: () => number,
  log: (level: string, args: unknown[]) => void,
): UserCompartment {
  const math = harden(Object.create(Math, { random: { value: random, enumerable: false } }));
  const console = harden({
    log: (...args: unknown[]) => log('log', args),
    info: (...args: unknown[]) => log('info', args),
    warn: (...args: unknown[]) => log('warn', args),
    error: (...args: unknown[]) => log('error', args),
    debug: (...args: unknown[]) => log('debug', args),
  });
  const compartment = new Compartment({ globals: { Math: math, console }, __options__: true });
  const global = compartment.globalThis as Record<string, unknown>;
  const names = Object.getOwnPropertyNames(global).filter((name) => IDENTIFIER.test(name));
  const evaluate = (source: string) => compartment.evaluate(source);
  // Functions made from text at run time read undeclared names as plain JavaScript does.
  const made = harden(guardedFunction(global.Function as FunctionConstructor, evaluate, names));
  return {
    evaluate,
    names,
    values: names.map((name) => (name === 'Function' ? made : global[name])),
  };
}

/** A name that can be a parameter of a strict function. */
const IDENTIFIER = /^(?!(?:eval|arguments|undefined|NaN|Infinity)$)[A-Za-z_$][\w$]*$/;
