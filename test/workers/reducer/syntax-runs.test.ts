import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { ResolvedCode } from '../../../src/core/code/refs.js';
import { reductionOf } from '../../../src/core/run/summary.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { storedConfig } from '../../../src/core/session/task.js';
import type { GrammarFiles } from '../../../src/live/syntax/parser.js';
import type { LiveReply } from '../../../src/protocol/reducer.js';
import { nodePlatform } from '../../../workers/process/platform.js';
import { runCompare } from '../../../workers/reducer/compare.js';
import { deltalab, scratch } from '../../cli/support.js';
import { BAD_CALL_OUTCOME, BAD_CALL_PROGRAM, badCallConfig } from '../../support/bad-call.js';
import { collector, noWorkerPlatform, useNodeApis } from './support.js';

/**
 * A program reduced by its syntax in the reducer worker: its language's grammar parses it before
 * the run, the session keeps the tree, and trials that no longer parse are refused unrun, as
 * `deltalab reduce --module M --split syntax` does.
 */
const nodeApi = useNodeApis();
const { file } = scratch('deltalab-syntax-runs-');

const OUTCOME = BAD_CALL_OUTCOME;
const PROGRAM = BAD_CALL_PROGRAM;

const CODE: ResolvedCode = { language: 'js', outcome: OUTCOME };

const CONFIG: SessionConfig = badCallConfig(1000);

/** The reply of a run that must have finished with a session. */
function finished(reply: LiveReply): Extract<LiveReply, { ok: true }> {
  if (!reply.ok) throw new Error(`the run failed: ${JSON.stringify(reply)}`);
  return reply;
}

describe('a live run of a program by its syntax', () => {
  it('parses it with its grammar, keeps the tree, refuses unparsed trials, as the CLI does', async () => {
    const reply = finished(await nodeApi().run(CONFIG, CODE, collector()));
    const { summary } = reply;
    expect(summary).toMatchObject({ status: 'reduced', verified: true });
    expect(reductionOf(summary).unparsed).toBeGreaterThan(0);
    expect(reductionOf(summary).reduced).toMatch(/function bad/);
    // The result parses.
    expect(() =>
      execFileSync(process.execPath, [
        '--check',
        file('result.js', reductionOf(summary).reduced as string),
      ]),
    ).not.toThrow();
    const { config } = readSession(reply.session).header;
    expect(config).toMatchObject({ language: 'javascript', syntax: { language: 'javascript' } });
    const cli = await deltalab(
      'reduce',
      '--module',
      file('outcome.js', OUTCOME),
      '--kind',
      'string',
      '--split',
      'syntax',
      '--input-file',
      file('program.js', PROGRAM),
    );
    expect(cli.code).toBe(0);
    const said = JSON.parse(cli.stdout);
    expect([reductionOf(summary).reduced, summary.calls, reductionOf(summary).unparsed]).toEqual([
      said.reduced,
      said.calls,
      said.unparsed,
    ]);
  }, 60_000);

  it('replays from the session with no grammar and no code', async () => {
    const reply = finished(await nodeApi().run(CONFIG, CODE, collector()));
    const platform = noWorkerPlatform();
    const replayed = await nodeApi(platform).replay(reply.session, collector());
    expect(replayed).toMatchObject({
      ok: true,
      summary: { reduced: reductionOf(reply.summary).reduced },
    });
    expect(platform.attempts).toEqual([]);
  }, 60_000);

  it('fails as a config failure, before any sandbox, for a language or grammar it cannot have', async () => {
    const platform = noWorkerPlatform();
    const unknown = await nodeApi(platform).run(
      { ...CONFIG, language: 'cobol' },
      CODE,
      collector(),
    );
    expect(unknown).toEqual({
      ok: false,
      failure: {
        kind: 'config',
        message: expect.stringMatching(/no grammar reads "cobol"; known languages: javascript/),
      },
    });
    const files = nodePlatform('t').grammars as GrammarFiles;
    const missing = { ...files, grammar: () => Promise.reject(new Error('HTTP 404')) };
    const broken = await nodeApi({ ...platform, grammars: missing }).run(CONFIG, CODE, collector());
    expect(broken).toEqual({
      ok: false,
      failure: {
        kind: 'config',
        message: expect.stringMatching(/the javascript grammar .* cannot be read: HTTP 404/),
      },
    });
    expect(platform.attempts).toEqual([]);
  });

  it('reduces by generic moves where the platform has no grammars', async () => {
    const { grammars: _grammars, ...bare } = nodePlatform('t');
    const reply = finished(await nodeApi(bare).run(CONFIG, CODE, collector()));
    expect(reply.summary).toMatchObject({ status: 'reduced' });
    expect(reductionOf(reply.summary).unparsed ?? 0).toBe(0);
    expect(storedConfig(readSession(reply.session).header.config).syntax).toBeUndefined();
  }, 60_000);
});

describe('a comparison of a program by splits', () => {
  it('reduces it by lines, by characters and by its syntax, each size in characters', async () => {
    const told: number[] = [];
    const reply = await runCompare(
      nodePlatform('t'),
      {
        code: CODE,
        input: PROGRAM,
        shape: { kind: 'string', split: 'syntax' },
        chase: { kind: 'wrong-answer' },
        cache: true,
        callMs: 1000,
        reducers: ['syntax', 'bisect'],
        splits: ['lines', 'chars', 'syntax'],
        language: 'javascript',
      },
      (rows) => told.push(rows.length),
      () => false,
    );
    if (!reply.ok) throw new Error(`the comparison failed: ${JSON.stringify(reply)}`);
    expect(told).toEqual([1, 2, 3]);
    const [lines, chars, syntax] = reply.rows;
    expect(reply.rows.map((row) => [row.split, row.reducer, row.verified])).toEqual([
      ['lines', 'bisect', true],
      ['chars', 'bisect', true],
      ['syntax', 'syntax', true],
    ]);
    for (const row of reply.rows) {
      expect(row.size).toBe(Array.from(row.reduced as string).length);
      expect(row.sizes[0]).toBe(PROGRAM.length);
    }
    expect(lines?.size).toBeGreaterThan(chars?.size as number);
    // Only the syntax row refuses what does not parse: its result parses, the others' need not.
    expect([lines?.unparsed, chars?.unparsed]).toEqual([undefined, undefined]);
    expect(syntax?.unparsed).toBeGreaterThan(0);
    expect(() =>
      execFileSync(process.execPath, ['--check', file('row.js', syntax?.reduced as string)]),
    ).not.toThrow();
  }, 60_000);
});
