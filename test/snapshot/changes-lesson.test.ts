import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/core/session/scenario.js';

const EXAMPLES = join(import.meta.dirname, '../../examples');
const read = (path: string) => readFileSync(join(EXAMPLES, path), 'utf8');

describe('the change-of-code lesson', () => {
  it('isolates between the article files themselves: today the candidate, yesterday the corrected one', () => {
    const scenario = JSON.parse(read('changes-article/input.json')) as Scenario;
    const { config, code, corrected } = scenario;
    expect(code.candidate).toEqual({ file: 'code/max-subarray/candidate.js' });
    expect(corrected).toEqual({ file: 'code/max-subarray/corrected.js' });
    // The session's two versions are those files' text (a session stands alone, so it holds
    // them): an edit of a file without the lesson would leave the lesson about other code.
    expect(config.input).toBe(read('code/max-subarray/candidate.js'));
    expect(config.isolate?.pass).toBe(read('code/max-subarray/corrected.js'));
    expect(config.changes?.input).toEqual([-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7]);
  });
});
