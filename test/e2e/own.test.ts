import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  articleLink,
  expectText,
  fastest,
  linkFor,
  openPage,
  setCode,
  settled,
  useApp,
  waitForDone,
} from './support/app.js';

/**
 * A workspace of one's own: edited lesson code (or a blank start) shows a title and notes the
 * user writes in the lesson's place, kept in the draft, the link and the session; lessons open by
 * link, and Present and Predict first stay in the address.
 */
const app = useApp();

/** The own workspace's title and notes fields. */
function own(page: Page) {
  const panel = page.locator('dl-own-text');
  return { panel, title: panel.locator('input.title'), notes: panel.locator('textarea.notes') };
}

const MINE = 'export function candidate(a) {\n  return Math.max(...a, 0); // mine\n}\n';

describe('a workspace of one’s own', () => {
  it.each([
    [
      'en',
      'en-US',
      'Your own function',
      'Started from the lesson “A random failure, reduced to one element”.',
    ],
    ['zh', 'zh-CN', '你自己的函数', '从课程“随机测试报错：把反例缩到一个元素”开始。'],
  ])(
    'replaces the lesson’s text once its code is edited, and keeps title and notes in the draft (%s)',
    async (name, locale, heading, from) => {
      const { page, errors, close } = await openPage(app.browser, `${app.url}?lesson=article`, {
        locale,
      });
      await expect(page.locator('dl-lesson-text h2').isVisible()).resolves.toBe(true);
      await expect(own(page).panel.count()).resolves.toBe(0);
      await setCode(page, name === 'en' ? 'Candidate' : '被测程序', MINE);
      await expectText(own(page).panel.locator('h2'), 'toBe', heading);
      await expect(page.locator('dl-lesson-text').count()).resolves.toBe(0);
      await expectText(own(page).panel.locator('.from span'), 'toBe', from);
      await own(page).title.fill('Max with a floor');
      await own(page).notes.fill('Why does it answer 0 for [-3]?');
      await expectText(own(page).panel.locator('h2'), 'toBe', 'Max with a floor');
      await page.screenshot({ path: `test-results/screens/own-${name}.png` });
      // A reload restores the draft: the code, the title, the notes.
      await page.waitForTimeout(400);
      await page.reload();
      await settled(page);
      await expect(own(page).title.inputValue()).resolves.toBe('Max with a floor');
      await expect(own(page).notes.inputValue()).resolves.toBe('Why does it answer 0 for [-3]?');
      // Back to the lesson: its text again.
      await own(page).panel.getByRole('button').click();
      await page.locator('dl-lesson-text h2').waitFor();
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('keeps title and notes in the link and in the session', async () => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?lesson=article`);
    await setCode(page, 'Candidate', MINE);
    await own(page).title.fill('Shared max');
    await own(page).notes.fill('notes travel');
    await page.waitForTimeout(400);
    const state = await articleLink(page);
    expect(state.workspace.own).toEqual({ title: 'Shared max', notes: 'notes travel' });
    await page.keyboard.press('Escape');
    // Run it: the session's header carries them too, and an import of it shows them.
    await fastest(page);
    await page.getByRole('button', { name: /^Run( live)?$/ }).click();
    await waitForDone(page);
    const session = await page.evaluate(() =>
      document.querySelector('delta-lab')?.runs.sessionText(),
    );
    expect(JSON.parse((session ?? '').split('\n')[0] as string).config.about).toEqual({
      title: 'Shared max',
      notes: 'notes travel',
    });
    const other = await openPage(app.browser, await linkFor(app.url, state));
    await expect(own(other.page).title.inputValue()).resolves.toBe('Shared max');
    await other.page.locator('input.import-file').setInputFiles({
      name: 'mine.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(session ?? ''),
    });
    await other.page.locator('dl-banner p', { hasText: 'Imported mine.jsonl' }).waitFor();
    await expect(own(other.page).notes.inputValue()).resolves.toBe('notes travel');
    expect(other.errors).toEqual([]);
    await other.close();
    expect(errors).toEqual([]);
    await close();
  });

  it('starts from a blank workspace, with nothing of a lesson', async () => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?lesson=trap`);
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: 'Start from a blank workspace' }).click();
    await expectText(own(page).panel.locator('h2'), 'toBe', 'Your own function');
    await expect(own(page).panel.locator('.from').count()).resolves.toBe(0);
    await expect(page.locator('dl-lesson-text').count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.has('lesson')).toBe(false);
    const workspace = await page.evaluate(
      () => document.querySelector('delta-lab')?.workspaces.workspace,
    );
    expect(workspace?.lesson).toBe('');
    expect(workspace?.candidate).toContain('export function candidate(a)');
    await own(page).title.fill('From scratch');
    await page.getByRole('button', { name: 'Lessons' }).click();
    await expectText(page.locator('dl-lesson-gallery .drafts .name'), 'toBe', 'My function');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the address', () => {
  it('opens a lesson by name, and keeps Present and Predict first in it', async () => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?lesson=trap`);
    await expect(
      page.evaluate(() => document.querySelector('delta-lab')?.workspaces.workspace.lesson),
    ).resolves.toBe('trap');
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '1-minimal is not the shortest');
    await page.getByRole('button', { name: 'Present' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?lesson=trap&present');
    await page.getByRole('button', { name: 'Predict first' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?lesson=trap&present&predict');
    // The address opens the same view again.
    await page.reload();
    await settled(page);
    await expect(page.locator('delta-lab').getAttribute('presenting')).resolves.toBe('');
    await expect(
      page.getByRole('button', { name: 'Predict first' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('button', { name: 'Predict first' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?lesson=trap');
    // Another lesson from the gallery: the address follows.
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /Four blocks: put back, then removed/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?lesson=four-blocks');
    expect(errors).toEqual([]);
    await close();
  });
});
