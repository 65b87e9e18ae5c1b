import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ReduceSummary } from '../../../src/core/run/run.js';
import { regressionTest } from '../../../src/ui/model/regression-test.js';
import type { Workspace } from '../../../src/ui/model/workspace.js';

const code = (path: string) => readFileSync(`examples/code/${path}`, 'utf8');
const BUGGY = code('max-subarray/candidate.js');
const FIXED = code('max-subarray/corrected.js');
const REFERENCE = code('max-subarray/reference.js');

const ARTICLE = {
  lesson: 'article',
  kind: 'int-array',
  mode: 'pair',
  chase: 'wrong-answer',
  candidate: BUGGY,
  reference: REFERENCE,
  outcome: '',
} as Workspace;

const SUMMARY = {
  seed: 1103,
  attempts: 4452,
  original: [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7],
  reduced: [-7],
  calls: 5,
  reducer: 'chunks',
  verified: true,
  task: 'reduce',
} as ReduceSummary;

/** A stand-in for Vitest that collects the cases and runs them with node's assertions. */
const SHIM = `import { deepStrictEqual, notStrictEqual, doesNotThrow } from 'node:assert';
export const cases = [];
export function describe(_name, body) { body(); }
export function it(name, body) { cases.push({ name, body }); }
export function expect(value) {
  return {
    toEqual: (wanted) => deepStrictEqual(value, wanted),
    not: { toBe: (other) => notStrictEqual(value, other), toThrow: () => doesNotThrow(value) },
  };
}`;

/**
 * Writes the generated test next to the user's modules (and the stand-in for Vitest), runs its
 * cases and says which passed.
 */
async function run(test: string, modules: Record<string, string>): Promise<boolean[]> {
  const dir = mkdtempSync(join(tmpdir(), 'deltalab-regression-'));
  writeFileSync(join(dir, 'vitest.js'), SHIM);
  for (const [name, source] of Object.entries(modules)) writeFileSync(join(dir, name), source);
  writeFileSync(
    join(dir, 'regression.test.js'),
    test.replace("from 'vitest'", "from './vitest.js'"),
  );
  await import(pathToFileURL(join(dir, 'regression.test.js')).href);
  const { cases } = (await import(pathToFileURL(join(dir, 'vitest.js')).href)) as {
    cases: { body: () => void }[];
  };
  return cases.map(({ body }) => {
    try {
      body();
      return true;
    } catch {
      return false;
    }
  });
}

describe('regressionTest', () => {
  it('fails on the bug and passes once it is fixed', async () => {
    const test = regressionTest(ARTICLE, SUMMARY);
    expect(test).toContain("import { candidate } from './candidate.js';");
    expect(test).toContain("it('passes on the reduced counterexample [-7]'");
    const modules = { 'reference.js': REFERENCE };
    await expect(run(test, { ...modules, 'candidate.js': BUGGY })).resolves.toEqual([false, false]);
    await expect(run(test, { ...modules, 'candidate.js': FIXED })).resolves.toEqual([true, true]);
  });

  it('imports a default export, another exported name, or a bare function by what it is', async () => {
    const fixedAs = (head: string) => FIXED.replace('export function candidate(', head);
    const shapes: [string, string][] = [
      [fixedAs('export default function ('), "import candidate from './candidate.js';"],
      [fixedAs('export function kadane('), "import { kadane as candidate } from './candidate.js';"],
      [
        fixedAs('export const kadane = function ('),
        "import { kadane as candidate } from './candidate.js';",
      ],
    ];
    for (const [source, line] of shapes) {
      const test = regressionTest({ ...ARTICLE, candidate: source }, SUMMARY);
      expect(test).toContain(line);
      const passed = await run(test, { 'candidate.js': source, 'reference.js': REFERENCE });
      expect(passed).toEqual([true, true]);
    }
    const bare = FIXED.replace('export function candidate(', 'function kadane(');
    const test = regressionTest({ ...ARTICLE, candidate: bare }, SUMMARY);
    expect(test).toContain(
      "// candidate.js must export kadane.\nimport { kadane as candidate } from './candidate.js';",
    );
    const exported = `export ${bare.replace(/^\/\/.*\n/, '')}`;
    await expect(
      run(test, { 'candidate.js': exported, 'reference.js': REFERENCE }),
    ).resolves.toEqual([true, true]);
  });

  it('writes a text input as a string literal and passes it as it is', async () => {
    const buggy = code('markup/candidate.js');
    const reference = code('markup/reference.js');
    const markup = { ...ARTICLE, lesson: 'markup', kind: 'string', candidate: buggy, reference };
    const summary = { ...SUMMARY, original: '>>>bbabb>"><', reduced: '"' } as ReduceSummary;
    const test = regressionTest(markup as Workspace, summary);
    expect(test).toContain('const input = "\\"";');
    expect(test).toContain('const input = ">>>bbabb>\\"><";');
    expect(test).toContain('expect(candidate(input)).toEqual(reference(input));');
    const fixed = reference.replace('export function reference(', 'export function candidate(');
    const modules = { 'reference.js': reference };
    await expect(run(test, { ...modules, 'candidate.js': buggy })).resolves.toEqual([false, false]);
    await expect(run(test, { ...modules, 'candidate.js': fixed })).resolves.toEqual([true, true]);
  });

  it('spreads a call’s arguments into each function, copied when one could change', async () => {
    const buggy = code('needle/candidate.js');
    const reference = code('needle/reference.js');
    const needle = { ...ARTICLE, lesson: 'args-needle', kind: 'args', candidate: buggy, reference };
    const summary = {
      ...SUMMARY,
      original: ['nanas', 'banananas'],
      reduced: ['anas', 'ananas'],
    } as ReduceSummary;
    const test = regressionTest(needle as Workspace, summary);
    expect(test).toContain('const args = ["anas","ananas"];');
    expect(test).toContain('expect(candidate(...args)).toEqual(reference(...args));');
    const fixed = reference.replace('export function reference(', 'export function candidate(');
    const modules = { 'reference.js': reference };
    await expect(run(test, { ...modules, 'candidate.js': buggy })).resolves.toEqual([false, false]);
    await expect(run(test, { ...modules, 'candidate.js': fixed })).resolves.toEqual([true, true]);
    const lists = { ...summary, original: [[1, 2], 3], reduced: [[1], 3] } as ReduceSummary;
    expect(regressionTest(needle as Workspace, lists)).toContain(
      'expect(candidate(...structuredClone(args))).toEqual(reference(...structuredClone(args)));',
    );
  });

  it('checks an outcome predicate and a crash chase', async () => {
    const outcome = code('trap/outcome.js');
    const trap = { ...ARTICLE, mode: 'outcome', outcome } as Workspace;
    const summary = { ...SUMMARY, original: [1, 2, 3, 4], reduced: [3, 4] } as ReduceSummary;
    const test = regressionTest(trap, summary);
    expect(test).toContain("import { outcome } from './outcome.js';");
    await expect(run(test, { 'outcome.js': outcome })).resolves.toEqual([false, false]);

    const crashes =
      'export function candidate(a) {\n  if (a.includes(0)) throw new Error("zero");\n  return 0;\n}\n';
    const crash = { ...ARTICLE, chase: 'crash', candidate: crashes } as Workspace;
    const zero = { ...SUMMARY, original: [3, 0, 1], reduced: [0] } as ReduceSummary;
    const modules = { 'reference.js': REFERENCE };
    await expect(
      run(regressionTest(crash, zero), { ...modules, 'candidate.js': crashes }),
    ).resolves.toEqual([false, false]);
  });
});
