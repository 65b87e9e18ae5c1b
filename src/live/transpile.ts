import { transform } from 'sucrase';
import type { CompileError } from '../core/code/compile-error.js';
import { codeFileName } from '../core/code/refs.js';
import { LANGUAGES } from '../core/code/runtimes/registry.js';
import { errorParts } from '../core/text/error-text.js';
import type { CodeSpec, LoadSpec } from '../protocol/sandbox.js';

/** Code ready for a sandbox, or the syntax error that keeps it from being so. */
export type Transpiled = { ok: true; spec: LoadSpec } | { ok: false; error: CompileError };

/**
 * What turns user code into sandbox JavaScript: {@link transpile}, or a platform's stand-in for
 * it (the CLI's keeps the results on disk, so a run of code it has seen loads no compiler).
 */
export type Transpiler = (spec: CodeSpec) => Transpiled | Promise<Transpiled>;

/**
 * Turns user code into plain JavaScript for the sandbox: TypeScript types stripped, ES module
 * syntax turned into `exports`. It runs on the host (the reducer worker, the CLI), so the
 * sandbox workers stay small and start fast, and a syntax error is found without starting any.
 * The source map's mappings travel along, so that errors can be placed in the user's source.
 */
export function transpile(spec: CodeSpec): Transpiled {
  const file = codeFileName(spec);
  try {
    const result = transform(spec.source, {
      transforms: LANGUAGES[spec.language].typed ? ['typescript', 'imports'] : ['imports'],
      disableESTransforms: true,
      filePath: file,
      sourceMapOptions: { compiledFilename: file },
    });
    return {
      ok: true,
      spec: { ...spec, code: result.code, mappings: result.sourceMap?.mappings ?? '' },
    };
  } catch (error) {
    return { ok: false, error: parseError(error) };
  }
}

/**
 * {@link transpile}, remembering its last `keep` answers: running code again that has not changed
 * since (or that was checked as it was typed) transpiles nothing. Answers are shared: read only.
 */
export function transpileRemembering(keep = 8): (spec: CodeSpec) => Transpiled {
  const kept = new Map<string, Transpiled>();
  return (spec) => {
    // A call's arguments spread or not is part of the answer's spec: a spec scanned before a run
    // (never spread) must not be served to a run that spreads.
    const key = JSON.stringify([spec.language, spec.role, spec.spread === true, spec.source]);
    const made = kept.get(key) ?? transpile(spec);
    kept.delete(key); // set again below, as the newest
    kept.set(key, made);
    for (const oldest of kept.keys()) {
      if (kept.size <= keep) break;
      kept.delete(oldest);
    }
    return made;
  };
}

/**
 * A sucrase parse error: its `loc` is 1-based; its message reads
 * `Error transforming <file>: <message> (<line>:<column>)`.
 */
function parseError(error: unknown): CompileError {
  const { name, message } = errorParts(error);
  const loc = (error as { loc?: { line?: unknown; column?: unknown } } | null)?.loc;
  const line = typeof loc?.line === 'number' ? loc.line : 1;
  const column = typeof loc?.column === 'number' ? loc.column : 1;
  return {
    name,
    message: message.replace(/^Error transforming \S+: /, '').replace(/ ?\(\d+:\d+\)$/, ''),
    line,
    column,
  };
}
