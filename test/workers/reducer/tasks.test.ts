import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesDir, loadScenario, resolveCode } from '../../../src/cli/examples.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import type { LiveReply } from '../../../src/protocol/reducer.js';
import { recordedConfig, transcriptText } from '../../snapshot/harness.js';
import { collector, comparable, useNodeApis } from './support.js';

/**
 * Every task's path through the reducer worker's API, on real sandbox processes: a reduction, an
 * isolation (also from the empty passing input, `dd`'s default), a change of code, a history.
 * Each lesson's run is the committed one: the same transcript, the same session.
 */

const nodeApi = useNodeApis();

const fixture = (name: string, file: string) =>
  readFileSync(join(examplesDir(), name, file), 'utf8');

/** A lesson's config as its recording ran it (its code pinned). */
const lesson = (name: string): SessionConfig => recordedConfig(name, loadScenario(name));

/** Runs `config` live through the worker's API; returns its reply and the messages heard. */
async function run(config: SessionConfig) {
  const listener = collector();
  const reply = await nodeApi().run(config, resolveCode(config.code), listener);
  if (!reply.ok) throw new Error(`the run failed: ${JSON.stringify(reply)}`);
  return { reply: reply as Extract<LiveReply, { ok: true }>, heard: listener.heard };
}

describe('the reducer worker runs every task', () => {
  it.each([
    ['reduce', 'trap'],
    ['isolate', 'isolate-markup'],
    ['changes', 'changes-article'],
    ['history', 'history-article'],
  ])('%s: runs the %s lesson as it was recorded', async (_task, name) => {
    const { reply, heard } = await run(lesson(name));
    expect(reply.summary.verified).toBe(true);
    expect(transcriptText(heard)).toBe(fixture(name, 'transcript.expected.jsonl'));
    expect(comparable(reply.session)).toBe(comparable(fixture(name, 'session.jsonl')));
  });

  it('isolates from the empty passing input, as the command line does', async () => {
    // dd's passing side by default is the empty configuration: the code judges it (it passes:
    // no markup, no quote), where a reduction counts the empty input INVALID without running it.
    const markup = lesson('isolate-markup');
    if (markup.task !== 'isolate') throw new Error('the quote lesson isolates');
    const config: SessionConfig = { ...markup, isolate: { ...markup.isolate, pass: '' } };
    const { reply } = await run(config);
    // It ends one quote apart: "" passes, a lone " fails (the candidate drops it).
    expect(reply.summary).toMatchObject({
      status: 'isolated',
      verified: true,
      isolation: {
        startPass: '',
        pass: '',
        fail: '"',
        difference: [{ op: 'insert', at: 0, unit: '"' }],
        verification: { passPasses: true, failFails: true, oneMinimal: true },
      },
    });
  });
});
