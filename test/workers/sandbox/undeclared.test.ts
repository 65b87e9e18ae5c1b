import { describe, expect, it } from 'vitest';
import { transpile } from '../../../src/live/transpile.js';
import type { CodeSpec, LoadSpec } from '../../../src/protocol/sandbox.js';
import { createSandboxApi } from '../../../workers/sandbox/api.js';
import { undeclaredGuard } from '../../../workers/sandbox/undeclared.js';

function spec(code: CodeSpec): LoadSpec {
  const transpiled = transpile(code);
  if (!transpiled.ok) throw new Error(transpiled.error.message);
  return transpiled.spec;
}

function run(source: string, input: unknown = [1]) {
  const api = createSandboxApi();
  const loaded = api.load(spec({ source, language: 'js', role: 'candidate' }));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded));
  return api.call(input as never);
}

describe('undeclared names in the sandbox', () => {
  it('throw a ReferenceError when read or written, as in plain JavaScript', () => {
    expect(run('export function candidate(a) { return undeclaredThing + 1; }')).toMatchObject({
      ok: false,
      error: { name: 'ReferenceError' },
    });
    expect(run('export function candidate(a) { total = 3; return total; }')).toMatchObject({
      ok: false,
      error: { name: 'ReferenceError' },
    });
    expect(run('export function candidate(a) { return missing.length; }')).toMatchObject({
      ok: false,
      error: { name: 'ReferenceError' },
    });
  });

  it('throw in functions made from text at run time too, which otherwise behave as made', () => {
    const made = (body: string, input: unknown = [1]) =>
      run(`export function candidate(a) { ${body} }`, input);
    expect(made("return new Function('return missing + 1')();")).toMatchObject({
      ok: false,
      error: { name: 'ReferenceError', message: expect.stringContaining('missing') },
    });
    expect(
      made(
        "return Function('x', 'y', 'b', 'let z = x * y; return z + Math.max(...b);')(2, 3, a);",
        [4],
      ),
    ).toMatchObject({
      ok: true,
      value: 10,
    });
    // The engine's own syntax errors, duplicate declarations among them.
    expect(made("return new Function('let t = 1; let t = 2;');")).toMatchObject({
      ok: false,
      error: { name: 'SyntaxError', message: expect.stringContaining('already been declared') },
    });
    expect(made("return new Function('}) (function () {');")).toMatchObject({
      ok: false,
      error: { name: 'SyntaxError' },
    });
    expect(
      made(
        'return new Function("return 1") instanceof Function && typeof Function("") === "function";',
      ),
    ).toMatchObject({ ok: true, value: true });
    // A function the text declares and calls: its own names are found.
    expect(
      made("return new Function('function f(n) { return n + 1; } return f(41);')();"),
    ).toMatchObject({
      ok: true,
      value: 42,
    });
  });

  it('leaves declared names, globals, properties and typeof alone', () => {
    const source = `
      const length = (a) => a.length;
      function twice(x) { let y = x * 2; return y; }
      export function candidate(a) {
        const o = { undeclaredKey: 1 };
        if (typeof window !== 'undefined') return -1;
        return twice(length(a)) + o.undeclaredKey + Math.max(0, ...a) + JSON.stringify(a).length;
      }`;
    expect(run(source, [1, 2])).toMatchObject({ ok: true, value: 4 + 1 + 2 + 5 });
  });

  it('binds no reserved word and no name the wrapper binds', () => {
    const guard = undeclaredGuard(
      'globalThis.w = 1; return x + Math.max(y, exports) && typeof z && w',
      ['Math', 'globalThis'],
    );
    expect(guard).toBe('let x, y;');
  });
});
