import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countSandboxes,
  expectText,
  explained,
  fastest,
  narration,
  openPage,
  setCode,
  settled,
  useApp,
  waitForDone,
} from './support/app.js';

/**
 * Inputs of other kinds in the playground: the lessons of text and trees replay with cells of
 * their own (characters, lines, an outline), pasting JSON picks the kind, and a function of text
 * run on the default integer arrays says what it threw and which kind to choose.
 */
const DIR = 'test-results/screens';
const app = useApp();

beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
});

/** Opens a lesson from the gallery by its title and waits for its replay. */
async function openLesson(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: /^(Lessons|课程)$/ }).click();
  await page.locator('dl-lesson-gallery button.card', { hasText: title }).click();
  await settled(page);
}

/** Steps the player to the frame of trial `k`. */
async function toTrial(page: Page, k: number): Promise<void> {
  await page.locator('#stage').focus();
  await page.keyboard.press('Home');
  // Frames: found, confirmed, then one per trial.
  for (let i = 0; i < k + 1; i++) await page.keyboard.press('ArrowRight');
}

/**
 * A session recorded by `deltalab reduce --oracle-cmd`: a JSON file JSON.parse rejects (with
 * `options`, e.g. `--split lines`; without, the one command's pipeline).
 */
function commandSession(...options: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'deltalab-e2e-command-'));
  const input = join(dir, 'package.json');
  writeFileSync(input, '{\n  "name": "shop",\n  "scripts": {\n    "test": "vitest",\n  }\n}\n');
  const record = join(dir, 'session.jsonl');
  execFileSync(process.execPath, [
    'bin/deltalab.js',
    'reduce',
    '--oracle-cmd',
    `! node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))'`,
    '--expect-stderr',
    'Expected double-quoted property name',
    '--input-file',
    input,
    '--record',
    record,
    ...options,
  ]);
  return readFileSync(record, 'utf8');
}

describe('input kinds in the playground', () => {
  it('replays the markup lesson as characters, and ends at one quote', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await openLesson(page, 'A string that loses its quotes');
    await expect(page.locator('dl-find-panel select').first().inputValue()).resolves.toBe('string');
    await toTrial(page, 1);
    const cells = await page.locator('dl-cells .blocks.text .cell').allTextContents();
    expect(cells.join('')).toBe('>>>bbabb>"><');
    await expectText(
      narration(page),
      'toMatch',
      /^Trial 1: split into 2 blocks and remove block A → “/,
    );
    await page.screenshot({ path: `${DIR}/kind-markup.png` });
    await page.keyboard.press('End');
    await expectText(
      narration(page),
      'toBe',
      'Done: “"” after 5 calls. It still fails and is 1-minimal. Expected “"”, actual “”.',
    );
    expect(errors).toEqual([]);
    await close();
  });

  it('draws a text cut into lines as rows, in English and Chinese', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await openLesson(page, 'One stray comma, by lines');
    await toTrial(page, 3);
    const rows = page.locator('dl-cells .blocks.lines .cell');
    expect(await rows.count()).toBeGreaterThan(5);
    await expect(rows.first().textContent()).resolves.toBe('{↵');
    await expectText(page.locator('dl-cells [role=img]'), 'toMatch', /./);
    const label = await page.locator('dl-cells [role=img]').getAttribute('aria-label');
    expect(label).toMatch(/^Current input, \d+ lines$/);
    await page.screenshot({ path: `${DIR}/kind-lines.png` });
    await page.getByRole('button', { name: '简体中文' }).click();
    // The Chinese catalogue loads on the switch: the label changes once it has come.
    await expect
      .poll(() => page.locator('dl-cells [role=img]').getAttribute('aria-label'))
      .toMatch(/^当前输入，\d+ 行$/);
    await page.screenshot({ path: `${DIR}/kind-lines-zh.png` });
    expect(errors).toEqual([]);
    await close();
  });

  it('draws a JSON tree as an outline whose removed subtree is marked', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await openLesson(page, 'A tree, level by level (hdd)');
    await toTrial(page, 1);
    const nodes = page.locator('dl-cells .tree .node');
    expect(await nodes.count()).toBeGreaterThan(20);
    expect(
      await page.locator('dl-cells .tree .node.gone, dl-cells .tree .node.restored').count(),
    ).toBeGreaterThan(0);
    await expectText(page.locator('dl-cells .granularity'), 'toMatch', /^level 1/);
    await page.screenshot({ path: `${DIR}/kind-tree.png` });
    await page.keyboard.press('End');
    await expectText(narration(page), 'toMatch', /^Done: \d+ nodes after 48 calls\./);
    await page.getByRole('button', { name: '简体中文' }).click();
    await toTrial(page, 4);
    await expectText(page.locator('dl-cells .granularity'), 'toMatch', /^第 \d+ 层/);
    await page.screenshot({ path: `${DIR}/kind-tree-zh.png` });
    expect(errors).toEqual([]);
    await close();
  });

  it('picks the kind from pasted JSON, and runs a pasted tree with hdd', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.getByLabel('Paste an input').check();
    const box = page.getByLabel('Failing input', { exact: true });
    const paste = (text: string) =>
      box.evaluate((element, value) => {
        const area = element as HTMLTextAreaElement;
        area.focus();
        area.select();
        const data = new DataTransfer();
        data.setData('text/plain', value);
        area.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, text);
    const kind = page.getByLabel('Input kind');
    await paste('"<b>x</b>"');
    await expect(kind.inputValue()).resolves.toBe('string');
    await expect(box.inputValue()).resolves.toBe('<b>x</b>');
    await paste('[1, "a", null]');
    await expect(kind.inputValue()).resolves.toBe('array');
    await paste('{"a": [1, 2], "b": {"c": 3}}');
    await expect(kind.inputValue()).resolves.toBe('json');
    await expect(page.getByLabel('Reducer').inputValue()).resolves.toBe('hdd');
    await expect(page.getByLabel('Generate random inputs').isDisabled()).resolves.toBe(true);
    // A tree that fails while it holds a 3 anywhere.
    await setCode(
      page,
      'Candidate',
      'export function candidate(t) {\n  return JSON.stringify(t).includes("3") ? 1 : 0;\n}\n',
    );
    await setCode(page, 'Reference', 'export function reference(t) {\n  return 0;\n}\n');
    await fastest(page);
    await page.getByRole('button', { name: /^Run( live)?$/ }).click();
    await explained(page, waitForDone(page));
    await expectText(
      narration(page),
      'toMatch',
      /^Done: \{"b":\{"c":3\}\} after \d+ calls\. It still fails and is 1-minimal\./,
    );
    expect(errors).toEqual([]);
    await close();
  });

  it('says what every call threw, and which kind to choose; then reduces text', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    const vowels = (name: string, bug: string) =>
      `export function ${name}(s) {\n  return [...s.toLowerCase()].filter((c) => "aeiou${bug}".includes(c)).length;\n}\n`;
    await setCode(page, 'Candidate', vowels('candidate', 'y'));
    await setCode(page, 'Reference', vowels('reference', ''));
    await page.getByLabel('Attempt limit').fill('300');
    await page.getByLabel('Attempt limit').blur();
    await fastest(page);
    await page.getByRole('button', { name: /^Run( live)?$/ }).click();
    await explained(
      page,
      page.locator('#stage .narration', { hasText: /^No input/ }).waitFor({ timeout: 60_000 }),
    );
    await expectText(
      narration(page),
      'toMatch',
      /Every call came out INVALID \(300 ×\); each time the Reference code threw TypeError: s\.toLowerCase is not a function[^.]*\. The inputs are arrays of integers; if your function takes text/,
    );
    await page.getByLabel('Input kind').selectOption('string');
    await page.getByLabel('Alphabet').fill('abxy');
    await page.getByLabel('Alphabet').blur();
    await page.getByRole('button', { name: /^Run( live)?$/ }).click();
    await explained(page, waitForDone(page));
    await expectText(
      narration(page),
      'toMatch',
      /^Done: “y” after \d+ calls\. It still fails and is 1-minimal\. Expected /,
    );
    await page.screenshot({ path: `${DIR}/kind-vowels.png` });
    expect(errors).toEqual([]);
    await close();
  });

  it('replays a session judged by a command on the command line, running nothing', async () => {
    const session = commandSession('--split', 'lines');
    const { page, errors, close } = await openPage(app.browser, app.url);
    const sandboxes = countSandboxes(page);
    await page.locator('input.import-file').setInputFiles({
      name: 'command.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(session),
    });
    await settled(page);
    await page.locator('#stage').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('dl-cells .blocks.lines .cell').first().textContent()).resolves.toBe(
      '{↵',
    );
    await page.keyboard.press('End');
    await expectText(
      narration(page),
      'toMatch',
      /^Done: 2 lines after \d+ calls\. It still fails and is 1-minimal\./,
    );
    await expectText(
      page.locator('dl-reduce-controls .problems'),
      'toContain',
      'this session was judged by the command `! node -e',
    );
    await expect(page.getByRole('button', { name: 'Run live' }).isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: `${DIR}/kind-command.png` });
    expect(sandboxes()).toBe(0);
    // The counter does see sandboxes: a live run of a lesson starts some.
    await openLesson(page, 'A string that loses its quotes');
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await explained(page, waitForDone(page));
    expect(sandboxes()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('replays the one command’s pipeline session stage by stage, running nothing', async () => {
    const session = commandSession();
    expect(JSON.parse(session.split('\n')[0] as string)).toMatchObject({
      version: '2.5',
      config: { reducer: 'pipeline', split: 'syntax' },
    });
    const { page, errors, close } = await openPage(app.browser, app.url);
    const sandboxes = countSandboxes(page);
    await page.locator('input.import-file').setInputFiles({
      name: 'pipeline.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(session),
    });
    await settled(page);
    await page.locator('#stage').focus();
    await page.keyboard.press('Home');
    // The first trials are the lines stage's (the start does not parse: no syntax stage).
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page
      .locator('dl-cells')
      .getByText(/Move: blocks of lines/)
      .first()
      .waitFor();
    await page.locator('#stage').focus();
    await page.keyboard.press('End');
    await expectText(
      narration(page),
      'toMatch',
      /^Done: “\{"\w*":(""|\{\}),” after \d+ calls\. It still fails and is 1-minimal\./,
    );
    // The command line to run it again is the one command: no --split (that would pick a stage).
    await expectText(page.locator('dl-editor-pane pre'), 'toMatch', /--input-file package\.json$/);
    await page.screenshot({ path: `${DIR}/kind-command-pipeline.png` });
    expect(sandboxes()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
