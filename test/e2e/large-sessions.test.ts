import { mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  recordLongCall,
  recordLongLine,
  recordNested,
  sessionFolder,
} from '../support/large-sessions.js';
import { expectText, narration, useApp } from './support/app.js';
import { clickMs, openWatched } from './support/watched.js';

/**
 * Sessions of megabytes, imported: a call of 50,000 arguments, a program of one line of
 * half a million characters, one of blocks nested 100,000 deep. The page draws what a reader can
 * take in: stepping them, no task of the page's takes a second, and every click is answered
 * within one.
 */
const app = useApp();

/** The longest a task of the page may take while it is stepped (it answers no click meanwhile). */
const LONGEST_MS = 1000;
/**
 * The longest a task may take while a session is imported: the page then takes the worker's
 * replay of megabytes of inputs, in time that grows with them (old: 3 to 13 s on these).
 */
const IMPORT_MS = 2000;

const SCREENS = 'test-results/screens';
let dir = '';

beforeAll(() => {
  dir = sessionFolder();
  mkdirSync(SCREENS, { recursive: true });
});

/**
 * Opens the page watched for long tasks and imports `file`, waiting until it is imported: no task
 * takes {@link IMPORT_MS} meanwhile. The tasks so far are then forgotten.
 */
async function imported(file: string) {
  const watched = await openWatched(app.browser, app.url);
  // Opening the page (its editors) is not what is measured.
  await watched.forget();
  await watched.page.locator('input.import-file').setInputFiles(file);
  await expectText(
    watched.page.locator('dl-banner p'),
    'toContain',
    `Imported ${basename(file)}`,
    60_000,
  );
  // Whatever the page still does with the import is done before a first click is answered.
  expect(await clickMs(watched.page)).toBeLessThan(IMPORT_MS);
  expect(await watched.longest()).toBeLessThan(IMPORT_MS);
  await watched.forget();
  return watched;
}

/** Steps `count` frames on with the Step button, each step answered within a second. */
async function stepOn(page: Page, count: number): Promise<void> {
  const step = page.getByRole('button', { name: 'Step', exact: true });
  for (let k = 0; k < count; k++) {
    const before = await narration(page).textContent();
    const started = Date.now();
    await step.click({ timeout: 30_000 });
    await expect.poll(() => narration(page).textContent(), { timeout: 30_000 }).not.toBe(before);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(Date.now() - started).toBeLessThan(LONGEST_MS);
  }
}

describe('large sessions, imported', () => {
  it('draws a call of 50,000 arguments as the rows around the argument tried', async () => {
    const file = recordLongCall(dir);
    const { page, errors, longest, close } = await imported(file);
    expect(await clickMs(page)).toBeLessThan(LONGEST_MS);
    await stepOn(page, 3);
    const cells = page.locator('#stage dl-cells');
    await expect(cells.locator('.argument').count()).resolves.toBeLessThanOrEqual(7);
    await expectText(
      cells.locator('.more-arguments').last(),
      'toMatch',
      /^… 4999\d more arguments$/,
    );
    await expectText(cells.locator('.argument.worked .argument-name'), 'toMatch', /^argument 1 ·/);
    await expectText(cells.locator('.trial'), 'toMatch', /^→ \("[a-z]*", 1007, .*… 49994 more\)$/);
    await page.locator('#stage').screenshot({ path: `${SCREENS}/large-call.png` });
    expect(await longest()).toBeLessThan(LONGEST_MS);
    expect(errors).toEqual([]);
    await close();
  });

  it('draws a program of one line of half a million characters from just before the cut', async () => {
    const file = recordLongLine(dir);
    const { page, errors, longest, close } = await imported(file);
    expect(await clickMs(page)).toBeLessThan(LONGEST_MS);
    await stepOn(page, 6);
    const program = page.locator('#stage dl-cells .program');
    await expectText(program.locator('.elided').last(), 'toMatch', /^ … \d+ more characters$/);
    // The line, and the empty one after its line break.
    await expect(program.locator('.pline').count()).resolves.toBeLessThanOrEqual(2);
    await page.locator('#stage').screenshot({ path: `${SCREENS}/large-line.png` });
    // The length plot's top label fits its margin: half a million characters as "500K".
    await expectText(page.locator('dl-length-plot text').first(), 'toMatch', /^\d{3}K/);
    expect(await longest()).toBeLessThan(LONGEST_MS);
    expect(errors).toEqual([]);
    await close();
  });

  it('draws a program of blocks nested 100,000 deep', async () => {
    const file = recordNested(dir);
    const { page, errors, longest, close } = await imported(file);
    expect(await clickMs(page)).toBeLessThan(LONGEST_MS);
    await stepOn(page, 6);
    await page.locator('#stage').screenshot({ path: `${SCREENS}/large-nested.png` });
    expect(await longest()).toBeLessThan(LONGEST_MS);
    expect(errors).toEqual([]);
    await close();
  });
});
