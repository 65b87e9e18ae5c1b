import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionCode } from '../../../src/core/code/refs.js';
import { configProblems } from '../../../src/core/session/config.js';
import { isPin, pinCode, pinOf, pinProblems, unpinCode } from '../../../src/core/session/pin.js';
import { problemText } from '../../../src/core/text/problems.js';

const FILES: Record<string, string> = {
  'code/pair/candidate.js': 'export function f(a) { return 0; }\n',
  'code/pair/reference.js': 'export function f(a) { return a.length; }\n',
};
const textOf = (file: string) => FILES[file];
const PAIR: SessionCode = {
  language: 'js',
  candidate: { file: 'code/pair/candidate.js' },
  reference: { file: 'code/pair/reference.js' },
};

describe('pinOf', () => {
  it('is 32-bit FNV-1a: the published test vectors for ASCII text', () => {
    expect(pinOf('')).toBe('fnv1a32:811c9dc5');
    expect(pinOf('a')).toBe('fnv1a32:e40c292c');
    expect(pinOf('foobar')).toBe('fnv1a32:bf9cf968');
  });

  it('hashes UTF-16 code units, so text beyond ASCII and lone surrogates pin too', () => {
    expect(pinOf('é')).not.toBe(pinOf('e'));
    expect(pinOf('\u{1f600}')).not.toBe(pinOf('\ud83d'));
    expect(isPin(pinOf('\ud83d'))).toBe(true);
  });

  it('is always well-formed', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => isPin(pinOf(text))));
  });

  it('agrees with byte-wise FNV-1a on ASCII text without CR', () => {
    const bytewise = (text: string) => {
      let hash = 0x811c9dc5n;
      for (const byte of new TextEncoder().encode(text)) {
        hash = ((hash ^ BigInt(byte)) * 0x01000193n) % 2n ** 32n;
      }
      return `fnv1a32:${hash.toString(16).padStart(8, '0')}`;
    };
    const ascii = fc.string({ unit: 'binary-ascii' }).map((text) => text.replace(/\r/g, ''));
    fc.assert(fc.property(ascii, (text) => pinOf(text) === bytewise(text)));
  });

  it('changes when any one code unit changes (each FNV-1a step is a bijection)', () => {
    const noCr = fc.string({ unit: 'binary' }).map((text) => text.replace(/\r/g, ''));
    fc.assert(
      fc.property(noCr, fc.nat(), fc.integer({ min: 1, max: 0xffff }), (text, at, delta) => {
        fc.pre(text.length > 0);
        const i = at % text.length;
        const unit = (text.charCodeAt(i) + delta) % 0x10000;
        fc.pre(unit !== 0x0d);
        const edited = text.slice(0, i) + String.fromCharCode(unit) + text.slice(i + 1);
        expect(pinOf(edited)).not.toBe(pinOf(text));
      }),
    );
  });

  it('reads CRLF line ends as LF, but a lone CR is content', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const lf = text.replace(/\r/g, '');
        expect(pinOf(lf.replace(/\n/g, '\r\n'))).toBe(pinOf(lf));
      }),
    );
    expect(pinOf('a\rb')).not.toBe(pinOf('ab'));
  });
});

describe('isPin', () => {
  it('accepts the algorithm and eight lowercase hex digits only', () => {
    expect(isPin('fnv1a32:0123abcd')).toBe(true);
    for (const bad of ['fnv1a32:0123ABCD', 'fnv1a32:0123abc', 'sha1:0123abcd', '0123abcd', 7]) {
      expect(isPin(bad)).toBe(false);
    }
  });
});

describe('pinCode', () => {
  it('pins every file ref to its text and leaves inline sources and the input alone', () => {
    const code: SessionCode = { ...PAIR, reference: { source: 'export const f = () => 1;' } };
    const pinned = pinCode(code, (file) => FILES[file] ?? '');
    expect(pinned).toEqual({
      language: 'js',
      candidate: { file: 'code/pair/candidate.js', pin: pinOf(FILES['code/pair/candidate.js']) },
      reference: { source: 'export const f = () => 1;' },
    });
    expect(code.candidate).toEqual({ file: 'code/pair/candidate.js' });
    expect(unpinCode(pinned)).toEqual(code);
  });
});

describe('pinProblems', () => {
  const pinned = pinCode(PAIR, (file) => FILES[file] ?? '');

  it('finds nothing while every pinned file holds what it was pinned to', () => {
    expect(pinProblems(pinned, textOf)).toEqual([]);
  });

  it('names each file whose text has changed since the session was recorded', () => {
    const edited: Record<string, string> = { ...FILES, 'code/pair/reference.js': '// edited\n' };
    expect(pinProblems(pinned, (file) => edited[file])).toEqual([
      'code/pair/reference.js has changed since the session was recorded',
    ]);
  });

  it('names a pinned file that is missing, once even when two roles name it', () => {
    const twice: SessionCode = { ...pinned, reference: pinned.candidate };
    expect(pinProblems(twice, () => undefined)).toEqual(['code/pair/candidate.js is missing']);
  });

  it('does not check unpinned refs or inline sources', () => {
    const code: SessionCode = {
      language: 'js',
      outcome: { source: 'x' },
      candidate: PAIR.candidate,
    };
    expect(pinProblems(code, () => 'anything')).toEqual([]);
  });
});

describe('configProblems with pins', () => {
  const config = (outcome: unknown) => ({
    code: { language: 'js', outcome },
    reducer: 'chunks',
    chase: { kind: 'wrong-answer' },
    cache: true,
    budgets: { callMs: 1000 },
    input: [1, 2],
  });

  it('accepts a file ref with or without a well-formed pin', () => {
    expect(
      configProblems(config({ file: 'code/trap/outcome.js' })).map((problem) =>
        problemText(problem),
      ),
    ).toEqual([]);
    expect(configProblems(config({ file: 'code/trap/outcome.js', pin: pinOf('x') }))).toEqual([]);
  });

  it('rejects a malformed pin', () => {
    for (const pin of ['fnv1a32:XYZ', '', null, 123]) {
      expect(
        configProblems(config({ file: 'code/trap/outcome.js', pin })).map((problem) =>
          problemText(problem),
        ),
      ).toEqual(['the outcome code pin is not a content pin like "fnv1a32:0123abcd"']);
    }
  });
});
