import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLink, type LinkState } from '../../src/ui/io/permalink.js';
import {
  articleLink,
  countSandboxes,
  expectText,
  fastest,
  linkFor,
  narration,
  openPage,
  useApp,
  waitForDone,
} from './support/app.js';

const app = useApp();

const linkTo = (state: LinkState) => linkFor(app.url, state);

describe('links and sessions from elsewhere', () => {
  it('shows hostile text from a link as text, and runs none of it', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    const html = '<img src=x onerror="window.owned=1">';
    const hostile = {
      ...state,
      workspace: {
        ...state.workspace,
        lesson: html,
        candidate: `// ${html}\n${state.workspace.candidate}`,
      },
    };
    const { page, errors, close } = await openPage(app.browser, await linkTo(hostile));
    const sandboxes = countSandboxes(page);
    await page.waitForTimeout(500);
    await expect(page.locator('img').count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => (window as unknown as { owned?: number }).owned),
    ).resolves.toBeUndefined();
    expect(sandboxes()).toBe(0);
    // Run it (the user's choice), then export: the exported test quotes the name.
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    await page.locator('dl-export-panel summary').first().click();
    const test = (await page.locator('dl-export-panel pre').first().textContent()) ?? '';
    expect(test).toContain(`describe(${JSON.stringify(`${html} regression`)}`);
    expect(errors).toEqual([]);
    await close();
  });

  it('marks a replay whose session was made from other code than the link shows', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    const mixed = {
      ...state,
      workspace: { ...state.workspace, candidate: 'export const candidate = (a) => 0;\n' },
    };
    const { page, close } = await openPage(app.browser, await linkTo(mixed));
    await expectText(page.locator('#stage .stale'), 'toContain', 'changed since this run');
    await close();
  });

  it('refuses a tiny link that would rebuild billions of numbers, quickly', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    const lines = (state.session ?? '').split('\n');
    lines[0] = (lines[0] as string)
      .replace('"length":12', '"length":1000000')
      .replace('"maxAttempts":100000', '"maxAttempts":10000000');
    lines[1] = '{"seq":1,"type":"attempts","attempt":1,"count":10000000}';
    const bomb = await linkTo({ ...state, session: lines.join('\n') });
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const { page, close } = await openPage(app.browser, bomb);
    await expectText(
      page.locator('dl-banner p'),
      'toMatch',
      /recorded session cannot be replayed: line 1: the header config is not usable/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    await close();
  });

  it('refuses a link whose packed rows would rebuild billions of numbers, in either language', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    const [line] = (state.session ?? '').split('\n');
    const header = JSON.parse(line as string);
    const zeros = new Array<number>(1_000_000).fill(0);
    header.config = { ...header.config, input: zeros };
    delete header.config.generator;
    delete header.config.maxAttempts;
    const rows = [
      header,
      { seq: 1, type: 'call', execution: 1, input: zeros, outcome: 'FAIL', phase: 'confirm' },
      {
        seq: 2,
        type: 'deletions',
        rows: Array.from({ length: 3000 }, () => ({ at: 0, outcome: 'PASS' })),
      },
    ];
    const bomb = await linkTo({
      ...state,
      session: `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`,
    });
    expect(bomb.length).toBeLessThan(10_000);
    for (const [locale, text] of [
      ['en-US', 'its packed rows would rebuild more than 20000000 numbers'],
      ['zh-CN', '它的压缩行要重建的数超过 20000000 个'],
    ] as const) {
      const context = await app.browser.newContext({ locale });
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(bomb);
      await expectText(page.locator('dl-banner p'), 'toContain', text, 20_000);
      expect(Date.now() - started).toBeLessThan(20_000);
      await expect(page.evaluate(() => 1 + 1)).resolves.toBe(2);
      await context.close();
    }
  });

  it('opens a link pasted into the address bar of an open page', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    const state = await articleLink(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /1-minimal is not the shortest/ }).click();
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '1-minimal is not the shortest');
    await page.evaluate(
      async (hash) => {
        location.hash = hash;
      },
      `#${await encodeLink({ ...state, step: 3 })}`,
    );
    await expectText(
      page.locator('dl-lesson-text h2'),
      'toBe',
      'A random failure, reduced to one element',
    );
    await expectText(
      page.locator('dl-banner p'),
      'toBe',
      'This code came from a link. It runs only when you press Run.',
    );
    await expectText(narration(page), 'toMatch', /^Trial 2: /);
    await close();
  });

  it('imports a session with budgets and no cache, and a live run matches it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deltalab-e2e-'));
    const file = join(dir, 'budgeted.jsonl');
    // Stopped by its budget, the result is not verified 1-minimal: the command exits 1.
    spawnSync(process.execPath, [
      'bin/deltalab.js',
      'reduce',
      '--max-trials',
      '2',
      '--no-cache',
      '--record',
      file,
    ]);
    const { page, close } = await openPage(app.browser, app.url);
    await page.locator('input.import-file').setInputFiles(file);
    await expectText(
      page.locator('dl-banner p'),
      'toBe',
      'Imported budgeted.jsonl: replayed, no code executed.',
    );
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    await expectText(
      page.locator('#stage .match'),
      'toContain',
      'matches the recording, call for call',
    );
    expect(readFileSync(file, 'utf8')).toContain('"maxTrials":2');
    await close();
  });
});
