/**
 * Finding where in the user's source something was thrown: the stack frame that names the
 * user's file, shifted by the lines the engine puts before a `new Function` body, mapped through
 * sucrase's source map back to the source columns.
 */

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

let bodyOffset: number | undefined;

/**
 * How many lines the engine puts before the body of a `new Function` (2 in V8:
 * `function anonymous(a,b\n) {\n`). Measured once rather than assumed, so other engines get
 * their own answer.
 */
export function functionBodyOffset(): number {
  if (bodyOffset === undefined) {
    const probe = new Function(
      'exports',
      'require',
      'return new Error().stack;\n//# sourceURL=deltalab-probe.js',
    );
    const stack: unknown = probe();
    const frame = typeof stack === 'string' ? frameIn(stack, 'deltalab-probe.js') : undefined;
    bodyOffset = frame ? frame.line - 1 : 2;
  }
  return bodyOffset;
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

/** One mapping segment: a 0-based generated column and the 0-based source point it maps to. */
interface Segment {
  generated: number;
  line: number;
  column: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A {@link PositionMap} from the `mappings` of a version 3 source map (sucrase maps each token
 * to its source position; lines never move). An empty map is the identity.
 */
export function sourceMapPositions(mappings: string): PositionMap {
  const lines = decodeMappings(mappings);
  return ({ line, column }) => {
    const segments = lines[line - 1];
    let found: Segment | undefined;
    for (const segment of segments ?? []) {
      if (segment.generated > column - 1) break;
      found = segment;
    }
    if (!found) return { line, column };
    return { line: found.line + 1, column: found.column + (column - 1 - found.generated) + 1 };
  };
}

function decodeMappings(mappings: string): Segment[][] {
  let line = 0;
  let column = 0;
  return mappings.split(';').map((text) => {
    let generated = 0;
    const segments: Segment[] = [];
    for (const field of text.split(',')) {
      if (!field) continue;
      const values = decodeVlq(field);
      generated += values[0] ?? 0;
      if (values.length < 4) continue;
      line += values[2] ?? 0;
      column += values[3] ?? 0;
      segments.push({ generated, line, column });
    }
    return segments;
  });
}

function decodeVlq(field: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of field) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
