import { describe, expect, it } from 'vitest';
import { chooseCode } from '../../src/cli/code-options.js';
import { deltalab, scratch } from './support.js';

/** The lines of `help` that describe `option`: its own line and those indented under it. */
function optionText(help: string, option: string): string {
  const lines = help.split('\n');
  const at = lines.findIndex((line) => line.trimStart().startsWith(`${option} `));
  if (at < 0) throw new Error(`no ${option} in the help`);
  const rest = lines.slice(at + 1);
  const end = rest.findIndex((line) => !/^ {19}\S/.test(line));
  return [lines[at], ...rest.slice(0, end < 0 ? rest.length : end)].join(' ').replace(/\s+/g, ' ');
}

const help = async (command: string) => {
  const run = await deltalab(command, '--help');
  expect(run.code).toBe(0);
  return run.stdout;
};

/** Each fact the help states is one the command does. */
describe('deltalab --help', { timeout: 120_000 }, () => {
  const { file } = scratch('deltalab-help-');

  it('says --module takes Python as well as JavaScript and TypeScript, and it does', async () => {
    for (const command of ['reduce', 'isolate', 'verify']) {
      const text = optionText(await help(command), '--module');
      expect(text).toMatch(/Python \(\.py\)/);
      expect(text).toMatch(/TypeScript/);
    }
    // Read as Python (run in the sandbox's Python, not loaded as an ES module).
    const module = file(
      'max.py',
      'def candidate(a):\n    return 0\n\ndef reference(a):\n    return 1\n',
    );
    expect(chooseCode({ module }).code).toMatchObject({ language: 'py' });
  });

  it('says reduce --jobs judges ahead, with --split syntax too (not one trial at a time)', async () => {
    const text = optionText(await help('reduce'), '--jobs');
    expect(text).toMatch(/judged ahead/);
    expect(text).not.toMatch(/one at a time/);
    expect(text).not.toMatch(/--split syntax/);
  });

  it('says isolate --jobs does not go with --changes or --versions, which refuse it', async () => {
    expect(optionText(await help('isolate'), '--jobs')).toMatch(/not with --changes or --versions/);
    const today = file(
      'today.js',
      'export const candidate = (a) => 0;\nexport const reference = (a) => a.length;\n',
    );
    const yesterday = file(
      'yesterday.js',
      'export const candidate = (a) => a.length;\nexport const reference = (a) => a.length;\n',
    );
    for (const form of [
      ['--changes', yesterday],
      ['--versions', yesterday, today],
    ]) {
      const run = await deltalab(
        'isolate',
        '--module',
        today,
        ...form,
        '--call',
        '[1]',
        '--jobs',
        '2',
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/--jobs does not go with --changes/);
    }
  });

  it('lists every kind isolate --changes takes for its call, a call of arguments too', async () => {
    const text = (await help('isolate')).split('\n');
    const kind = text.findIndex((line) => line.includes("--kind K         the call's kind"));
    const changesKind = text.slice(kind, kind + 2).join(' ');
    for (const k of ['int-array', 'string', 'array', 'json', 'args'])
      expect(changesKind).toContain(k);
    const today = file(
      'args-today.js',
      'export const candidate = (a, b) => a + b + 1;\nexport const reference = (a, b) => a + b;\n',
    );
    const yesterday = file(
      'args-yesterday.js',
      'export const candidate = (a, b) => a + b;\nexport const reference = (a, b) => a + b;\n',
    );
    const run = await deltalab(
      'isolate',
      '--module',
      today,
      '--changes',
      yesterday,
      '--call',
      '[1, 2]',
      '--kind',
      'args',
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'isolated' });
  });

  it('says --input-file is JSON for every kind but string (a call of arguments too)', async () => {
    const text = optionText(await help('reduce'), '--input-file');
    expect(text).toMatch(/--kind other than string the file is parsed as JSON/);
    const call = file('call.json', '[[3, -1, -4], "x"]');
    const run = await deltalab(
      'reduce',
      '--input-file',
      call,
      '--kind',
      'args',
      '--max-trials',
      '1',
      '--no-verify',
    );
    expect(run.stderr).not.toMatch(/not of kind|not valid JSON/);
  });

  it('lists for verify only the reducers of arrays, and refuses the syntax reducer as bad usage', async () => {
    const text = optionText(await help('verify'), '--reducer');
    expect(text).toMatch(/chunks \| chunks-resume \| ddmin \| bisect \| values \| hdd/);
    expect(text).not.toMatch(/syntax/);
    const run = await deltalab('verify', '--exhaustive', '--reducer', 'syntax');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown reducer "syntax" for arrays/);
  });
});
