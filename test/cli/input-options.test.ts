import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, deltalab, oneLine, scratch } from './support.js';

/**
 * An input file too large to read is refused in one line naming it and the limit, before it is
 * read (a module too): sparse files (holes, no disk used) of 3 GiB and of 1.5 GiB of NUL bytes
 * stand for them.
 */
const { dir, file } = scratch('deltalab-input-size-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A sparse file of `bytes` NUL bytes. */
function sparse(path: string, bytes: number): string {
  writeFileSync(path, '');
  truncateSync(path, bytes);
  return path;
}

describe('input files too large to read', () => {
  const huge = sparse(join(dir, 'huge.txt'), 3 * 2 ** 30);
  const nul = sparse(join(dir, 'nul.txt'), 1.5 * 2 ** 30);
  const small = file('small.txt', 'a\n');
  mkdirSync(join(dir, 'pass'));
  mkdirSync(join(dir, 'fail'));
  file('pass/a.txt', 'a\n');
  file('fail/a.txt', 'b\n');
  const inside = sparse(join(dir, 'fail', 'big.bin'), 3 * 2 ** 30);
  const hugeModule = sparse(join(dir, 'huge.js'), 3 * 2 ** 30);
  const module = file(
    'module.js',
    'export const candidate = (a) => a.length;\nexport const reference = (a) => a.length;\n',
  );

  it('are refused in one line naming the file and the limit, exit 2', async () => {
    const cases: [string[], string][] = [
      [
        ['reduce', '--oracle-cmd', 'true', '--input-file', huge],
        `deltalab: --input-file ${huge} is too large to read: 3 GiB, more than 256 MiB`,
      ],
      [
        ['reduce', '--oracle-cmd', 'true', '--input-file', nul],
        `deltalab: --input-file ${nul} is too large to read: 1.5 GiB, more than 256 MiB`,
      ],
      [
        ['isolate', '--oracle-cmd', 'true', '--pass-file', small, '--fail-file', nul],
        `deltalab: --fail-file ${nul} is too large to read: 1.5 GiB, more than 256 MiB`,
      ],
      [
        ['isolate', '--oracle-cmd', 'true', '--pass-file', huge, '--fail-file', small],
        `deltalab: --pass-file ${huge} is too large to read: 3 GiB, more than 256 MiB`,
      ],
      [
        ['isolate', '--oracle-cmd', 'grep -q b a.txt', '--pass-file', join(dir, 'pass')].concat([
          '--fail-file',
          join(dir, 'fail'),
        ]),
        `deltalab: --fail-file ${inside} is too large to read: 3 GiB, more than 256 MiB`,
      ],
      [
        ['reduce', '--module', hugeModule, '--input', '[1]'],
        `deltalab: --module ${hugeModule} is too large to read: 3 GiB, more than 256 MiB`,
      ],
      [
        ['isolate', '--module', module, '--changes', hugeModule, '--call', '[1]'],
        `deltalab: --changes ${hugeModule} is too large to read: 3 GiB, more than 256 MiB`,
      ],
      [
        ['isolate', '--module', module, '--versions', module, hugeModule, '--call', '[1]'],
        `deltalab: --versions ${hugeModule} is too large to read: 3 GiB, more than 256 MiB`,
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await deltalab(...args);
      expect(oneLine(stderr)).toBe(message);
      expect(code).toBe(2);
    }
  });

  it('a file that does not say its size (/dev/zero) is read up to the limit, then refused', () => {
    // Read whole, /dev/zero took all the memory there was: killed, if so, long before that.
    const run = spawnSync(
      process.execPath,
      [BIN, 'reduce', '--oracle-cmd', 'true', '--input-file', '/dev/zero'],
      { encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' },
    );
    expect(oneLine(run.stderr)).toBe(
      'deltalab: --input-file /dev/zero is too large to read: more than 256 MiB',
    );
    expect(run.status).toBe(2);
  }, 60_000);

  it('a file of NUL bytes that is not too large is UTF-8 text', async () => {
    const nuls = file('nuls.txt', new Uint8Array(100));
    const { code, stdout } = await deltalab(
      'reduce',
      '--oracle-cmd',
      'true',
      '--input-file',
      nuls,
      '--split',
      'chars',
      '--history',
      'none',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).reduced).toBe('\u0000');
  });
});
