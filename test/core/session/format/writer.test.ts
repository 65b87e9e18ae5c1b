import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../src/core/session/events.js';
import { jsonLine } from '../../../../src/core/session/format/json-line.js';
import { pack } from '../../../../src/core/session/format/pack.js';
import { readSession } from '../../../../src/core/session/format/reader.js';
import { storedHeader, writeSession } from '../../../../src/core/session/format/writer.js';
import { exampleFile, recordingArb } from '../sessions.js';

const TRAP = readSession(exampleFile('trap', 'session.jsonl'));

/** The keys of a JSON object, in order, at every depth (`a.b` for nested ones). */
function keyOrder(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keyOrder(item, prefix));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    `${prefix}${key}`,
    ...keyOrder(item, `${prefix}${key}.`),
  ]);
}

/**
 * Whether the keys of every object in a parsed line are `seq`, `type`, then alphabetical. (An
 * object lists integer-like keys first, in numeric order, whatever the insertion order: that is
 * as deterministic, and the best JSON.stringify can do.)
 */
function canonicalKeys(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(canonicalKeys);
  if (value === null || typeof value !== 'object') return true;
  const keys = Object.keys(value);
  const rest = keys.filter((key) => key !== 'seq' && key !== 'type').sort();
  const order = ['seq', 'type'].filter((key) => keys.includes(key)).concat(rest);
  const expected = Object.keys(Object.fromEntries(order.map((key) => [key, 0])));
  return keys.join() === expected.join() && Object.values(value).every(canonicalKeys);
}

describe('writeSession', () => {
  it('writes raw: the header, then one event per line, every line ending in a newline', () => {
    const text = writeSession(TRAP, 'raw');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.split('\n').slice(0, -1);
    expect(lines).toHaveLength(TRAP.events.length + 1);
    expect(JSON.parse(lines[0] as string)).toStrictEqual(storedHeader(TRAP.header));
    lines.slice(1).forEach((line, i) => {
      expect(JSON.parse(line)).toStrictEqual(TRAP.events[i]);
    });
  });

  it('writes the canonical packed form by default', () => {
    expect(writeSession(TRAP)).toBe(writeSession(TRAP, 'packed'));
    const rows = pack(TRAP.header, TRAP.events);
    expect(writeSession(TRAP)).toBe(
      [storedHeader(TRAP.header), ...rows].map((row) => `${jsonLine(row)}\n`).join(''),
    );
    expect(writeSession(TRAP)).not.toBe(writeSession(TRAP, 'raw'));
  });

  it('puts seq and type first and the other keys in alphabetical order, at every depth', () => {
    const event = {
      verdict: { zeta: 1, alpha: { y: 2, b: 3 } },
      type: 'call',
      seq: 7,
      absent: undefined,
    };
    expect(jsonLine(event)).toBe(
      '{"seq":7,"type":"call","verdict":{"alpha":{"b":3,"y":2},"zeta":1}}',
    );
    expect(keyOrder(JSON.parse(jsonLine(event)))).toEqual([
      'seq',
      'type',
      'verdict',
      'verdict.alpha',
      'verdict.alpha.b',
      'verdict.alpha.y',
      'verdict.zeta',
    ]);
  });

  it('keeps an own "__proto__" key of an output (JSON.parse makes them) as a key', () => {
    const output = JSON.parse('{"__proto__":{"x":1},"b":2}');
    expect(jsonLine({ expected: output })).toBe('{"expected":{"__proto__":{"x":1},"b":2}}');
  });

  it('writes the same bytes for equal sessions, whatever the key order in memory', () => {
    const reversed = <T>(value: T): T => {
      if (Array.isArray(value)) return value.map(reversed) as T;
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([key, item]) => [key, reversed(item)]),
      ) as T;
    };
    const shuffled: Session = reversed({ header: TRAP.header, events: TRAP.events });
    expect(Object.keys(shuffled.header)[0]).toBe('version');
    for (const form of ['raw', 'packed'] as const) {
      expect(writeSession(shuffled, form)).toBe(writeSession(TRAP, form));
    }
  });

  it('writes canonical keys on every line of random sessions, and changes nothing it writes', () => {
    fc.assert(
      fc.property(
        recordingArb,
        fc.constantFrom('raw' as const, 'packed' as const),
        (recording, form) => {
          const before = structuredClone(recording.session);
          const text = writeSession(recording.session, form);
          expect(recording.session).toStrictEqual(before);
          for (const line of text.split('\n').slice(0, -1)) {
            expect(canonicalKeys(JSON.parse(line)), line).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
