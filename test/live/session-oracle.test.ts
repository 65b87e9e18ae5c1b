import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCode } from '../../src/core/code/refs.js';
import type { Oracle } from '../../src/core/oracle/oracle.js';
import type { SessionConfig } from '../../src/core/session/config.js';
import { type StoredConfig, storedConfig, taskConfig } from '../../src/core/session/task.js';
import { ChangesOracle } from '../../src/live/changes-oracle.js';
import { LiveOracle } from '../../src/live/live-oracle.js';
import { ParallelOracle } from '../../src/live/parallel-oracle.js';
import { sessionOracle } from '../../src/live/session-oracle.js';
import { nodePlatform } from '../../workers/process/platform.js';
import { inputConfig, lessonCode } from '../workers/reducer/support.js';

/** The markup lesson's code: the candidate drops double quotes outside tags. */
const MARKUP: ResolvedCode = {
  language: 'js',
  candidate: lessonCode('markup/candidate.js'),
  reference: lessonCode('markup/reference.js'),
};

/** A string session on the markup code, reducing `"<b>foo</b>"` unless `extra` says otherwise. */
const markup = (extra: Partial<StoredConfig> = {}): SessionConfig =>
  taskConfig({
    ...storedConfig(inputConfig(MARKUP, [], { kind: 'string', split: 'chars' })),
    input: '"<b>foo</b>"',
    ...extra,
  });

const made: (Oracle & { dispose(): void })[] = [];
afterEach(() => {
  for (const oracle of made.splice(0)) oracle.dispose();
});

/** The session's oracle on real sandbox processes, loaded, disposed after the test. */
async function oracleFor(config: SessionConfig, code = MARKUP, jobs = 1) {
  const oracle = sessionOracle(config, code, nodePlatform('deltalab test'), jobs);
  made.push(oracle);
  expect(await oracle.load()).toEqual([]);
  return oracle;
}

describe('sessionOracle: the oracle a session runs on', () => {
  it('an isolation judges the empty input by its code: it is dd’s passing side', async () => {
    const oracle = await oracleFor(markup({ isolate: { mode: '+-', pass: '' } }));
    expect(await oracle.judge('')).toMatchObject({ outcome: 'PASS', expected: '', actual: '' });
    expect(await oracle.judge('"')).toMatchObject({ outcome: 'FAIL', expected: '"', actual: '' });
  });

  it('a reduction counts the empty input INVALID without running it', async () => {
    const oracle = await oracleFor(markup());
    expect(oracle).toBeInstanceOf(LiveOracle);
    expect(await oracle.judge('')).toMatchObject({ outcome: 'INVALID' });
  });

  it('spreads each input of an `args` session into the call', async () => {
    const code: ResolvedCode = {
      language: 'js',
      candidate: 'export function candidate(a, b) {\n  return a - b;\n}',
      reference: 'export function reference(a, b) {\n  return b - a;\n}',
    };
    const oracle = await oracleFor({ ...inputConfig(code, []), kind: 'args', input: [3, 3] }, code);
    expect(await oracle.judge([3, 3])).toMatchObject({ outcome: 'PASS', actual: 0 });
    expect(await oracle.judge([1, 2])).toMatchObject({ outcome: 'FAIL', expected: 1, actual: -1 });
  });

  it('a change of code judges versions of the candidate on the session’s call', async () => {
    const config = markup({
      isolate: { mode: '+-', pass: lessonCode('markup/reference.js'), replace: true },
      changes: { input: '"x"' },
    });
    const oracle = await oracleFor(config);
    expect(oracle).toBeInstanceOf(ChangesOracle);
    const fixed = lessonCode('markup/reference.js').replace('reference(', 'candidate(');
    expect(await oracle.judge(fixed)).toMatchObject({ outcome: 'PASS' });
    expect(await oracle.judge(lessonCode('markup/candidate.js'))).toMatchObject({
      outcome: 'FAIL',
    });
  });

  it('with jobs > 1, that many pairs judge side by side, each as the session asks', async () => {
    const oracle = await oracleFor(markup({ isolate: { mode: '+-', pass: '' } }), MARKUP, 2);
    expect(oracle).toBeInstanceOf(ParallelOracle);
    const verdicts = await oracle.judgeBatch(['', '"', 'a', '"a"']);
    expect(verdicts.map((verdict) => verdict.outcome)).toEqual(['PASS', 'FAIL', 'PASS', 'FAIL']);
  });
});
