import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, oneLine, scratch } from './support.js';

/** `deltalab replay FILE` of a file that cannot be read: one line saying why, exit 2. */
const { dir } = scratch('deltalab-replay-files-');

describe('deltalab replay of what is not a session file', () => {
  it('says a file is not there, or is a folder', async () => {
    const missing = join(dir, 'missing.jsonl');
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    const cases: [string, string][] = [
      [missing, `deltalab: cannot read ${missing}: no such file`],
      [folder, `deltalab: cannot read ${folder}: a folder`],
    ];
    for (const [file, message] of cases) {
      const { code, stderr } = await deltalab('replay', file);
      expect(oneLine(stderr)).toBe(message);
      expect(code).toBe(2);
    }
  });
});
