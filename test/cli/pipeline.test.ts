import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/core/session/format/reader.js';
import { deltalab, scratch } from './support.js';

/**
 * The one command: `deltalab reduce --oracle-cmd CMD --input-file F`, no --split and no
 * --reducer, reduces the file by the pipeline (syntax, lines, tokens, characters) to a fixpoint.
 */
const { dir, file } = scratch('deltalab-pipeline-');

/** A lock file's start, with a trailing comma deep inside that JSON.parse rejects. */
const LOCK = `{
  "name": "shop",
  "lockfileVersion": 3,
  "packages": {
    "": { "name": "shop", "dependencies": { "lit": "^3.1.0" } },
    "node_modules/lit": {
      "version": "3.1.0",
      "dependencies": { "lit-html": "^3.1.0", "lit-element": "^4.0.0" },
    },
    "node_modules/lit-html": { "version": "3.1.0", "license": "BSD-3-Clause" }
  }
}
`;

/** Interesting while JSON.parse rejects the file with the trailing comma's message. */
const COMMA = `node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' {} 2>&1 | grep -q "Expected double-quoted property name"`;

describe('deltalab reduce --oracle-cmd, the one command', { timeout: 240_000 }, () => {
  it('goes through every stage to a smaller result than any one stage, and replays with nothing run', async () => {
    const input = file('package-lock.json', LOCK);
    const record = join(dir, 'lock.jsonl');
    const output = join(dir, 'lock.out.json');
    const plain = await deltalab(
      'reduce',
      '--oracle-cmd',
      // A tenth of a second per run: the progress line (once a second) has time to say where it is.
      `sleep 0.1; ${COMMA}`,
      '--input-file',
      input,
      '--output',
      output,
      '--record',
      record,
    );
    expect(plain.code).toBe(0);
    const summary = JSON.parse(plain.stdout);
    expect(summary).toMatchObject({ reducer: 'pipeline', split: 'syntax', verified: true });
    // The file's name says JSON, but the grammar reads it with an error (the comma): no syntax
    // stage, the others round after round, every trial run (none refused unparsed).
    const stages: { stage: string; round: number; accepted: number }[] = summary.stages;
    expect(stages[0]).toMatchObject({ stage: 'lines', round: 1 });
    expect([...new Set(stages.map((pass) => pass.stage))]).toEqual(
      expect.arrayContaining(['lines', 'tokens', 'chars']),
    );
    expect(stages.some((pass) => pass.stage === 'syntax')).toBe(false);
    expect(summary.unparsed ?? 0).toBe(0);
    const last = stages.at(-1)?.round;
    expect(stages.filter((pass) => pass.round === last).every((p) => p.accepted === 0)).toBe(true);
    expect(plain.stderr).toMatch(/deltalab: \d+ trials, round \d (lines|tokens|chars|rename), /);
    expect(readFileSync(output, 'utf8')).toBe(summary.reduced);
    // One stage alone stops larger (lines), or no smaller (syntax: see the core tests for a text
    // where it stops larger).
    for (const split of ['lines', 'syntax']) {
      const one = await deltalab(
        'reduce',
        '--oracle-cmd',
        COMMA,
        '--input-file',
        input,
        '--split',
        split,
      );
      const alone = JSON.parse(one.stdout);
      expect(alone.stages).toBeUndefined();
      if (split === 'lines') expect(alone.reduced.length).toBeGreaterThan(summary.reduced.length);
      else expect(alone.reduced.length).toBeGreaterThanOrEqual(summary.reduced.length);
    }
    // The session names each trial's stage; its replay runs nothing and finds the same.
    const session = readSession(readFileSync(record, 'utf8'));
    expect(session.header.version).toBe('2.5');
    const decisions = session.events.filter((event) => event.type === 'decision');
    expect(decisions.every((event) => 'stage' in event)).toBe(true);
    const replayed = await deltalab('replay', record, '--history', 'none');
    expect(replayed.code).toBe(0);
    const again = JSON.parse(replayed.stdout);
    expect(again.reduced).toBe(summary.reduced);
    expect(again.stages).toEqual(summary.stages);
    const text = await deltalab('replay', record, '--format', 'text');
    expect(text.stdout).toMatch(/^round 1 lines: \d+ trials, \d+ accepted → \d+ characters$/m);
    expect(text.stdout).toMatch(/^round 1 chars: /m);
  });

  it('reads the language from the first line when the name says nothing, its syntax first', async () => {
    const input = file(
      'report',
      '#!/usr/bin/env python3\nimport sys\n\ndef total(xs):\n    return sum(xs)\n\nprint(total([1, 2]))\n',
    );
    const run = await deltalab(
      'reduce',
      '--oracle-cmd',
      'grep -q "return sum"',
      '--input-file',
      input,
      '--history',
      'none',
    );
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.stages[0]).toMatchObject({ stage: 'syntax' });
    expect(summary.reduced).toBe('return sum');
  });
});
