import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/cli/examples.js';
import { PACKED_TYPES } from '../../src/core/session/format/pack.js';
import { readSession } from '../../src/core/session/format/reader.js';
import {
  comparableSession,
  FILES,
  guardProblems,
  ROOT,
  recordScenario,
  replayScenario,
  scenarioNames,
  transcriptText,
} from './harness.js';

/**
 * Record-once / replay snapshot tests. Every committed session is replayed with no code executed,
 * and two normalised surfaces are compared: the transcript the UI receives, and the re-persisted
 * session. `npm run test:snapshot:record` re-records the fixtures live instead (never in CI).
 */
const RECORD = process.env.DELTALAB_RECORD === '1';
const read = (name: string, file: string) => readFileSync(join(ROOT, name, file), 'utf8');

describe.concurrent.each(scenarioNames())('scenario %s', (name) => {
  if (RECORD) {
    it(`records ${name} live`, async () => {
      await recordScenario(name);
    }, 120_000);
    return;
  }

  it(`replays ${name}: same transcript, same session, no code run`, async () => {
    const { reply, messages, spawned, session, replayed } = await replayScenario(name);
    expect(spawned).toEqual([]);
    if (!reply.ok) throw new Error(`${name}: ${JSON.stringify(reply)}`);
    expect(transcriptText(messages)).toBe(read(name, FILES.transcript));
    expect(comparableSession(replayed)).toBe(comparableSession(session));
  });

  if (loadScenario(name).rawRecording) {
    it(`${name}: the packed fixture holds every packed row type and decodes to the raw recording`, () => {
      const packed = read(name, FILES.session);
      const types = new Set(
        packed
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line).type),
      );
      for (const type of PACKED_TYPES) expect(types).toContain(type);
      const raw = read(name, FILES.raw);
      expect(raw.split('\n').length).toBeGreaterThan(packed.split('\n').length);
      expect(readSession(packed).events).toEqual(readSession(raw).events);
    });
  }
});

// While recording, the fixtures are being rewritten: the guard runs on the next replay.
if (!RECORD) {
  describe('fixture guard', () => {
    it('finds no missing, orphaned, mismatched, stale, non-canonical or duplicate fixtures', () => {
      expect(guardProblems()).toEqual([]);
    });
  });
}
