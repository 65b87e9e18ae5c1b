import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import * as ddModule from '../../../src/core/isolate/dd.js';
import { replaySession } from '../../../src/core/replay/replay.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { taskConfig } from '../../../src/core/session/task.js';
import { ARTICLE_INPUT } from '../../support/lessons.js';
import { articleJudge, exampleConfig, record } from '../session/sessions.js';

// Every call of dd counted, the real one run.
vi.mock('../../../src/core/isolate/dd.js', async (original) => {
  const real = await original<typeof ddModule>();
  return { ...real, dd: vi.fn(real.dd) };
});

const dd = vi.mocked(ddModule.dd);

describe('an isolation runs dd once', () => {
  it('records, rows and all, with one run of dd: the transcript reads each trial’s sides', () => {
    const { generator: _g, maxAttempts: _m, ...lesson } = exampleConfig('article');
    const config = taskConfig({
      ...lesson,
      input: ARTICLE_INPUT,
      isolate: { mode: '+-', pass: [1, -2, 3] },
    });
    dd.mockClear();
    const { messages } = record(config, articleJudge);
    expect(messages.filter((message) => message.type === 'trial').length).toBeGreaterThan(2);
    expect(dd).toHaveBeenCalledTimes(1);
  });

  it('replays a session with one run of dd, of format 2.4 or 2.1 (its replay makes the sides)', async () => {
    const today = readSession(
      readFileSync(
        new URL('../../../examples/isolate-article/session.jsonl', import.meta.url),
        'utf8',
      ),
    );
    dd.mockClear();
    await replaySession(today, { keep: false });
    expect(dd).toHaveBeenCalledTimes(1);
    const old = readSession(
      readFileSync(
        new URL('../replay/fixtures/isolate-article-2.1.jsonl', import.meta.url),
        'utf8',
      ),
    );
    dd.mockClear();
    await replaySession(old, { keep: false });
    expect(dd).toHaveBeenCalledTimes(1);
  });

  it('stores the sides of each trial: the first is dd’s start, none passing and all failing', () => {
    const { generator: _g, maxAttempts: _m, ...lesson } = exampleConfig('article');
    const config = taskConfig({
      ...lesson,
      input: ARTICLE_INPUT,
      isolate: { mode: '+-', pass: [1, -2, 3] },
    });
    const { session } = record(config, articleJudge);
    const trials = session.events.filter((event) => event.type === 'isolation');
    expect(trials[0]?.pass).toEqual([]);
    expect(trials[0]?.fail).toHaveLength(1);
    expect(trials[0]?.fail?.[0]?.[0]).toBe(0);
    expect(trials.every((event) => event.pass !== undefined && event.fail !== undefined)).toBe(
      true,
    );
  });
});
