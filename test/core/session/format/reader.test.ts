import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../src/core/session/events.js';
import {
  readSession,
  SessionFormatError,
  SessionReader,
} from '../../../../src/core/session/format/reader.js';
import { writeSession } from '../../../../src/core/session/format/writer.js';
import { exampleFile, recordingArb } from '../sessions.js';

/** The committed article session, packed: 9 lines (header, attempts, attempt, found, ...). */
const ARTICLE = exampleFile('article', 'session.jsonl');
const LINES = ARTICLE.split('\n').slice(0, -1);
/** The trap session: a pasted input, no generator. */
const TRAP = exampleFile('trap', 'session.jsonl');

/** The article's lines with some replaced (`null` drops a line), joined back into a text. */
function edit(changes: Record<number, string | null>, lines = LINES): string {
  return lines
    .flatMap((line, i) => {
      const change = changes[i + 1];
      return change === undefined ? [line] : change === null ? [] : [change];
    })
    .map((line) => `${line}\n`)
    .join('');
}

/** The error reading `text` raises (the test fails when it reads). */
function failure(text: string): SessionFormatError {
  try {
    readSession(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SessionFormatError);
    return error as SessionFormatError;
  }
  throw new Error('the text was read without an error');
}

/** Feeds `text` to a reader in chunks cut at `cuts` (positions, any order). */
function readInChunks(text: string, cuts: readonly number[]): Session {
  const reader = new SessionReader();
  let start = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    reader.push(text.slice(start, cut));
    start = cut;
  }
  reader.push(text.slice(start));
  return reader.end();
}

const header = JSON.parse(LINES[0] as string);
const withHeader = (changes: Record<string, unknown>) =>
  edit({ 1: JSON.stringify({ ...header, ...changes }) });

describe('SessionReader', () => {
  it('reads the packed article into its 4466 events, each with the line it came from', () => {
    const session = readSession(ARTICLE);
    expect(session.events).toHaveLength(4466);
    expect(session.events.map((event) => event.seq)).toEqual(
      Array.from({ length: 4466 }, (_, i) => i + 1),
    );
    const lines = session.lines ?? [];
    expect(new Set(lines.slice(0, 4451))).toEqual(new Set([2]));
    expect(lines.slice(4451)).toEqual([3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 8, 9, 10]);
  });

  it('reads CRLF line endings like LF', () => {
    expect(readSession(ARTICLE.replaceAll('\n', '\r\n'))).toStrictEqual(readSession(ARTICLE));
  });

  it('accepts a complete last line without its newline', () => {
    expect(readSession(ARTICLE.slice(0, -1))).toStrictEqual(readSession(ARTICLE));
  });

  describe('rejects malformed text, naming the line', () => {
    it('bad JSON, with the column V8 gives', () => {
      const bad = '{"seq":4453,"type":"found" "attempt":4452}';
      const error = failure(edit({ 4: bad }));
      expect(error.line).toBe(4);
      expect(error.column).toBe(28);
      expect(bad[(error.column ?? 0) - 1]).toBe('"');
      expect(error.reason).toMatch(/^bad JSON: Expected ',' or '}' after property value/);
      expect(error.message).toBe(`line 4, column 28: ${error.reason}`);
      expect(error.name).toBe('SessionFormatError');
    });

    it('bad JSON without a position: no column', () => {
      const error = failure(edit({ 3: '{"seq":4452,"type":tru}' }));
      expect(error.line).toBe(3);
      expect(error.column).toBeUndefined();
      expect(error.message).toMatch(/^line 3: bad JSON: Unexpected token/);
    });

    it('bad JSON whose quoted text looks like a position: still no column', () => {
      // V8 quotes the line in the message: "position 12" there is not V8's position.
      const error = failure(edit({ 2: '{"position 12":tru}' }));
      expect(error.line).toBe(2);
      expect(error.column).toBeUndefined();
    });

    it('no header', () => {
      expect(failure(edit({ 1: null }))).toMatchObject({
        line: 1,
        reason: 'no header: the first line must be a deltalab-session header',
      });
      expect(failure('')).toMatchObject({ line: 1, reason: 'no header: the file is empty' });
      expect(failure(edit({ 1: '[1,2]' })).line).toBe(1);
      expect(failure(withHeader({ format: 'other' })).line).toBe(1);
    });

    it('an unknown major version', () => {
      for (const version of ['3.0', '0.9', '1', 'v1.0', '10.0']) {
        expect(failure(withHeader({ version }))).toMatchObject({
          line: 1,
          reason: `unknown version "${version}" (this reader understands 1.x and 2.x)`,
        });
      }
    });

    it('a header without a usable config', () => {
      const problems: [Record<string, unknown>, string][] = [
        [{ config: null }, 'the header config is not usable: the config is not an object'],
        [
          { config: { ...header.config, reducer: 'no-such-reducer' } },
          'the header config is not usable: unknown reducer "no-such-reducer"',
        ],
        [
          { config: { ...header.config, chase: { kind: 'slow' } } },
          'the header config is not usable: the chase is not valid',
        ],
        [
          {
            config: { ...header.config, generator: { ...header.config.generator, min: 5, max: 1 } },
          },
          'the header config is not usable: the smallest value is larger than the largest',
        ],
        [
          { config: { ...header.config, code: { language: 'cobol', candidate: { source: 5 } } } },
          'the header config is not usable: the code language must be js, ts or py; the candidate source is not text; the code needs a candidate and a reference, or an outcome predicate',
        ],
        [
          { config: { ...header.config, budgets: { callMs: -1 }, repeats: 1e9, cache: 'yes' } },
          'the header config is not usable: the cache setting is not true or false; the per-call budget must be a positive number of milliseconds; repeats must be a whole number from 0 to 10',
        ],
        [
          {
            config: {
              ...header.config,
              code: { ...header.config.code, reference: { file: '../../etc/passwd' } },
            },
          },
          'the header config is not usable: the reference code names neither a source nor a lesson file',
        ],
      ];
      for (const [change, reason] of problems) {
        expect(failure(withHeader(change))).toMatchObject({ line: 1, reason });
      }
    });

    it('an unknown row type', () => {
      expect(failure(edit({ 3: '{"seq":4452,"type":"attempt-ish"}' }))).toMatchObject({
        line: 3,
        reason: 'unknown row type "attempt-ish"',
      });
      expect(failure(edit({ 3: '{"seq":4452,"type":"header"}' })).line).toBe(3);
      expect(failure(edit({ 3: '[4452]' }))).toMatchObject({
        line: 3,
        reason: 'a row must be a JSON object',
      });
    });

    it('a row missing what its type needs', () => {
      expect(failure(edit({ 2: '{"seq":1,"type":"attempts","attempt":1,"count":0}' })).line).toBe(
        2,
      );
      expect(failure(edit({ 4: '{"seq":4453,"type":"found","attempt":4452}' })).line).toBe(4);
      expect(failure(edit({ 10: '{"seq":4466,"type":"end","status":"reduced"}' })).line).toBe(10);
    });

    it('a sequence gap', () => {
      expect(failure(edit({ 4: null }))).toMatchObject({
        line: 4,
        reason: 'sequence gap: expected seq 4453, found 4454',
      });
      const repeated = edit({ 8: `${LINES[7]}\n${LINES[7]}` });
      expect(failure(repeated)).toMatchObject({
        line: 9,
        reason: 'sequence gap: expected seq 4465, found 4464',
      });
    });

    it('a truncated last line: no newline, the JSON cut short', () => {
      const last = LINES[9] as string;
      expect(failure(ARTICLE.slice(0, -1 - Math.floor(last.length / 2)))).toMatchObject({
        line: 10,
        reason: 'truncated: the file ends in the middle of this line',
      });
    });

    it('a truncated last line, wherever it is cut', () => {
      const start = ARTICLE.length - 1 - (LINES[9] as string).length;
      fc.assert(
        fc.property(fc.integer({ min: start + 1, max: ARTICLE.length - 2 }), (end) => {
          expect(failure(ARTICLE.slice(0, end))).toMatchObject({ line: 10, column: undefined });
          expect(failure(ARTICLE.slice(0, end)).reason).toMatch(/^truncated/);
        }),
      );
    });

    it('a last line that breaks before its end is bad JSON, not truncated', () => {
      const text = `${LINES.slice(0, 8).join('\n')}\n{"seq":4465 "type":"end"`;
      expect(failure(text)).toMatchObject({ line: 9, column: 13 });
      expect(failure(text).reason).toMatch(/^bad JSON/);
    });

    it('an empty line', () => {
      expect(failure(edit({ 4: '' }))).toMatchObject({ line: 4, reason: 'empty line' });
      expect(failure(edit({ 4: '  \t' }))).toMatchObject({ line: 4, reason: 'empty line' });
      expect(failure(`${ARTICLE}\n`)).toMatchObject({ line: 11, reason: 'empty line' });
    });

    it('a packed row that cannot be expanded', () => {
      expect(
        failure(edit({ 2: '{"seq":1,"type":"attempts","attempt":2,"count":4451}' })),
      ).toMatchObject({
        line: 2,
        reason: 'attempt 2 cannot be regenerated from the header',
      });
      const trial = '{"accepted":true,"hi":1,"lo":0,"op":"delete","outcome":"FAIL"}';
      expect(failure(edit({ 2: `{"seq":1,"type":"trials","rows":[${trial}]}` }))).toMatchObject({
        line: 2,
        reason: 'a trial row has no current input',
      });
      const deletion = '{"seq":4463,"type":"deletions","rows":[{"at":1,"outcome":"PASS"}]}';
      expect(failure(edit({ 7: deletion }))).toMatchObject({
        line: 7,
        reason: 'a deletion row leaves out element 1, which does not exist',
      });
      // The trap session has no generator: no attempt can be regenerated.
      const trapLines = TRAP.split('\n').slice(0, -1);
      const attempts = '{"seq":1,"type":"attempts","attempt":1,"count":3}';
      expect(failure(edit({ 2: attempts }, trapLines))).toMatchObject({
        line: 2,
        reason: 'attempt 1 cannot be regenerated from the header',
      });
    });
  });

  it('accepts any 1.x minor version', () => {
    for (const version of ['1.0', '1.7', '1.12']) {
      const session = readSession(withHeader({ version }));
      expect(session.header.version).toBe(version);
      expect(session.events).toStrictEqual(readSession(ARTICLE).events);
    }
  });

  it('reads Python code in a version 2 session only', () => {
    const python = { ...header.config, code: { ...header.config.code, language: 'py' } };
    expect(failure(withHeader({ config: python }))).toMatchObject({
      line: 1,
      reason: 'a version 1 session has JavaScript or TypeScript code only, not Python',
    });
    const session = readSession(withHeader({ version: '2.0', config: python }));
    expect(session.header.config.code.language).toBe('py');
    expect(session.events).toStrictEqual(readSession(ARTICLE).events);
  });

  it('gives the same session whatever the chunk sizes', () => {
    const whole = readSession(ARTICLE);
    const crlf = ARTICLE.replaceAll('\n', '\r\n');
    fc.assert(
      fc.property(fc.array(fc.nat({ max: crlf.length })), fc.boolean(), (cuts, useCrlf) => {
        const text = useCrlf ? crlf : ARTICLE;
        expect(
          readInChunks(
            text,
            cuts.filter((cut) => cut <= text.length),
          ),
        ).toStrictEqual(whole);
      }),
    );
  });

  it('gives the same random session whatever the chunk sizes, raw or packed', () => {
    fc.assert(
      fc.property(
        recordingArb,
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true })),
        (recording, raw, at) => {
          const text = writeSession(recording.session, raw ? 'raw' : 'packed');
          const cuts = at.map((x) => Math.floor(x * text.length));
          expect(readInChunks(text, cuts)).toStrictEqual(readSession(text));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('counts the lines it has read', () => {
    const reader = new SessionReader();
    reader.push(`${LINES[0]}\n${LINES[1]}\n${(LINES[2] as string).slice(0, 10)}`);
    expect(reader.lines).toBe(2);
    reader.push(`${(LINES[2] as string).slice(10)}\n`);
    expect(reader.lines).toBe(3);
  });

  it('leaves nothing behind when a text is rejected: a new reader reads as before', () => {
    const good = readSession(ARTICLE);
    const bad = edit({ 6: '{"seq":4455,"type":"trials","rows":[]}' });
    const rejected = new SessionReader();
    const other = new SessionReader();
    const half = Math.floor(ARTICLE.length / 2);
    // Two readers interleaved: the one that fails does not disturb the other.
    other.push(ARTICLE.slice(0, half));
    expect(() => rejected.push(bad)).toThrow(SessionFormatError);
    other.push(ARTICLE.slice(half));
    expect(other.end()).toStrictEqual(good);
    expect(readSession(ARTICLE)).toStrictEqual(good);
    expect(() => readSession(bad)).toThrow('line 6: a trials row needs rows');
  });
});

describe('hostile input', () => {
  it('refuses an attempts row past the header attempt limit, naming the line', () => {
    const lines = exampleFile('article', 'session.jsonl').split('\n');
    lines[1] = '{"seq":1,"type":"attempts","attempt":1,"count":1000000000000}';
    expect(() => readSession(lines.join('\n'))).toThrow(
      /^line 2: the attempts row goes past the header's attempt limit \(100000\)$/,
    );
  });

  it('refuses a header that asks for absurdly long inputs', () => {
    const lines = exampleFile('article', 'session.jsonl').split('\n');
    lines[0] = (lines[0] as string).replace('"length":12', '"length":1000000000');
    expect(() => readSession(lines.join('\n'))).toThrow(
      /^line 1: the header config is not usable: generated inputs may be at most 1000000 long$/,
    );
  });

  it('refuses a small header that would regenerate billions of numbers', () => {
    const lines = exampleFile('article', 'session.jsonl').split('\n');
    lines[0] = (lines[0] as string).replace('"length":12', '"length":1000000');
    lines[1] = '{"seq":1,"type":"attempts","attempt":1,"count":300}';
    const started = Date.now();
    expect(() => readSession(lines.join('\n'))).toThrow(
      /^line 1: the header config is not usable: the search could generate 100000000000 numbers, more than 20000000/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('reading within limits', () => {
  /** The trap session's header with a pasted input of `n` zeros, and its confirmation call. */
  function bigStart(n: number): string[] {
    const header = JSON.parse(TRAP.split('\n')[0] as string);
    const zeros = new Array<number>(n).fill(0);
    header.config.input = zeros;
    const confirm = {
      seq: 1,
      type: 'call',
      execution: 1,
      input: zeros,
      outcome: 'FAIL',
      phase: 'confirm',
    };
    return [JSON.stringify(header), JSON.stringify(confirm)];
  }

  it('refuses a few kilobytes of packed rows that would rebuild billions of numbers, at once', () => {
    // 3000 deletions of a 10^6-element input: 3 * 10^9 numbers from about 70 KB of rows.
    const deletions = {
      seq: 2,
      type: 'deletions',
      rows: Array.from({ length: 3000 }, () => ({ at: 0, outcome: 'PASS' })),
    };
    const text = `${[...bigStart(1_000_000), JSON.stringify(deletions)].join('\n')}\n`;
    const started = performance.now();
    const error = failure(text);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(error.line).toBe(3);
    expect(error.problem).toEqual({ code: 'session.too-many', values: { max: 20_000_000 } });
    expect(error.message).toBe('line 3: its packed rows would rebuild more than 20000000 numbers');
  });

  it('reads the same rows when they rebuild less than the limit', () => {
    const deletions = {
      seq: 2,
      type: 'deletions',
      rows: Array.from({ length: 3 }, (_, at) => ({ at, outcome: 'PASS' })),
    };
    const session = readSession(`${[...bigStart(1000), JSON.stringify(deletions)].join('\n')}\n`);
    expect(session.events.map((event) => event.type)).toEqual(['call', 'call', 'call', 'call']);
  });

  it('refuses values nested deeper than the limit before parsing them', () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const line = LINES[2]?.replace('"actual":0', `"actual":${deep}`) as string;
    expect(line).toContain('[[[');
    const error = failure(edit({ 3: line }));
    expect([error.line, error.problem?.code]).toEqual([3, 'session.too-deep']);
    // Brackets inside strings do not count.
    const quoted = LINES[2]?.replace('"actual":0', `"actual":"${'['.repeat(500)}"`) as string;
    expect(() => readSession(edit({ 3: quoted }))).not.toThrow(/deep/);
  });

  it('refuses a line longer than the limit as soon as it is, without waiting for its end', () => {
    const reader = new SessionReader();
    reader.push(`${LINES[0]}\n`);
    const chunk = ' '.repeat(1_000_000);
    let thrown: unknown;
    let pushed = 0;
    try {
      for (; pushed < 40; pushed++) reader.push(chunk);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SessionFormatError);
    expect((thrown as SessionFormatError).problem?.code).toBe('session.line-long');
    expect(pushed).toBe(32);
  });

  it('refuses a seed of more digits than CPython reads, in one sentence', () => {
    const header = JSON.parse(LINES[0] as string);
    header.config.generator.seed = '7'.repeat(1_000_000);
    const started = performance.now();
    const error = failure(edit({ 1: JSON.stringify(header) }));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.message).toBe(
      'line 1: the header config is not usable: the seed has 1000000 digits, more than 4300',
    );
  });
});
