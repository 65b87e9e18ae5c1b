import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import { transpile } from '../../../src/live/transpile.js';
import type { CodeSpec } from '../../../src/protocol/sandbox.js';
import { consoleLine, createSandboxApi } from '../../../workers/sandbox/api.js';

/** Loads code into a fresh sandbox, as the client does, and calls it on `input`. */
function run(code: CodeSpec, input: Json = [1], log?: (level: string, args: unknown[]) => void) {
  const transpiled = transpile(code);
  if (!transpiled.ok) throw new Error(transpiled.error.message);
  const api = createSandboxApi(log);
  const loaded = api.load(transpiled.spec);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const result = api.call(input);
  if (!result.ok) throw new Error(`${result.error.name}: ${result.error.message}`);
  return result.value;
}

describe('what user code can read of the sandbox', () => {
  it('sees only its own frames in a stack: nothing of where the sandbox runs', () => {
    const stacks = run({
      source: `function inner() { return [new Error('m').stack, (() => { try { null.x; } catch (e) { return e.stack; } })()]; }
export function candidate(a) { return inner(); }`,
      language: 'js',
      role: 'candidate',
    }) as string[];
    for (const stack of stacks) {
      const frames = stack.split('\n').slice(1);
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames)
        expect(frame).toMatch(/^ {4}at (\S+ \()?candidate\.js:\d+:\d+\)?$/);
      expect(stack).not.toContain('/');
    }
    expect(stacks[0]).toMatch(/^Error: m\n {4}at inner \(candidate\.js:1:28\)/);
  });

  it('cannot leave state on the import stand-in every module is handed', () => {
    const source = `export function candidate(a) {
  try { require.left = 1; return 'set'; } catch (error) { return error.name; }
}`;
    expect(run({ source, language: 'js', role: 'candidate' })).toBe('TypeError');
  });

  it('logs one line of text made in the sandbox: no platform formatter meets user values', () => {
    const lines: unknown[][] = [];
    const seen = run(
      {
        source: `export function candidate(a) {
  let called = false;
  const sly = { [Symbol.for('nodejs.util.inspect.custom')]: () => { called = true; return 'x'; }, n: 1 };
  console.log('value', sly, [1, 2], undefined);
  return called;
}`,
        language: 'js',
        role: 'candidate',
      },
      [1],
      (level, args) => lines.push([level, consoleLine(args)]),
    );
    expect(seen).toBe(false);
    expect(lines).toEqual([['log', 'value {"n":1} [1,2] undefined']]);
  });

  it('prints a value whose getter throws without crashing the call', () => {
    expect(
      consoleLine([
        {
          get x() {
            throw new Error('no');
          },
        },
      ]),
    ).toBe('[unprintable]');
    expect(consoleLine(['a'.repeat(5000)]).length).toBe(2001);
  });
});
