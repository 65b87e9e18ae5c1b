import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReduceSummary } from '../../../src/core/run/run.js';
import { pythonRegressionTest } from '../../../src/ui/model/regression-test-py.js';
import type { Workspace } from '../../../src/ui/model/workspace.js';
import { startNodePython } from '../../../workers/process/python-runtime.js';
import type { PythonRuntime } from '../../../workers/python/runtime.js';

const code = (name: string) => readFileSync(`examples/code/max-subarray-py/${name}`, 'utf8');

const ARTICLE = {
  lesson: 'article python',
  language: 'py',
  kind: 'int-array',
  mode: 'pair',
  chase: 'wrong-answer',
  candidate: code('candidate.py'),
  reference: code('reference.py'),
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

let python: PythonRuntime;
beforeAll(async () => {
  python = await startNodePython({ stdout: () => {}, stderr: () => {} });
}, 60_000);

/**
 * Runs a test file the way pytest would, in Pyodide: its modules in a folder of their own, each
 * `test_` function called; answers each test's name and whether it passed.
 */
function runTests(test: string, modules: Record<string, string>): Record<string, string> {
  const files = JSON.stringify({ ...modules, 'test_regression.py': test });
  const result = python.runPython(`
import importlib, json, os, sys, traceback
folder = "/tmp/regression-" + str(len(os.listdir("/tmp")))
os.makedirs(folder)
for name, text in json.loads(${JSON.stringify(files)}).items():
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)
sys.path.insert(0, folder)
for name in ("candidate", "reference", "outcome", "test_regression"):
    sys.modules.pop(name, None)
importlib.invalidate_caches()
module = importlib.import_module("test_regression")
outcomes = {}
for name in dir(module):
    if name.startswith("test_"):
        try:
            getattr(module, name)()
            outcomes[name] = "passed"
        except AssertionError:
            outcomes[name] = "failed"
sys.path.remove(folder)
json.dumps(outcomes)
`);
  return JSON.parse(String(result));
}

describe('the pytest regression test of a Python reduction', () => {
  it('imports the user’s modules and pins the reduced and the original input', () => {
    const test = pythonRegressionTest(ARTICLE, SUMMARY);
    expect(test).toContain('from candidate import candidate\nfrom reference import reference');
    expect(test).toContain('text = "[-7]"');
    expect(test).toContain('text = "[-3,-3,-8,-4,-4,-8,-1,-9,-5,-4,-6,-7]"');
    expect(test).toContain(
      '# Found by Delta Lab (seed 1103, attempt 4452) and reduced by chunks in 5 calls',
    );
  });

  it('fails on the buggy candidate and passes once it is fixed', () => {
    const test = pythonRegressionTest(ARTICLE, SUMMARY);
    const modules = { 'reference.py': code('reference.py') };
    expect(runTests(test, { ...modules, 'candidate.py': code('candidate.py') })).toEqual({
      test_original_input: 'failed',
      test_reduced_input: 'failed',
    });
    expect(runTests(test, { ...modules, 'candidate.py': code('corrected.py') })).toEqual({
      test_original_input: 'passed',
      test_reduced_input: 'passed',
    });
  });

  it('binds the only function of an outcome module, and keeps a string input exact', () => {
    const outcome = 'def judge(s):\n    return "FAIL" if "\\\\" in s and "\\"" in s else "PASS"\n';
    const workspace = { ...ARTICLE, mode: 'outcome', outcome } as Workspace;
    const summary = { ...SUMMARY, reduced: 'a\\"\n', original: 'xa\\"\ny' } as ReduceSummary;
    const test = pythonRegressionTest(workspace, summary);
    expect(test).toContain('from outcome import judge as outcome');
    expect(runTests(test, { 'outcome.py': outcome })).toEqual({
      test_original_input: 'failed',
      test_reduced_input: 'failed',
    });
  });

  it('spreads a call’s arguments into each function: candidate(*args)', () => {
    const candidate = [
      'def candidate(needle, haystack):',
      '    matched = 0',
      '    for c in haystack:',
      '        if matched == len(needle):',
      '            return True',
      '        if matched < len(needle) and c == needle[matched]:',
      '            matched += 1',
      '        else:',
      '            matched = 1 if needle and c == needle[0] else 0',
      '    return matched == len(needle)',
      '',
    ].join('\n');
    const reference = 'def reference(needle, haystack):\n    return needle in haystack\n';
    const fixed = 'def candidate(needle, haystack):\n    return needle in haystack\n';
    const workspace = { ...ARTICLE, kind: 'args', candidate, reference } as Workspace;
    const summary = {
      ...SUMMARY,
      original: ['nanas', 'banananas'],
      reduced: ['anas', 'ananas'],
    } as ReduceSummary;
    const test = pythonRegressionTest(workspace, summary);
    expect(test).toContain(
      '    args = json.loads(text)\n    assert candidate(*args) == reference(*args)',
    );
    const modules = { 'reference.py': reference };
    expect(runTests(test, { ...modules, 'candidate.py': candidate })).toEqual({
      test_original_input: 'failed',
      test_reduced_input: 'failed',
    });
    expect(runTests(test, { ...modules, 'candidate.py': fixed })).toEqual({
      test_original_input: 'passed',
      test_reduced_input: 'passed',
    });
  });
});
