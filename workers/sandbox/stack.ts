/**
 * Finding where in the user's source something was thrown: the stack frame that names the
 * user's file, shifted by the lines the sandbox puts before the code, mapped through sucrase's
 * source map back to the source columns.
 */
import { decode } from '@jridgewell/sourcemap-codec';

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
