import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/core/session/scenario.js';

const EXAMPLES = join(import.meta.dirname, '../../examples');
const read = (path: string) => readFileSync(join(EXAMPLES, path), 'utf8');

describe('the history lesson', () => {
  const scenario = JSON.parse(read('history-article/input.json')) as Scenario;
  const versions = scenario.config.changes?.versions ?? [];

  it("holds eight versions, today's the candidate file, the oldest the passing side", () => {
    expect(versions.map((v) => v.label)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8']);
    expect(scenario.code.candidate).toEqual({ file: 'code/max-subarray-history/candidate.js' });
    expect(versions.at(-1)?.code).toBe(read('code/max-subarray-history/candidate.js'));
    expect(scenario.config.input).toBe(versions.at(-1)?.code);
    expect(scenario.config.isolate?.pass).toBe(versions[0]?.code);
    expect(scenario.config.changes?.input).toEqual([
      -3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7,
    ]);
  });

  it('records a bisection of three tests (v4 good, v6 skipped, v5 bad), then dd of one line', () => {
    const lines = read('history-article/transcript.expected.jsonl').trim().split('\n');
    const messages = lines.map(
      (line) => JSON.parse(line) as { type: string; [k: string]: unknown },
    );
    const steps = messages.filter((m) => m.type === 'bisect').map((m) => m.step);
    expect(steps).toMatchObject([
      { version: 3, mark: 'good', tests: 1 },
      { version: 5, mark: 'skip', tests: 2 },
      { version: 4, mark: 'bad', tests: 3 },
    ]);
    const end = messages.at(-1) as unknown as {
      end: { difference: number; fail: string; pass: string };
    };
    expect(end.end.difference).toBe(1);
    const today = end.end.fail.split('\n');
    const yesterday = end.end.pass.split('\n');
    const changed = today.filter((line, i) => line !== yesterday[i]);
    expect(changed).toEqual(['    current = Math.max(0, current + x);']);
  });
});
