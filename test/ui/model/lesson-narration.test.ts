import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../../../src/core/session/scenario.js';
import { type Locale, setLocale, t } from '../../../src/ui/i18n/i18n.js';
import { narrate } from '../../../src/ui/model/narrate.js';
import { spokenInput } from '../../../src/ui/model/spoken.js';
import { exampleFile, exampleFrames, SCENARIOS } from '../../core/session/sessions.js';

/**
 * Every step of every lesson, narrated as the page narrates it, in both languages, checked
 * against the lesson's recorded transcript: the trial's number, its input, its outcome, whether
 * it was accepted or came from the cache, and nothing of the other language.
 */
const LESSONS = SCENARIOS.filter(
  (name) => (JSON.parse(exampleFile(name, 'input.json')) as Scenario).gallery !== undefined,
);

/** What each language calls the things a trial's sentence must say. */
const WORDS = {
  en: {
    trial: (k: number) => `Trial ${k}: `,
    isolationTrial: (k: number) => `Trial ${k}: `,
    unmoved: 'neither side moves',
    accepted: 'accepted',
    rejected: 'rejected',
    cache: 'cache',
    done: 'Done: ',
  },
  zh: {
    trial: (k: number) => `第 ${k} 次试验：`,
    isolationTrial: (k: number) => `第 ${k} 次试验：`,
    unmoved: '两侧都不动',
    accepted: '接受',
    rejected: '不接受',
    cache: '缓存',
    done: '完成：',
  },
} as const;

/** The other language showing through: English sentence words on the Chinese page, or CJK in English. */
const FOREIGN = {
  en: /[\u3400-\u9fff]/,
  zh: /\b(Trial|split|remove|keep only|blocks|accepted|rejected|restore|Done|calls|Confirm|Attempt|Still|ran longer than|is not a valid input|The verdict|side|subset|complement)\b/,
} as const;

beforeAll(() => {
  // The page's language switch sets the document's language too: a stand-in document here.
  (globalThis as { document?: unknown }).document = { documentElement: {}, title: '' };
});

afterAll(async () => {
  await setLocale('en');
});

describe.each(['en', 'zh'] as Locale[])('the narration of every lesson step (%s)', (lang) => {
  it.each(LESSONS)('%s', async (name) => {
    await setLocale(lang);
    const words = WORDS[lang];
    const { frames: all, shape } = exampleFrames(name);
    expect(all.length).toBeGreaterThan(0);
    all.forEach((frame, i) => {
      const text = narrate(frame, shape, all[i - 1]);
      const at = `${name} step ${i + 1}: ${text}`;
      expect(text, at).not.toBe('');
      expect(text, at).not.toMatch(/\{[a-z_]+\}/); // every placeholder filled
      // Text is said as text: never as escaped JSON.
      if (shape.kind === 'string') expect(text, at).not.toMatch(/\\["n]/);
      // The input and the program's own words may be in any language; the rest is the page's.
      const own =
        frame.type === 'trial' ? text.replace(spokenInput(frame.row.trial, shape), '') : text;
      const error = frame.type !== 'end' ? frame.verdict.error : undefined;
      const ours = error ? own.replace(error.message, '') : own;
      expect(ours, at).not.toMatch(FOREIGN[lang]);
      if (frame.type === 'trial' && frame.row.isolation) {
        // An isolation's trial: its number, input and outcome, and the move it made or none.
        const { row } = frame;
        const moved = row.isolation?.moved;
        expect(text, at).toContain(words.isolationTrial(frame.trial));
        expect(text, at).toContain(spokenInput(row.trial, shape));
        expect(text, at).toContain(row.outcome);
        expect(text, at).toContain(moved ? t(`move.${moved}`) : words.unmoved);
        expect(text.includes(words.cache), at).toBe(frame.cached);
        const veiled = narrate(frame, shape, all[i - 1], true);
        expect(veiled.replace(spokenInput(row.trial, shape), ''), at).not.toContain(row.outcome);
      } else if (frame.type === 'trial') {
        const { row } = frame;
        expect(text, at).toContain(words.trial(frame.trial));
        expect(text, at).toContain(spokenInput(row.trial, shape));
        expect(text, at).toContain(row.outcome);
        expect(text, at).toContain(row.accepted ? words.accepted : words.rejected);
        if (row.accepted) expect(text, at).not.toContain(words.rejected);
        expect(text.includes(words.cache), at).toBe(frame.cached);
        // Veiled (predict first): the trial and its number, not its verdict.
        const veiled = narrate(frame, shape, all[i - 1], true);
        expect(veiled, at).toContain(words.trial(frame.trial));
        expect(veiled.replace(spokenInput(row.trial, shape), ''), at).not.toContain(row.outcome);
      }
      if (frame.type === 'end' && ['reduced', 'isolated'].includes(frame.end.status)) {
        expect(text, at).toContain(words.done);
        expect(text, at).toContain(String(frame.end.calls));
      }
    });
    // Trials are numbered 1, 2, 3… as the scrubber counts them.
    const numbers = all.flatMap((frame) => (frame.type === 'trial' ? [frame.trial] : []));
    expect(numbers).toEqual(numbers.map((_, k) => k + 1));
  });
});
