import { describe, expect, it } from 'vitest';
import { transpile, transpileRemembering } from '../../src/live/transpile.js';
import type { CodeSpec } from '../../src/protocol/sandbox.js';

const spec = (source: string, role: CodeSpec['role'] = 'candidate'): CodeSpec => ({
  source,
  language: 'ts',
  role,
});

describe('transpile', () => {
  it('strips types and turns exports into assignments, with source map mappings', () => {
    const made = transpile(spec('export function candidate(a: number[]): number { return 0; }'));
    if (!made.ok) throw new Error(made.error.message);
    expect(made.spec.code).toContain('exports.candidate = candidate');
    expect(made.spec.code).not.toContain(': number');
    expect(made.spec.mappings).not.toBe('');
  });

  it('answers a syntax error with its place', () => {
    expect(transpile(spec('const ok = 1;\nexport function f( {\n'))).toMatchObject({
      ok: false,
      error: { name: 'SyntaxError', line: 3, column: 1 },
    });
  });
});

describe('transpileRemembering', () => {
  it('never serves a spec scanned without spreading to a run that spreads a call', () => {
    const remembering = transpileRemembering();
    const source = 'export function candidate(s, t) { return s + t; }';
    const scanned = remembering(spec(source));
    const spread = remembering({ ...spec(source), spread: true });
    expect(scanned.ok && scanned.spec.spread).toBeFalsy();
    expect(spread.ok && spread.spec.spread).toBe(true);
  });

  it('gives the answer it gave before for the same code, language and role', () => {
    const remembering = transpileRemembering();
    const first = remembering(spec('export const candidate = (a: number[]) => a.length;'));
    expect(remembering(spec('export const candidate = (a: number[]) => a.length;'))).toBe(first);
    expect(first).toEqual(transpile(spec('export const candidate = (a: number[]) => a.length;')));
    const other = remembering(
      spec('export const candidate = (a: number[]) => a.length;', 'reference'),
    );
    expect(other).not.toBe(first);
  });

  it('keeps only the last few, the least recently asked for going first', () => {
    const remembering = transpileRemembering(2);
    const a = remembering(spec('export const a = 1;'));
    const b = remembering(spec('export const b = 1;'));
    expect(remembering(spec('export const a = 1;'))).toBe(a); // a is now the newest
    remembering(spec('export const c = 1;')); // b goes
    expect(remembering(spec('export const a = 1;'))).toBe(a);
    expect(remembering(spec('export const b = 1;'))).not.toBe(b);
  });
});
