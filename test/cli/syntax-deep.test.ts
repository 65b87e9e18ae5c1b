import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, oneLine, scratch, timed } from './support.js';

/**
 * `deltalab reduce --split syntax` on programs its grammar reads slowly: HTML nested past what
 * tree-sitter-html reads in linear time is refused at once; a long parse answers Ctrl-C.
 */
const { file } = scratch('deltalab-syntax-deep-');

/** `<b>` nested `depth` deep around one word. */
const nested = (depth: number) => `${'<b>'.repeat(depth)}x${'</b>'.repeat(depth)}`;

describe('deltalab reduce --split syntax, nested deep', { timeout: 120_000 }, () => {
  it('refuses HTML nested 50,000 deep in one line (exit 2), before parsing it', async () => {
    // tree-sitter-html took 18 to 47 s over it (its scanner copies its stack at every token).
    const input = file('deep.html', nested(50_000));
    const run = await timed(
      'reduce',
      '--input-file',
      input,
      '--split',
      'syntax',
      '--oracle-cmd',
      'true',
      '--max-trials',
      '1',
    );
    expect(run.code).toBe(2);
    expect(oneLine(run.stderr)).toBe(
      'deltalab: the html program nests its elements more than 512 deep, deeper than its grammar reads',
    );
    expect(run.stdout).toBe('');
    expect(run.ms).toBeLessThan(10_000);
  });

  it('reads HTML nested as deep as the bound allows', async () => {
    const input = file('as-deep.html', nested(512));
    const run = await timed(
      'reduce',
      '--input-file',
      input,
      '--split',
      'syntax',
      '--oracle-cmd',
      'grep -q x {}',
      '--max-trials',
      '3',
    );
    expect(run.stderr).not.toMatch(/deeper than/);
    expect(JSON.parse(run.stdout)).toMatchObject({ split: 'syntax', stopped: 'max-trials' });
  });

  it('answers Ctrl-C during a long parse at once (exit 130)', async () => {
    // A megabyte of HTML 511 deep: allowed, and seconds to parse (the old parse held Ctrl-C
    // until it ended, 11 s later).
    const inner = '<i>x</i> '.repeat(110_000);
    const input = file('slow.html', `${'<b>'.repeat(511)}${inner}${'</b>'.repeat(511)}`);
    const child = spawn(process.execPath, [
      BIN,
      'reduce',
      '--input-file',
      input,
      '--split',
      'syntax',
      '--oracle-cmd',
      'true',
    ]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Time to start and read the grammar: the parse is under way by then.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const signalled = performance.now();
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(performance.now() - signalled).toBeLessThan(3000);
    expect(stderr).toContain('deltalab: stopped by SIGINT');
  });
});
