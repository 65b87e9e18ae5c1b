import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/core/code/refs.js';
import type { Role } from '../../../src/core/oracle/verdict.js';
import { type Compiled, compileModule } from '../../../workers/sandbox/compile.js';

function load(source: string, language: Language = 'js', role: Role = 'candidate') {
  const compiled = compileModule(source, language, role);
  if (!compiled.ok) throw new Error(`expected it to compile: ${compiled.error.message}`);
  return compiled;
}

function failure(source: string, language: Language = 'js', role: Role = 'candidate') {
  const compiled: Compiled = compileModule(source, language, role);
  if (compiled.ok) throw new Error('expected a compile error');
  return compiled.error;
}

describe('compileModule: picking the entry', () => {
  it('takes a bare function named after the role', () => {
    const compiled = load('function candidate(a) { return a.length; }');
    expect(compiled.entry).toBe('candidate');
    expect(compiled.module.fn([1, 2, 3])).toBe(3);
  });

  it('takes an exported function named after the role', () => {
    const compiled = load(
      'export function helper() {}\nexport function reference(a) { return 7; }',
      'js',
      'reference',
    );
    expect(compiled.entry).toBe('reference');
    expect(compiled.exports).toEqual(['helper', 'reference']);
    expect(compiled.module.fn([])).toBe(7);
  });

  it('takes the default export, also an anonymous one', () => {
    const compiled = load('export function helper() {}\nexport default (a) => a[0];');
    expect(compiled.entry).toBe('default');
    expect(compiled.module.fn([9])).toBe(9);
  });

  it('takes the only exported function, whatever its name', () => {
    const compiled = load('export const maxSubarray = (a) => Math.max(...a);\nexport const N = 3;');
    expect(compiled.entry).toBe('maxSubarray');
    expect(compiled.module.fn([1, 5])).toBe(5);
  });

  it('takes the only top-level function, declared or as an arrow', () => {
    expect(load('function kadane(a) {\n  return 1;\n}').entry).toBe('kadane');
    expect(load('const kadane = (a) => 2;').entry).toBe('kadane');
    expect(load('let kadane = function (a) { return 3; };').module.fn([])).toBe(3);
  });

  it('picks by role when a file holds several roles', () => {
    const source = 'function candidate() { return 1; }\nfunction reference() { return 2; }';
    expect(load(source, 'js', 'candidate').module.fn([])).toBe(1);
    expect(load(source, 'js', 'reference').module.fn([])).toBe(2);
  });

  it('picks valid by name and does not count it as the entry', () => {
    const compiled = load(
      'export const valid = (a) => a.length > 1;\nexport function f(a) { return 0; }',
    );
    expect(compiled.entry).toBe('f');
    expect(compiled.module.valid?.([1])).toBe(false);
    expect(
      load('function outcome() { return "PASS"; }', 'js', 'outcome').module.valid,
    ).toBeUndefined();
  });

  it('explains when nothing usable is defined', () => {
    expect(failure('const x = 1;').message).toBe(
      'the candidate code defines no usable function: export a function named candidate (or a default export)',
    );
    expect(failure('', 'ts', 'outcome').message).toContain('export a function named outcome');
  });

  it('explains when the choice is ambiguous', () => {
    expect(failure('function a() {}\nfunction b() {}').message).toContain(
      'several functions (a, b)',
    );
    expect(failure('export function a() {}\nexport function b() {}').message).toContain('(a, b)');
  });
});

describe('compileModule: TypeScript', () => {
  it('strips types, interfaces and generics', () => {
    const source = [
      'interface Pair<T> { first: T; second: T }',
      'type Input = readonly number[];',
      'function pair<T>(a: T, b: T): Pair<T> { return { first: a, second: b }; }',
      'export function candidate(a: Input): number {',
      '  const p = pair<number>(a[0] as number, 2);',
      '  return p.first + p.second;',
      '}',
    ].join('\n');
    const compiled = load(source, 'ts');
    expect(compiled.entry).toBe('candidate');
    expect(compiled.module.fn([5])).toBe(7);
  });

  it('reports a syntax error with its line and column', () => {
    const error = failure(
      'export function candidate(a: number[]) {\n  return a.length +;\n}',
      'ts',
    );
    expect(error).toEqual({
      name: 'SyntaxError',
      message: 'Unexpected token',
      line: 2,
      column: 20,
    });
  });

  it('rejects TypeScript syntax in JavaScript, with its position', () => {
    const error = failure('function candidate(a) {\n  let n: number = 1;\n}', 'js');
    expect(error.name).toBe('SyntaxError');
    expect([error.line, error.column]).toEqual([2, 8]);
  });
});

describe('compileModule: errors at load time', () => {
  it('refuses imports, pointing at the import', () => {
    const error = failure(
      '// helpers\nimport { max } from "lodash";\nexport default (a) => max(a);',
    );
    expect(error.message).toBe("imports are not available in the sandbox (import of 'lodash')");
    expect(error.line).toBe(2);
  });

  it('keeps type-only imports, which compile away', () => {
    expect(load('import type { X } from "./x";\nexport default (a: X) => 1;', 'ts').entry).toBe(
      'default',
    );
  });

  it('reports what top-level code throws, with its line', () => {
    const error = failure('const ok = 1;\n\nthrow new TypeError("setup failed");', 'ts');
    expect(error).toEqual({ name: 'TypeError', message: 'setup failed', line: 3, column: 7 });
  });

  it('reports a strict-mode syntax error with its position', () => {
    const error = failure('function candidate(a) {\n  with (a) { return length; }\n}');
    expect(error.name).toBe('SyntaxError');
    expect([error.line, error.column]).toEqual([2, 3]);
  });

  it('reports a syntax error only the engine catches at line 1', () => {
    const error = failure('let a = 1;\nlet a = 2;\nexport default () => a;');
    expect(error).toEqual({
      name: 'SyntaxError',
      message: "Identifier 'a' has already been declared",
      line: 1,
      column: 1,
    });
  });
});

describe('compileModule: positions', () => {
  it('maps columns back through removed type annotations', () => {
    const source =
      'export function candidate(a: number[]): number {\n  const n: number = a.length as number; const r = missing(n); return r;\n}';
    const compiled = load(source, 'ts');
    let thrown: unknown;
    try {
      compiled.module.fn([1]);
    } catch (error) {
      thrown = error;
    }
    expect(compiled.module.locate?.(thrown)).toEqual({
      line: 2,
      column: (source.split('\n')[1] ?? '').indexOf('missing(n)') + 1,
    });
  });

  it('reports the line of a throw after any number of leading lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('', '// note', 'void (1 as number);', '/* a\n b */'), {
          maxLength: 8,
        }),
        fc.constantFrom<Language>('js', 'ts'),
        (lines, language) => {
          const prefix = lines.join('\n');
          const prefixLines = prefix === '' ? 0 : prefix.split('\n').length;
          const source = `${prefix}${prefix === '' ? '' : '\n'}function candidate(a) {\n  throw new Error('x');\n}`;
          const usable = language === 'ts' || !prefix.includes(' as ');
          if (!usable) return;
          const compiled = load(source, language);
          let thrown: unknown;
          try {
            compiled.module.fn([]);
          } catch (error) {
            thrown = error;
          }
          expect(compiled.module.locate?.(thrown)).toEqual({ line: prefixLines + 2, column: 9 });
        },
      ),
    );
  });
});
