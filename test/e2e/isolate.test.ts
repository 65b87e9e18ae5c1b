import { describe, expect, it } from 'vitest';
import {
  articleLink,
  expectText,
  fastest,
  linkFor,
  narration,
  openLesson,
  openPage,
  runLiveToRecording,
  useApp,
  waitForDone,
} from './support/app.js';

/** Isolation in the page: its lessons replayed and run live, in both languages, and a link. */
const app = useApp();

const DIR = 'test-results/screens';

/** The question a predicting class is asked before an isolation's verdict, in Chinese. */
const PREDICT_ZH = '它会通过还是失败？';

const LANGUAGES = [
  ['en', 'en-US', 'Lessons', 'Which difference makes it fail? Isolating a quote'],
  ['zh', 'zh-CN', '课程', '是哪个差异让它失败？隔离出一个引号'],
] as const;

describe('isolating', () => {
  it.each(LANGUAGES)(
    'replays the quote lesson step by step, sides and moves named, and runs it live to the same session (%s)',
    async (lang, locale, lessons, title) => {
      const en = lang === 'en';
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      await openLesson(page, lessons, title, 'isolate-markup');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await expectText(
        narration(page),
        'toContain',
        en ? 'Confirm that the failing input' : '确认失败的输入',
      );
      await page.keyboard.press('ArrowRight');
      await expectText(
        narration(page),
        'toContain',
        en
          ? 'Confirm that the passing input “<b>foo</b>” passes'
          : '确认通过的输入 “<b>foo</b>” 确实通过',
      );
      await page.keyboard.press('ArrowRight');
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /^Trial 1: add block A \(1 character\) to the passing side .* FAIL: reduce to subset/
          : /^第 1 次试验：把块 甲（1 个字符）加到通过的一侧 .*FAIL：缩减到子集/,
      );
      // The block's quote is drawn brought in, the sides by their sizes.
      await expect(page.locator('dl-sides .cell.added').count()).resolves.toBe(1);
      await expectText(
        page.locator('dl-sides .sides'),
        'toContain',
        en ? 'Passing side: 10 characters' : '通过的一侧：10 个字符',
      );
      // The reducer's loop is dd's, stopped where the move was made.
      await page.locator('dl-algorithm-pane summary').click();
      await expectText(
        page.locator('dl-algorithm-pane li[aria-current="step"]'),
        'toContain',
        'else fail = config;',
      );
      await page.locator('#stage').focus();
      await page.keyboard.press('End');
      await expectText(
        narration(page),
        'toContain',
        en
          ? 'differ by 1 character. The difference is 1-minimal'
          : '只差 1 个字符。这个差异是 1-minimal 的',
      );
      await expectText(
        page.locator('dl-verify-card ul'),
        'toContain',
        en ? 'The difference is 1-minimal' : '差异是 1-minimal 的',
      );
      await page.screenshot({ path: `${DIR}/isolate-quote-${lang}.png` });
      // Run live: the same session, call for call.
      await runLiveToRecording(page, en);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it.each([
    ['en', 'en-US', 'Lessons', 'Attempt 4451 passed, 4452 failed: what made the difference?'],
    ['zh', 'zh-CN', '课程', '第 4451 组通过，第 4452 组失败：差别在哪里？'],
  ] as const)(
    'isolates the article input against its passing neighbour, and predicts before each verdict (%s)',
    async (lang, locale, lessons, title) => {
      const en = lang === 'en';
      const { page, close } = await openPage(app.browser, `${app.url}?predict`, { locale });
      await openLesson(page, lessons, title, 'isolate-article');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await expectText(narration(page), 'toContain', en ? 'Will it pass or fail?' : PREDICT_ZH);
      await expect(page.locator('dl-sides .badge.predict').count()).resolves.toBe(1);
      await page.keyboard.press('End');
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /differ by 1 element\. The difference is 1-minimal/
          : /只差 1 个元素。这个差异是 1-minimal 的/,
      );
      await close();
    },
  );

  it('isolates what the user asks for: a task chosen, a passing input typed, Run, then a link replays it', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    const link = await linkFor(app.url, {
      ...state,
      session: undefined,
      workspace: {
        ...state.workspace,
        source: 'paste',
        failing: '[-5, -3, -2, -8, -1]',
        isolate: '+-',
        passing: '[5, -3, 2]',
      },
    } as typeof state);
    const { page, close } = await openPage(app.browser, link);
    await expect(page.locator('dl-reduce-controls select').first().inputValue()).resolves.toBe(
      '+-',
    );
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    await expectText(
      narration(page),
      'toMatch',
      /^Done: after \d+ calls, the passing side .* differ by/,
    );
    // Shared, the run opens replayed: no code runs, the same isolation is shown.
    const shared = await articleLink(page);
    expect(shared.session).toBeDefined();
    await page.keyboard.press('Escape');
    const second = await openPage(app.browser, await linkFor(app.url, shared));
    await second.page.locator('#stage .replay-badge').waitFor();
    await second.page.locator('#stage').focus();
    await second.page.keyboard.press('End');
    await expectText(narration(second.page), 'toMatch', /^Done: after \d+ calls, the passing side/);
    await second.close();
    // The choice of task goes back to reducing.
    await page.locator('dl-reduce-controls select').first().selectOption('reduce');
    await expect(page.locator('dl-reduce-controls textarea').count()).resolves.toBe(0);
    await close();
  });
});
