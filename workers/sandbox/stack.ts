/**
 * Finding where in the user's source something was thrown: the stack frame that names the
 * user's file, shifted by the lines the sandbox puts before the code, mapped through sucrase's
 * source map back to the source columns.
 */
import { decode } from '@jridgewell/sourcemap-codec';
import { errorParts } from '../../src/core/text/error-text.js';

/** A 1-based position in a file. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** Maps a 1-based position in compiled code to the same point in the user's source. */
export type PositionMap = (position: SourcePosition) => SourcePosition;

/** The first `file:line:column` a stack names for `file`, as written in the stack. */
export function frameIn(stack: string, file: string): SourcePosition | undefined {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[\\s(@/])${escaped}:(\\d+):(\\d+)`, 'm').exec(stack);
  if (!match) return undefined;
  return { line: Number(match[1]), column: Number(match[2]) };
}

/** The stack of a thrown value, when it has one. */
export function stackOf(thrown: unknown): string | undefined {
  try {
    if (typeof thrown !== 'object' || thrown === null) return undefined;
    const stack: unknown = (thrown as { stack?: unknown }).stack;
    return typeof stack === 'string' ? stack : undefined;
  } catch {
    return undefined; // a throwing `stack` getter
  }
}

/**
 * A {@link PositionMap} from the `mappings` of a version 3 source map (sucrase maps each token
 * to its source position; lines never move). An empty map is the identity.
 */
export function sourceMapPositions(mappings: string): PositionMap {
  const lines = decode(mappings);
  return ({ line, column }) => {
    let found: [number, number, number, number] | undefined;
    for (const segment of lines[line - 1] ?? []) {
      if (segment.length < 4) continue; // a segment that maps to no source
      if (segment[0] > column - 1) break;
      found = segment as [number, number, number, number];
    }
    if (!found) return { line, column };
    const [generated, , sourceLine, sourceColumn] = found;
    return { line: sourceLine + 1, column: sourceColumn + (column - 1 - generated) + 1 };
  };
}

/** The script names user code runs under in a sandbox (see `codeFileName`). */
const USER_FILE = /^(?:candidate|reference|outcome)\.(?:js|ts)$/;

/** What {@link userStack} reads of one of V8's call sites. */
export interface CallSite {
  getScriptNameOrSourceURL(): string | null | undefined;
  getFunctionName(): string | null | undefined;
  getLineNumber(): number | null | undefined;
  getColumnNumber(): number | null | undefined;
}

/** How each user file's compiled positions map to its source, as loaded last. */
const sources = new Map<string, (position: SourcePosition) => SourcePosition | undefined>();

/**
 * Says how positions in a user file (`candidate.ts`, …) map back to the user's source, for the
 * stacks {@link userStack} writes: undefined for a position outside the user's code (the
 * sandbox's wrapper).
 */
export function registerSource(
  file: string,
  toSource: (position: SourcePosition) => SourcePosition | undefined,
): void {
  sources.set(file, toSource);
}

/**
 * An error's stack as user code may read it (V8's `Error.prepareStackTrace`): its name and
 * message, then only the frames in the user's own file, at their lines and columns in the user's
 * source. The sandbox's frames would tell where on the machine the sandbox runs (folder and user
 * names in their paths); the user's frames are all a crash is placed by (see {@link frameIn}).
 */
export function userStack(error: unknown, sites: readonly CallSite[]): string {
  const { name, message } = errorParts(error);
  const lines = [message ? `${name}: ${message}` : name];
  for (const site of sites) {
    const file = site.getScriptNameOrSourceURL();
    if (typeof file !== 'string' || !USER_FILE.test(file)) continue;
    const compiled = { line: site.getLineNumber() ?? 0, column: site.getColumnNumber() ?? 0 };
    const toSource = sources.get(file);
    const position = toSource ? toSource(compiled) : compiled;
    if (!position) continue;
    const where = `${file}:${position.line}:${position.column}`;
    const fn = site.getFunctionName();
    lines.push(fn ? `    at ${fn} (${where})` : `    at ${where}`);
  }
  return lines.join('\n');
}
