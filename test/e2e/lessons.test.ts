import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/core/session/scenario.js';
import {
  expectText,
  fastest,
  narration,
  openPage,
  setCode,
  settled,
  useApp,
} from './support/app.js';

const DIR = 'test-results/screens';

/** Every lesson of the gallery, as a class sees it: on a projector, in both languages. */
const app = useApp();

const LESSONS = readdirSync('examples', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'code')
  .flatMap((entry) => {
    const path = `examples/${entry.name}/input.json`;
    const scenario = JSON.parse(readFileSync(path, 'utf8')) as Scenario;
    return scenario.gallery === undefined ? [] : [[entry.name, scenario] as const];
  })
  .sort(([, a], [, b]) => (a.gallery ?? 0) - (b.gallery ?? 0));

const LANGUAGES = [
  ['en', 'en-US', 'Lessons'],
  ['zh', 'zh-CN', '课程'],
] as const;

/** Opens a lesson from the gallery by its title and waits for its whole recording to be shown. */
async function openLesson(page: Page, lessons: string, name: string, title: string): Promise<void> {
  await page.getByRole('button', { name: lessons, exact: true }).click();
  await page.locator('dl-lesson-gallery .card .title').getByText(title, { exact: true }).click();
  await page.waitForFunction((lesson) => {
    const app = document.querySelector('delta-lab');
    return (
      app?.workspaces.workspace.lesson === lesson &&
      // The lesson's recording is fetched first: until then the timeline is the one before.
      !app.runs.replaying &&
      app.timeline.mode === 'replay' &&
      app.timeline.ended
    );
  }, name);
}

describe('lessons', () => {
  it.each(LANGUAGES)(
    'shows the crash lesson’s wrong answer and other crash rejected while one crash is chased (%s)',
    async (lang, locale, lessons) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      const en = lang === 'en';
      const crash = LESSONS.find(([name]) => name === 'crash')?.[1];
      await openLesson(page, lessons, 'crash', crash?.title[lang] ?? '?');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      const cells = async () =>
        (await page.locator('dl-cells').evaluate((el) => el.shadowRoot?.textContent ?? '')).replace(
          /\s+/g,
          ' ',
        );
      // found, confirmed, then trials 1, 2, 3
      for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /Trial 3: .*→ \[2,1\]\. FAIL — rejected, restore\. A failure, but not the one chased\.$/
          : /第 3 次试验：.*→ \[2,1\]。FAIL——不接受，恢复。是失败，但不是所追踪的那种。$/,
      );
      expect(await cells()).toMatch(en ? /expected 1, actual 0/ : /参考答案 1, 被测输出 0/);
      await page.keyboard.press('PageDown'); // trial 4
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /Trial 4: .*→ \[1,1,1\]\. CRASH \(TypeError\) — rejected, restore\. A failure, but not the one chased\.$/
          : /第 4 次试验：.*→ \[1,1,1\]。CRASH \(TypeError\)——不接受，恢复。是失败，但不是所追踪的那种。$/,
      );
      expect(await cells()).toMatch(/TypeError: Cannot read properties of undefined/);
      await page.screenshot({ path: `test-results/screens/crash-other-crash-${lang}.png` });
      await page.keyboard.press('PageDown'); // trial 5: the chased crash again, accepted
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /Trial 5: .*→ \[2,1,1\]\. Still CRASH \(RangeError\): accepted/
          : /第 5 次试验：.*→ \[2,1,1\]。仍然 CRASH \(RangeError\)——接受/,
      );
      expect(errors).toEqual([]);
      await close();
    },
  );

  it.each(LANGUAGES)(
    'shows the flaky lesson’s chance failure caught, then misleading the run without re-runs (%s)',
    async (lang, locale, lessons) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      const en = lang === 'en';
      const flaky = LESSONS.find(([name]) => name === 'flaky')?.[1];
      await openLesson(page, lessons, 'flaky', flaky?.title[lang] ?? '?');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown'); // confirmed, trials 1, 2
      await expectText(
        narration(page),
        'toBe',
        en
          ? 'Trial 2: split into 2 blocks and remove block B → [1,2,3,4]. FAIL — rejected, restore. Run again, it came out FAIL → PASS → PASS: flaky, so it does not count.'
          : '第 2 次试验：分成 2 块，删去乙块 → [1,2,3,4]。FAIL——不接受，恢复。重跑结果 FAIL → PASS → PASS：不稳定，不算数。',
      );
      await page.screenshot({ path: `test-results/screens/flaky-${lang}.png` });
      // Without re-runs, live: the chance failure is accepted and the result does not fail.
      const repeats = page.getByLabel(en ? 'Re-run each failure' : '每个失败重跑次数');
      await page.getByText(en ? 'More settings' : '更多设置').click();
      await repeats.fill('0');
      await repeats.blur();
      await fastest(page);
      await page.getByRole('button', { name: en ? 'Run live' : '现场运行', exact: true }).click();
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /^Done: \[2,5,6\] after \d+ calls\. It is not verified/
          : /^完成：\d+ 次调用后剩下 \[2,5,6\]。它没有验证/,
        60_000,
      );
      expect(errors).toEqual([]);
      await close();
    },
  );

  it.each(LANGUAGES)(
    'answers the cache lesson’s repeated trial from the cache, and runs every call without it (%s)',
    async (lang, locale, lessons) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      const en = lang === 'en';
      const cache = LESSONS.find(([name]) => name === 'cache')?.[1];
      await openLesson(page, lessons, 'cache', cache?.title[lang] ?? '?');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown'); // confirmed, trials 1–3
      await expectText(
        narration(page),
        'toContain',
        en ? 'The verdict came from the cache: no code ran.' : '结果来自缓存，没有运行代码。',
      );
      const counters = async () =>
        (await page.locator('dl-counters dd').allTextContents()).slice(0, 3);
      expect(await counters()).toEqual(['4', '3', '1']);
      await page.screenshot({ path: `test-results/screens/cache-${lang}.png` });
      await page.keyboard.press('End');
      await expect.poll(counters).toEqual(['35', '19', '16']);
      // The cache off, live: the same calls, each one executed.
      const settings = page.locator('dl-reduce-controls');
      await settings.getByText(en ? 'More settings' : '更多设置').click();
      await settings.getByLabel(en ? 'Outcome cache' : '结果缓存').uncheck();
      await fastest(page);
      await page.getByRole('button', { name: en ? 'Run live' : '现场运行', exact: true }).click();
      await expectText(
        narration(page),
        'toMatch',
        en ? /^Done: \[1,5\] after 35 calls/ : /^完成：35 次调用后剩下 \[1,5\]/,
        60_000,
      );
      await expect.poll(counters).toEqual(['35', '35', '0']);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it.each(LANGUAGES)(
    'counts the cost lesson’s calls at each length its slider sets (%s)',
    async (lang, locale, lessons) => {
      const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
        locale,
        viewport: { width: 1280, height: 720 },
      });
      const en = lang === 'en';
      const cost = LESSONS.find(([name]) => name === 'cost')?.[1];
      await openLesson(page, lessons, 'cost', cost?.title[lang] ?? '?');
      const panel = page.locator('dl-stretch-panel');
      const rows = panel.locator('tbody tr');
      const row = async (i: number) =>
        (await rows.nth(i).locator('td').allTextContents()).map((text) => text.trim());
      // The recording's own length is the first row: 16 elements, 21 calls, 18 run, 3 cached.
      await expectText(panel.locator('output'), 'toBe', '16');
      await rows.first().waitFor();
      expect(await row(0)).toEqual(['16', '21', '18', '3', '']);
      const slider = panel.getByRole('slider');
      await fastest(page);
      for (const [steps, length] of [
        [1, '32'],
        [1, '64'],
      ] as const) {
        await slider.focus();
        for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
        await expectText(panel.locator('output'), 'toBe', length);
        // "Run live" while the recording is shown, "Run" after a live run.
        await page.getByRole('button', { name: en ? /^Run( live)?$/ : /^(现场)?运行$/ }).click();
        await expectText(
          narration(page),
          'toMatch',
          en ? /^Done: \[1,9\] after \d+ calls/ : /^完成：\d+ 次调用后剩下 \[1,9\]/,
          60_000,
        );
      }
      await expect(rows.count()).resolves.toBe(3);
      expect(await row(1)).toEqual(['32', '27', expect.any(String), expect.any(String), '+6']);
      expect(await row(2)).toEqual(['64', '33', expect.any(String), expect.any(String), '+6']);
      await expectText(page.locator('dl-counters dd').first(), 'toBe', '33');
      await page.screenshot({ path: `test-results/screens/cost-${lang}.png` });
      await panel.screenshot({ path: `test-results/screens/cost-slider-${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    },
  );

  it.each(LANGUAGES)(
    'opens every lesson in presenter mode on a 1280×720 projector (%s)',
    async (lang, locale, lessons) => {
      const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
        locale,
        viewport: { width: 1280, height: 720 },
      });
      for (const [name, scenario] of LESSONS) {
        await openLesson(page, lessons, name, scenario.title[lang]);
        // The middle of the timeline: a trial under way in most lessons.
        const scrub = page.locator('dl-player .scrub input');
        const last = Number(await scrub.getAttribute('max'));
        await scrub.fill(String(Math.floor(last / 2)));
        await expectText(narration(page), 'toMatch', /\S/);
        await page.waitForTimeout(1000); // the removed block's fade
        await page.screenshot({ path: `test-results/screens/lesson-${name}-${lang}.png` });
        const bottom = await page
          .locator('dl-counters')
          .evaluate((el) => el.getBoundingClientRect().bottom);
        expect(bottom, `${name}: the counters below the fold`).toBeLessThanOrEqual(720);
        if (lang === 'zh') {
          // The sandbox's own messages are said in Chinese on the stage too.
          // An isolation's trials are drawn by dl-sides.
          const shown = await page
            .locator('dl-cells, dl-sides')
            .evaluate((el) => el.shadowRoot?.textContent);
          expect(shown, name).not.toMatch(/ran longer than|is not a valid input/);
        }
      }
      expect(errors).toEqual([]);
      await close();
    },
    240_000,
  );
});

/** The text an editor shows ('被测程序', 'Candidate', …), its lines run together. */
async function editorText(page: Page, title: string): Promise<string> {
  const lines = page
    .locator('.editor-block', { has: page.locator('.editor-title', { hasText: title }) })
    .locator('.monaco-editor .view-lines');
  await lines.waitFor();
  return ((await lines.textContent()) ?? '').replace(/\u00a0/g, ' ');
}

describe('a lesson whose recording is slow to arrive', () => {
  it.each(LANGUAGES)(
    'keeps the last lesson’s steps from being stepped, says it is loading, then steps its own (%s)',
    async (lang, locale, lessons) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      const en = lang === 'en';
      await settled(page);
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      const first = await narration(page).textContent();
      // The next lesson's recording arrives late, as on a slow school network.
      let delayed = 0;
      await page.route('**/assets/session-*.js', async (route) => {
        delayed++;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const crash = LESSONS.find(([name]) => name === 'crash')?.[1];
      await page.getByRole('button', { name: lessons, exact: true }).click();
      await page
        .locator('dl-lesson-gallery .card .title')
        .getByText(crash?.title[lang] ?? '?', { exact: true })
        .click();
      const loading = en ? 'Loading the lesson’s recording…' : '正在载入本课录制的会话…';
      // A clicker's key meanwhile steps nothing: not the last lesson's steps, not the new one's.
      await page.keyboard.press('PageDown');
      expect([first, loading]).toContain(await narration(page).textContent());
      await expectText(narration(page), 'toBe', loading);
      expect(await page.locator('dl-history-table tbody tr').count()).toBe(0);
      await page.screenshot({ path: `${DIR}/lesson-loading-${lang}.png` });
      await page.waitForFunction(() => {
        const shown = document.querySelector('delta-lab');
        return (
          shown?.workspaces.workspace.lesson === 'crash' &&
          !shown.runs.replaying &&
          shown.timeline.ended
        );
      });
      await page.keyboard.press('Home');
      await page.keyboard.press('PageDown');
      // The crash lesson's own start, seed 42's failing input.
      await expectText(narration(page), 'toContain', '[5,0,0,5,2,1,1,1]');
      expect(delayed).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await close();
    },
  );
});

describe('lesson code comments in the page’s language', () => {
  it('shows the article’s comments in Chinese, in English after a switch, untouched in both', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url, { locale: 'zh-CN' });
    const article = LESSONS.find(([name]) => name === 'article')?.[1];
    await openLesson(page, '课程', 'article', article?.title.zh ?? '?');
    await page.waitForFunction(() =>
      document.querySelector('.monaco-editor .view-lines')?.textContent?.includes('Kadane'),
    );
    expect(await editorText(page, '被测程序')).toContain('// 非空连续子数组的最大和：Kadane 算法');
    expect(await editorText(page, '参考程序')).toContain('// 非空连续子数组的最大和，暴力枚举');
    await expect(page.getByRole('button', { name: '恢复本课的代码' }).isDisabled()).resolves.toBe(
      true,
    );
    await page.screenshot({ path: `${DIR}/lesson-comments-zh.png` });

    await page.getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() =>
      document.querySelector('.monaco-editor .view-lines')?.textContent?.includes('Largest'),
    );
    const english = await editorText(page, 'Candidate');
    expect(english).toContain('// Largest sum of a non-empty contiguous subarray');
    expect(english).not.toMatch(/[\u4e00-\u9fff]/);
    await expect(
      page.getByRole('button', { name: 'Reset to the lesson’s code' }).isDisabled(),
    ).resolves.toBe(true);
    // Still the recording's own code: nothing to run again.
    expect(await page.locator('#stage .stale').count()).toBe(0);
    await page.screenshot({ path: `${DIR}/lesson-comments-en.png` });
    expect(errors).toEqual([]);
    await close();
  });

  it('runs two lessons live on the Chinese page, each matching its recording call for call', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url, { locale: 'zh-CN' });
    await fastest(page);
    for (const name of ['article', 'four-blocks']) {
      const scenario = LESSONS.find(([each]) => each === name)?.[1];
      await openLesson(page, '课程', name, scenario?.title.zh ?? '?');
      await page.getByRole('button', { name: '现场运行' }).click();
      await expectText(
        page.locator('#stage .match, #stage .diverged'),
        'toContain',
        '现场运行与录制逐次一致',
        60_000,
      );
    }
    await page.screenshot({ path: `${DIR}/lesson-comments-run-zh.png` });
    expect(errors).toEqual([]);
    await close();
  });

  it('never rewrites the user’s edited code when the page’s language changes', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url, { locale: 'zh-CN' });
    const trap = LESSONS.find(([name]) => name === 'trap')?.[1];
    await openLesson(page, '课程', 'trap', trap?.title.zh ?? '?');
    const edited =
      "// 我自己的注释\nexport function outcome(a) {\n  return a.length > 1 ? 'FAIL' : 'PASS';\n}\n";
    await setCode(page, '判定函数', edited);
    await page.waitForFunction(
      (code) => document.querySelector('delta-lab')?.workspaces.workspace.outcome === code,
      edited,
    );
    await page.getByRole('button', { name: 'English' }).click();
    await expect(
      page.getByRole('button', { name: 'Reset to the lesson’s code' }).isDisabled(),
    ).resolves.toBe(false);
    expect(await editorText(page, 'Outcome predicate')).toContain('// 我自己的注释');
    expect(errors).toEqual([]);
    await close();
  });
});
