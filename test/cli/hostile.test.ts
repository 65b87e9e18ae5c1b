import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, oneLine, scratch } from './support.js';

/**
 * Sessions and modules written to attack the terminal that shows them or the reader that reads
 * them: each is printed escaped, clipped or refused, quickly.
 */
const { dir, file } = scratch('deltalab-hostile-');

/** Whether text holds what a terminal acts on: ESC, BEL, the C1 controls (CSI, OSC, ST, …). */
function hasControls(text: string): boolean {
  return [...text].some((char) => {
    const code = char.codePointAt(0) as number;
    return (code < 0x20 && char !== '\n') || (code >= 0x7f && code <= 0x9f);
  });
}

/** A module whose outputs carry terminal commands: a window title and a clipboard write. */
const ESCAPES = `export function candidate(a) {
  if (a.length === 0) return 0;
  return a[0] === 1
    ? Symbol('\\u001b]0;owned\\u0007')
    : { title: '\\u009d0;owned\\u009c', clip: '\\u001b]52;c;b3duZWQ=\\u0007' };
}
export function reference(a) { return 0; }
`;

describe('deltalab replay of a crafted session', () => {
  it('prints the outputs it holds with their terminal escapes made harmless, as text and as JSON', async () => {
    const module = file('escapes.js', ESCAPES);
    const session = join(dir, 'escapes.jsonl');
    for (const input of ['[1,2]', '[2,3]']) {
      const recorded = await deltalab(
        'reduce',
        '--module',
        module,
        '--input',
        input,
        '--record',
        session,
      );
      expect(recorded.code).toBe(0);
      expect(hasControls(recorded.stdout)).toBe(false);
      for (const format of ['text', 'json']) {
        const { code, stdout } = await deltalab('replay', session, '--format', format);
        expect(code).toBe(0);
        expect(hasControls(stdout)).toBe(false);
        expect(stdout).toMatch(/\\u001b|\\u009d/);
      }
    }
  });

  it('refuses a one-line session longer than a line may be, reading little more than the limit', async () => {
    const big = join(dir, 'one-line.jsonl');
    writeFileSync(big, `{"format":"${'x'.repeat(50_000_000)}`);
    const started = performance.now();
    const { code, stderr } = await deltalab('replay', big);
    const ms = performance.now() - started;
    expect(code).toBe(2);
    expect(oneLine(stderr)).toMatch(/line 1: .*32,?000,?000/);
    // It used to take 10–12 s; reading 32 M characters takes a fraction of one.
    expect(ms).toBeLessThan(5000);
  });
});

describe('what user code reads of a command-line sandbox', () => {
  it('meets no host formatter, no host path in a stack, and a frozen import stand-in', async () => {
    const module = file(
      'probe.js',
      `export function candidate(a) {
  let inspected = 'never';
  const sly = {
    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      inspected = typeof inspect;
      return 'sly';
    },
  };
  console.log('probe', sly);
  let frozen;
  try { require.left = 1; frozen = false; } catch { frozen = true; }
  return { inspected, stack: new Error('where').stack, frozen };
}
export function reference(a) { return 0; }
`,
    );
    const { code, stdout, stderr } = await deltalab('reduce', '--module', module, '--input', '[1]');
    expect(code).toBe(0);
    const { actual } = JSON.parse(stdout);
    expect(actual.inspected).toBe('never');
    expect(actual.frozen).toBe(true);
    expect(actual.stack).toMatch(/^Error: where\n {4}at candidate \(candidate\.js:12:\d+\)$/);
    expect(stderr).toContain('probe {}');
  });
});
