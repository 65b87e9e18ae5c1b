import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  articleLink,
  expectText,
  linkFor,
  openPage,
  setCode,
  settled,
  useApp,
} from './support/app.js';

const app = useApp();

/** The trap lesson's session, its header naming another lesson. */
function sessionNaming(example: string): string {
  const [header, ...rest] = readFileSync('examples/trap/session.jsonl', 'utf8').split('\n');
  const value = JSON.parse(header as string);
  value.config.example = example;
  return [JSON.stringify(value), ...rest].join('\n');
}

async function importText(page: Page, name: string, text: string): Promise<void> {
  await page
    .locator('input.import-file')
    .setInputFiles({ name, mimeType: 'application/jsonl', buffer: Buffer.from(text) });
  await page.locator('dl-banner p', { hasText: `Imported ${name}` }).waitFor();
}

/** The first editor's text. */
function firstEditor(page: Page) {
  return page.locator('.editor-block').first().locator('.view-lines');
}

/** Waits until the workspace shown has `text` in the code of `role`. */
async function shows(page: Page, role: 'candidate' | 'outcome', text: string): Promise<void> {
  await page.waitForFunction(
    ([role, text]) =>
      document.querySelector('delta-lab')?.workspaces.workspace[role as 'candidate'].includes(text),
    [role, text],
  );
}

/** The keys listed under "Your drafts" in the gallery (which it opens and closes). */
async function ownDrafts(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Lessons' }).click();
  const names = await page.locator('dl-lesson-gallery .drafts .name').allTextContents();
  await page.getByRole('button', { name: 'Close lessons' }).click();
  return names;
}

describe('drafts that cannot be lost', () => {
  it('never lets an import write over the draft of the lesson its header names', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await setCode(page, 'Candidate', 'export const candidate = (a) => 1; // my own\n');
    await page.waitForTimeout(200);
    // A session recorded from the same lesson, edited once imported.
    await importText(page, 'article-too.jsonl', sessionNaming('article'));
    await setCode(page, 'Outcome predicate', "export const outcome = (a) => 'PASS'; // imported\n");
    await page.waitForTimeout(200);
    expect(await ownDrafts(page)).toEqual(['import: article-too.jsonl']);
    // The lesson's own draft is the user's, untouched.
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /A random failure/ }).click();
    await shows(page, 'candidate', '// my own');
    // And the import's draft is there to go back to.
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.locator('dl-lesson-gallery .drafts button', { hasText: 'Open' }).click();
    await shows(page, 'outcome', '// imported');
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps working on every load after an import whose lesson is named __proto__', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await setCode(page, 'Candidate', 'export const candidate = (a) => 1; // mine\n');
    await importText(page, 'proto.jsonl', sessionNaming('__proto__'));
    await setCode(page, 'Outcome predicate', "export const outcome = (a) => 'PASS'; // proto\n");
    await page.waitForTimeout(200);
    for (let load = 0; load < 2; load++) {
      await page.reload();
      await page.locator('delta-lab .app-header').waitFor();
      await settled(page);
      await expectText(firstEditor(page), 'toMatch', /\/\/\s+proto/);
    }
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /A random failure/ }).click();
    await expectText(firstEditor(page), 'toMatch', /\/\/\s+mine/);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps a link as a draft of its own, beside the draft of its lesson', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    const state = await articleLink(page);
    await page.keyboard.press('Escape');
    await setCode(page, 'Candidate', 'export const candidate = (a) => 1; // mine\n');
    await page.waitForTimeout(200);
    await page.goto(
      await linkFor(app.url, {
        ...state,
        workspace: {
          ...state.workspace,
          candidate: 'export const candidate = (a) => 2; // link\n',
        },
      }),
    );
    await page.getByRole('button', { name: 'Keep as my draft' }).click();
    await expectText(
      page.locator('dl-banner p'),
      'toBe',
      'Kept as your own draft “link: article”.',
    );
    expect(await ownDrafts(page)).toEqual(['link: article']);
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /A random failure/ }).click();
    await expectText(firstEditor(page), 'toMatch', /\/\/\s+mine/);
    await close();
  });

  it('shows in one tab what another tab saved to the same draft', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const first = await context.newPage();
    const second = await context.newPage();
    for (const page of [first, second]) {
      await page.goto(app.url);
      await page.locator('delta-lab .app-header').waitFor();
      await settled(page);
    }
    await setCode(first, 'Candidate', 'export const candidate = (a) => 1; // from the first tab\n');
    // The second tab is in the background, where its editor does not paint: ask its workspace.
    await second.waitForFunction(() =>
      document.querySelector('delta-lab')?.workspaces.workspace.candidate.includes('first tab'),
    );
    await expectText(
      second.locator('dl-banner p'),
      'toBe',
      'This draft was changed in another tab: its version is shown.',
    );
    await context.close();
  });

  it('keeps a warning with "Export my drafts" while storage is full, until saving works again', async () => {
    const context = await app.browser.newContext({ acceptDownloads: true });
    await context.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      (window as unknown as { fill: (full: boolean) => void }).fill = (full) => {
        Storage.prototype.setItem = full
          ? () => {
              throw new DOMException('full', 'QuotaExceededError');
            }
          : setItem;
      };
      (window as unknown as { fill: (full: boolean) => void }).fill(true);
    });
    const page = await context.newPage();
    await page.goto(app.url);
    const warning = page.locator('dl-banner p', { hasText: 'Autosave failed' });
    await setCode(page, 'Candidate', 'export const candidate = (a) => 1; // unsaved\n');
    await warning.waitFor();
    await expect(page.locator('dl-banner button', { hasText: 'Dismiss' }).count()).resolves.toBe(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my drafts' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported.format).toBe('deltalab-drafts');
    expect(exported.shown.candidate).toContain('// unsaved');
    // Storage works again: the next edit is saved, and the warning goes.
    await page.evaluate(() => (window as unknown as { fill: (full: boolean) => void }).fill(false));
    await setCode(page, 'Candidate', 'export const candidate = (a) => 1; // saved\n');
    await page.waitForTimeout(300);
    await expect(warning.count()).resolves.toBe(0);
    await context.close();
  });
});
