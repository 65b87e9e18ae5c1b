import type { CompileError } from '../../src/core/code/compile-error.js';
import { chooseEntry } from '../../src/core/code/entry.js';
import { codeFileName } from '../../src/core/code/refs.js';
import type { Json } from '../../src/core/input/kinds.js';
import type { CallResult } from '../../src/core/oracle/classify.js';
import { clipOutput } from '../../src/core/oracle/output.js';
import type { ErrorInfo, Output, Role } from '../../src/core/oracle/verdict.js';
import { boundedError } from '../../src/core/text/error-text.js';
import {
  addResult,
  batchInput,
  batchLength,
  draftResults,
  sealResults,
} from '../../src/protocol/batch.js';
import type {
  BatchInputs,
  BatchResults,
  CodeSpec,
  LoadResult,
  LoadSpec,
  SandboxApi,
} from '../../src/protocol/sandbox.js';
import { hashInput } from '../sandbox/random.js';
import { FreshRuntimes, type Helper } from './fresh-runtimes.js';
import type { StartPython } from './runtime.js';

/** What the helper answers for a call, once its JSON text is read. */
type Answer = { value: Output } | { invalid: true } | { error: ErrorInfo };

/**
 * A Python sandbox as plain functions over Pyodide runtimes that `start` starts: the same
 * {@link SandboxApi} as the JavaScript sandbox, so the client, the budgets and the platforms are
 * shared. `ping` answers once a runtime no code has run in is at hand; each load runs its code in
 * one of its own (see {@link FreshRuntimes}). A module defines `candidate(a)` and
 * `reference(a)`, or `outcome(a)`, optionally `valid(a)`; the entry for a role is picked by the
 * same rule as in JavaScript (by name, else the only function). Inputs reach Python as JSON
 * values (lists, strings, dicts), `random` is seeded per call from the input as `Math.random` is,
 * and outputs are compared as JSON values.
 */
export function createPythonSandboxApi(start: StartPython): SandboxApi {
  const runtimes = new FreshRuntimes(start);
  let helper: Helper | undefined;
  let role: Role | undefined;

  const call = (input: Json): CallResult => {
    if (!helper || !role)
      return { ok: false, error: { name: 'Error', message: 'no code loaded' }, ms: 0 };
    const begun = performance.now();
    const answer = helper.call(JSON.stringify(input), hashInput(input));
    return resultOf(answer, role, performance.now() - begun);
  };

  return {
    async load(spec: LoadSpec): Promise<LoadResult> {
      role = undefined;
      helper = undefined;
      const python = await runtimes.fresh(true);
      helper = python;
      const file = codeFileName(spec);
      const loaded = JSON.parse(String(python.load(spec.source, file))) as
        | { functions: string[] }
        | { error: ErrorInfo };
      if ('error' in loaded) return { ok: false, error: compileError(loaded.error) };
      const choice = chooseEntry(spec.role, { exported: [], bare: loaded.functions }, 'py');
      if (!choice.ok) {
        return { ok: false, error: { name: 'Error', message: choice.message, line: 1, column: 1 } };
      }
      python.select(choice.name, spec.spread ? 1 : 0);
      role = spec.role;
      return { ok: true, exports: loaded.functions, entry: choice.name };
    },
    call,
    callBatch(inputs: BatchInputs): BatchResults {
      const count = batchLength(inputs);
      const batch = draftResults();
      const begun = performance.now();
      if (helper && role && count > 0) {
        const items = Array.from({ length: count }, (_, i) => batchInput(inputs, i));
        const answers = JSON.parse(
          String(helper.call_batch(JSON.stringify(items), JSON.stringify(items.map(hashInput)))),
        ) as Answer[];
        for (const answer of answers) addResult(batch, resultOf(answer, role as Role, 0));
      } else {
        for (let i = 0; i < count; i++) addResult(batch, call(batchInput(inputs, i)));
      }
      return sealResults(batch, (performance.now() - begun) / Math.max(1, count));
    },
    async check(spec: CodeSpec): Promise<CompileError | null> {
      // Compiling depends on the interpreter's state too (the int digits limit, warnings).
      const python = await runtimes.fresh(false);
      const found = JSON.parse(String(python.check(spec.source, codeFileName(spec))));
      return found === null ? null : compileError(found as ErrorInfo);
    },
    ping: () => runtimes.fresh(false).then(() => true as const),
  };
}

/**
 * A call's answer (a number, or the helper's JSON text, or already read) as a call result: a
 * long output clipped, a long error message cut, as the JavaScript sandbox answers them.
 */
function resultOf(answer: unknown, role: Role, ms: number): CallResult {
  if (typeof answer === 'number') return { ok: true, value: answer, ms };
  const read = (typeof answer === 'string' ? JSON.parse(answer) : answer) as Answer;
  if ('value' in read) return { ok: true, value: clipOutput(read.value), ms };
  if ('invalid' in read) return { ok: true, value: null, invalid: true, ms };
  return { ok: false, error: { ...read.error, ...bounded(read.error), role }, ms };
}

/** An error's name and message as Python said them, cut to the sandbox's bounds. */
function bounded(error: ErrorInfo): { name: string; message: string } {
  return boundedError(String(error.name), String(error.message));
}

/** A load error placed for an editor marker (line 1 when Python did not say). */
function compileError(error: ErrorInfo): CompileError {
  return {
    ...bounded(error),
    line: error.line ?? 1,
    column: error.column ?? 1,
  };
}
