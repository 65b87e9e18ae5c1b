import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/core/session/scenario.js';
import { deltalab, scratch } from './support.js';

/**
 * `deltalab isolate --module M --versions V1 … --call JSON`: the history lesson's eight versions
 * bisected (v6 does not load and is skipped), then dd of the change from v4 to v5.
 */
const { file } = scratch('deltalab-history-');
const examples = join(import.meta.dirname, '../../examples');
const scenario = JSON.parse(
  readFileSync(join(examples, 'history-article/input.json'), 'utf8'),
) as Scenario;
const versions = scenario.config.changes?.versions ?? [];
const FILES = versions.map((v) => file(`${v.label}.js`, v.code));
const reference = readFileSync(join(examples, 'code/max-subarray/reference.js'), 'utf8');
const TODAY = file('today.js', `${versions.at(-1)?.code}\n${reference}`);
const CALL = '[-3,-3,-8,-4,-4,-8,-1,-9,-5,-4,-6,-7]';

describe('deltalab isolate --versions', () => {
  it('bisects the versions in three tests, then names the line of v5 that fails', async () => {
    const record = file('history.jsonl', '');
    const args = ['--module', TODAY, '--versions', ...FILES, '--call', CALL, '--record', record];
    const { code, stdout } = await deltalab('isolate', ...args);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      status: 'isolated',
      verified: true,
      bisect: { lastGood: 'v4.js', firstBad: 'v5.js', skipped: [], tests: 3 },
      difference: [{ op: 'replace', unit: '    current = Math.max(0, current + x);\n' }],
    });
    // The recording replays to the same answer, with no code run.
    const replayed = await deltalab('replay', record);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout)).toEqual(result);
  });

  it('says in one line when the history has no good version to start from', async () => {
    const { code, stderr } = await deltalab(
      'isolate',
      '--module',
      TODAY,
      '--versions',
      ...(FILES.slice(4) as string[]),
      '--call',
      CALL,
    );
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      'deltalab: --versions: the oldest version of the history already fails on the call',
    );
  });
});
