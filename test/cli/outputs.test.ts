import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalabIn, oneLine, scratch } from './support.js';

/**
 * Every path a command writes (`--record`, `--output`, `--output-pass`, `--output-fail`) is
 * compared, as a file, with every path it reads and with the other outputs: the same file under
 * another name (a relative path, a symbolic link, a hard link), or a path inside an input
 * folder, is refused in one line, exit 2, before anything runs.
 */
const { dir, file } = scratch('deltalab-outputs-');
const PASS = 'a\nb\n';
const FAIL = 'a\nb\nbad\n';
const pass = file('pass.txt', PASS);
const fail = file('fail.txt', FAIL);
const input = file('in.txt', 'x\nbad\ny\n');
const module = file('m.mjs', 'export const outcome = (a) => (a.includes(3) ? "FAIL" : "PASS");\n');
const [v1, v2] = [file('v1.mjs', 'x\n'), file('v2.mjs', 'y\n')];
symlinkSync(pass, join(dir, 'to-pass.txt'));
linkSync(pass, join(dir, 'hard-pass.txt'));
for (const [name, text] of [
  ['old/a.txt', PASS],
  ['new/a.txt', FAIL],
] as const) {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  file(name, text);
}
symlinkSync(join(dir, 'old'), join(dir, 'to-old'));

/** Every trial the command judges leaves a line here: none must, when the call is refused. */
const log = join(dir, 'runs.log');
const TEST = `echo run >> ${log}; grep -q bad {}`;
const FOLDER_TEST = `echo run >> ${log}; grep -q bad a.txt`;

const run = (...args: string[]) => deltalabIn({ cwd: dir }, ...args);
const files = ['--oracle-cmd', TEST, '--pass-file', 'pass.txt', '--fail-file', 'fail.txt'];
const folders = ['--oracle-cmd', FOLDER_TEST, '--pass-file', 'old', '--fail-file', 'new'];

describe('outputs that would write over an input or over each other', () => {
  it('are refused in one line, exit 2, with nothing run and nothing written', async () => {
    const cases: [string[], string][] = [
      [
        ['isolate', ...files, '--record', 'pass.txt'],
        'deltalab: --record pass.txt is the same file as the input --pass-file pass.txt: give another path',
      ],
      [
        ['reduce', '--oracle-cmd', TEST, '--input-file', 'in.txt', '--record', `${dir}/in.txt`],
        `deltalab: --record ${dir}/in.txt is the same file as the input --input-file in.txt: give another path`,
      ],
      [
        ['reduce', '--oracle-cmd', TEST, '--input-file', 'in.txt', '--output', './in.txt'],
        'deltalab: --output ./in.txt is the same file as the input --input-file in.txt: --in-place writes over it',
      ],
      [
        ['isolate', ...files, '--output-pass', 'out.txt', '--output-fail', './out.txt'],
        'deltalab: --output-fail ./out.txt is the same file as the output --output-pass out.txt: give another path',
      ],
      [
        ['isolate', ...files, '--output-fail', 'to-pass.txt'],
        'deltalab: --output-fail to-pass.txt is the same file as the input --pass-file pass.txt: give another path',
      ],
      [
        ['isolate', ...files, '--record', 'hard-pass.txt'],
        'deltalab: --record hard-pass.txt is the same file as the input --pass-file pass.txt: give another path',
      ],
      [
        ['isolate', ...folders, '--output-fail', 'new/found'],
        'deltalab: --output-fail new/found is inside the input --fail-file new: give a path outside it',
      ],
      [
        ['isolate', ...folders, '--record', 'to-old/session.jsonl'],
        'deltalab: --record to-old/session.jsonl is inside the input --pass-file old: give a path outside it',
      ],
      [
        ['isolate', '--module', 'm.mjs', '--fail', '[1,3]', '--record', 'm.mjs'],
        'deltalab: --record m.mjs is the same file as the input --module m.mjs: give another path',
      ],
      [
        ['isolate', '--module', 'm.mjs', '--versions', 'v1.mjs', 'v2.mjs', '--call', '[1]'].concat([
          '--record',
          'v2.mjs',
        ]),
        'deltalab: --record v2.mjs is the same file as the input --versions v2.mjs: give another path',
      ],
      [
        ['isolate', ...files, '--record', 'nowhere/session.jsonl'],
        'deltalab: --record nowhere/session.jsonl: no such folder',
      ],
      [
        ['isolate', ...files, '--output-pass', 'old'],
        'deltalab: --output-pass old is a folder that is there already: give a new path',
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await run(...args);
      expect({ args, line: oneLine(stderr) }).toEqual({ args, line: message });
      expect(code).toBe(2);
      expect(stdout).toBe('');
    }
    expect(existsSync(log)).toBe(false);
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    expect(readFileSync(pass, 'utf8')).toBe(PASS);
    expect(readFileSync(fail, 'utf8')).toBe(FAIL);
    expect(readFileSync(input, 'utf8')).toBe('x\nbad\ny\n');
    expect(readFileSync(module, 'utf8')).toContain('outcome');
    expect(readFileSync(v2, 'utf8')).toBe('y\n');
    expect(readFileSync(v1, 'utf8')).toBe('x\n');
  });

  it('are written when they name other files', async () => {
    const { code } = await run('isolate', ...files, '--record', 'session.jsonl');
    expect(code).toBe(0);
    expect(readFileSync(join(dir, 'session.jsonl'), 'utf8')).toMatch(/^\{/);
    expect(readFileSync(pass, 'utf8')).toBe(PASS);
  });
});
