import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectText,
  fastest,
  narration,
  openLesson,
  openPage,
  runLiveToRecording,
  setCode,
  settled,
  useApp,
  waitForDone,
} from './support/app.js';

/**
 * Programs as inputs in the page: the two program lessons replayed and run live in both
 * languages (the grammar fetched from the site only when a run needs it, kept for a page that
 * cannot fetch it again), a trial's cut and a hoisted node drawn on the program's lines, the
 * three ways of cutting a program side by side in Compare, and a program of one's own typed
 * into its editor.
 */
const app = useApp();

const DIR = 'test-results/screens';

const LANGUAGES = [
  ['en', 'en-US', 'Lessons'],
  ['zh', 'zh-CN', '课程'],
] as const;

const TITLES = {
  crash: { en: 'A compiler error: two declarations far apart', zh: '编译错误：相隔很远的两个声明' },
  markup: { en: 'Reducing program code', zh: '缩减程序代码' },
} as const;

/** Steps forward until the narration matches `wanted` (at most `max` steps). */
async function stepTo(page: Page, wanted: RegExp, max = 700): Promise<string> {
  for (let i = 0; i < max; i++) {
    const said = (await narration(page).textContent()) ?? '';
    if (wanted.test(said)) return said;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`no step says ${wanted}`);
}

/** Records the site's tree-sitter files the page fetches (the runtime and the grammars). */
function grammarRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/tree-sitter/.test(url)) seen.push(url.slice(url.lastIndexOf('/') + 1));
  });
  return seen;
}

/** Takes the program typed as the failing input, runs it at full speed, and shows its end. */
async function runToEnd(page: Page): Promise<void> {
  await fastest(page);
  await page.getByRole('button', { name: 'Find failure' }).click();
  await expectText(page.locator('dl-find-panel .found'), 'toContain', 'The given input');
  await settled(page);
  await page.locator('#stage').focus();
  await page.keyboard.press('End');
  await waitForDone(page);
}

describe('programs in the page', () => {
  it.each(LANGUAGES)(
    'replays the compiler-error lesson on the program’s lines, and runs it live with the grammar (%s)',
    async (lang, locale, lessons) => {
      mkdirSync(DIR, { recursive: true });
      const en = lang === 'en';
      const { page, errors, close } = await openPage(app.browser, app.url, {
        locale,
        viewport: { width: 1280, height: 720 },
      });
      const fetched = grammarRequests(page);
      try {
        await openLesson(page, lessons, TITLES.crash[lang], 'program-crash');
        // Nothing of tree-sitter is loaded to show a lesson or replay its recording.
        expect(fetched).toEqual([]);
        await page.locator('#stage').focus();
        await page.keyboard.press('End');
        await expectText(narration(page), 'toMatch', /“let total↵let total”/);
        await expect(page.locator('dl-cells .program .pline').count()).resolves.toBe(2);
        await page.keyboard.press('Home');
        // Trial 1 cuts the first half of the program's top-level parts, and is put back.
        const said = await stepTo(
          page,
          en ? /^Trial 1: cut .*; subtrees\)/ : /^第 1 次试验：删去.*；子树）/,
        );
        expect(said).toMatch(en ? /PASS — rejected/ : /PASS/);
        await expect(
          page.locator('dl-cells .program .cut.restored').count(),
        ).resolves.toBeGreaterThan(0);
        await expectText(
          page.locator('dl-cells .granularity'),
          'toContain',
          en ? 'Move: subtrees' : '动作：子树',
        );
        await page.screenshot({ path: `${DIR}/program-crash-trial-${lang}.png` });

        // Live: the grammar comes from the site when the run starts (the stage says so while it
        // downloads), unparsed trials are refused unrun, and the run is the recording, call for call.
        const grammar = /tree-sitter-javascript-[\w-]+\.wasm$/;
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.context().route(grammar, async (route) => {
          await held;
          await route.continue();
        });
        const ran = runLiveToRecording(page, en);
        await expectText(
          page.locator('#stage .parsing'),
          'toContain',
          en ? 'tree-sitter’s JavaScript grammar' : 'tree-sitter 的 JavaScript 语法',
        );
        await page.screenshot({ path: `${DIR}/program-crash-parsing-${lang}.png` });
        release();
        await ran;
        await page.context().unroute(grammar);
        await expect(page.locator('#stage .parsing').count()).resolves.toBe(0);
        expect(fetched.some((file) => file.startsWith('tree-sitter-javascript'))).toBe(true);
        expect(fetched.some((file) => file.startsWith('web-tree-sitter'))).toBe(true);
        await page.screenshot({ path: `${DIR}/program-crash-done-${lang}.png` });

        // Another page of the same browser, whose requests for tree-sitter's files all fail,
        // runs it again: the files come from the page's cache.
        const offline = await page.context().newPage();
        await offline.route(/tree-sitter.*\.wasm/, (route) => route.abort());
        await offline.goto(`${app.url}?lesson=program-crash`);
        await offline.locator('delta-lab .app-header').waitFor();
        await runLiveToRecording(offline, en);
        await offline.close();
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
    240_000,
  );

  it.each(LANGUAGES)(
    'draws a hoist in the markup lesson and compares lines, characters and syntax side by side (%s)',
    async (lang, locale, lessons) => {
      const en = lang === 'en';
      const { page, errors, close } = await openPage(app.browser, app.url, {
        locale,
        viewport: { width: 1280, height: 900 },
      });
      try {
        await openLesson(page, lessons, TITLES.markup[lang], 'program-markup');
        await page.locator('#stage').focus();
        await page.keyboard.press('Home');
        const said = await stepTo(
          page,
          en ? /^Trial \d+: replace .* \(hoisting\)/ : /^第 \d+ 次试验：用其中的.*（提升）/,
        );
        expect(said).toMatch(en ? /replace “.+” by its part “.+”/ : /替换/);
        await expect(page.locator('dl-cells .program .hoisted').count()).resolves.toBeGreaterThan(
          0,
        );
        await page.screenshot({ path: `${DIR}/program-markup-hoist-${lang}.png` });

        // Compare: the program cut by lines, by characters and by its syntax, each from the start.
        await page.keyboard.press('End');
        await page.locator('dl-compare-panel button.primary').click();
        const rows = page.locator('dl-compare-panel tbody tr');
        await expect.poll(() => rows.count(), { timeout: 120_000, interval: 500 }).toBe(3);
        await page.locator('dl-compare-panel button.primary').waitFor({ timeout: 120_000 });
        const labels = await rows.locator('td:first-child').allTextContents();
        expect(labels.map((label) => label.trim())).toEqual(
          en
            ? ['bisect · lines', 'bisect · characters', 'syntax']
            : ['bisect · 行', 'bisect · 字符', 'syntax'],
        );
        const sizes = await rows.locator('td.size').allTextContents();
        // Syntax ends smallest: the lesson's numbers.
        expect(sizes.map((size) => Number(/\d+/.exec(size)?.[0]))).toEqual([336, 224, 163]);
        await expectText(
          rows.nth(2).locator('td.size'),
          'toContain',
          en ? '368 trials unparsed' : '368 次试验无法解析',
        );
        await page.locator('dl-compare-panel').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${DIR}/program-markup-compare-${lang}.png` });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
    240_000,
  );

  it('takes a program of one’s own: its kind, its language, its editor, its run', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      await page.locator('dl-editor-pane select').first().selectOption('outcome');
      await setCode(
        page,
        'Outcome predicate',
        [
          'export function outcome(source) {',
          '  try { new Function(source); } catch (e) {',
          "    return /already been declared/.test(e.message) ? 'FAIL' : 'INVALID';",
          '  }',
          "  return 'PASS';",
          '}',
        ].join('\n'),
      );
      await page.locator('dl-find-panel select').first().selectOption('program');
      const workspace = () =>
        page.evaluate(() => {
          const ws = document.querySelector('delta-lab')?.workspaces.workspace;
          return {
            kind: ws?.kind,
            program: ws?.program,
            split: ws?.split,
            reducer: ws?.reducer,
            source: ws?.source,
          };
        });
      await expect(workspace()).resolves.toEqual({
        kind: 'string',
        program: 'javascript',
        split: 'syntax',
        reducer: 'pipeline',
        source: 'paste',
      });
      // A program of one's own goes to the pipeline, the syntax reducer alone one choice away.
      await expectText(page.locator('dl-reduce-controls select').nth(1), 'toContain', 'pipeline');
      await expect(
        page.locator('dl-reduce-controls select').nth(1).locator('option').allTextContents(),
      ).resolves.toEqual([
        'pipeline — syntax, lines, tokens, characters (default)',
        'syntax — a program by its syntax tree',
      ]);
      await setCode(
        page,
        'The program (the failing input)',
        'let a = 1;\nfunction f(x) {\n  return x + a;\n}\nconst b = f(2);\nlet a = b;\n',
      );
      await runToEnd(page);
      await expectText(
        narration(page),
        'toMatch',
        /^Done: “let a↵let a” after \d+ calls\. It still fails and is 1-minimal\./,
      );
      // Another language: the editor and the grammar named follow it.
      await page.locator('.editor-block.program select').selectOption('c');
      await expect(workspace()).resolves.toMatchObject({ program: 'c', reducer: 'pipeline' });
      await page
        .locator('dl-find-panel')
        .getByText(/tree-sitter’s C grammar/)
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it('runs a program of one’s own through the pipeline: its stages named, a name renamed', async () => {
    mkdirSync(DIR, { recursive: true });
    const { page, errors, close } = await openPage(app.browser, app.url, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      await page.locator('dl-editor-pane select').first().selectOption('outcome');
      await setCode(
        page,
        'Outcome predicate',
        [
          'export function outcome(source) {',
          '  try { new Function(source); } catch (e) {',
          "    return /already been declared/.test(e.message) ? 'FAIL' : 'INVALID';",
          '  }',
          "  return 'PASS';",
          '}',
        ].join('\n'),
      );
      await page.locator('dl-find-panel select').first().selectOption('program');
      await setCode(
        page,
        'The program (the failing input)',
        [
          'let totalPrice = 1;',
          'function computeTotal(x) {',
          '  return x + totalPrice;',
          '}',
          'let totalPrice = computeTotal(2);',
          '',
        ].join('\n'),
      );
      await runToEnd(page);
      await expectText(
        narration(page),
        'toMatch',
        /^Done: “let a↵let a” after \d+ calls\. It still fails and is 1-minimal\./,
      );
      await page.keyboard.press('Home');
      const said = await stepTo(page, /^Trial \d+: rename “totalPrice” to “a” in 2 places/);
      expect(said).toMatch(/→ “let a↵let a”/);
      // The loop pane shows the pipeline's own loop, stopped at the rename, its stage named.
      const pane = page.locator('dl-algorithm-pane');
      await pane.locator('summary').click();
      await page.locator('#stage').focus();
      await expect(pane.locator('li', { hasText: 'renamePass' }).count()).resolves.toBe(1);
      await expectText(
        pane.locator('dt', { hasText: /^stage$/ }).locator('xpath=following-sibling::dd[1]'),
        'toBe',
        '"rename"',
      );
      await page.screenshot({ path: `${DIR}/program-pipeline-rename.png` });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it('judges a Python program by an outcome(source) in Python, in the Python sandbox', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      await page.locator('dl-editor-pane select').first().selectOption('outcome');
      await page.locator('dl-editor-pane select').nth(1).selectOption('py');
      // CPython's compiler rejects a name used, then declared global, in one function.
      await setCode(
        page,
        'Outcome predicate',
        [
          'def outcome(source):',
          '    try:',
          '        compile(source, "<program>", "exec")',
          '    except SyntaxError as error:',
          '        return "FAIL" if "global declaration" in str(error) else "INVALID"',
          '    return "PASS"',
        ].join('\n'),
      );
      await page.locator('dl-find-panel select').first().selectOption('program');
      await page.locator('.editor-block.program select').selectOption('python');
      await setCode(
        page,
        'The program (the failing input)',
        [
          'import math',
          '',
          'def area(r):',
          '    return math.pi * r * r',
          '',
          'def report(items):',
          '    total = 0',
          '    for item in items:',
          '        total += area(item)',
          '    global total',
          '    return total',
          '',
          'report([1, 2, 3])',
          '',
        ].join('\n'),
      );
      await runToEnd(page);
      const done = (await narration(page).textContent()) ?? '';
      // The pipeline cuts inside the function's name and renames `total` (the syntax reducer
      // alone keeps `def report():`, `total` and `global total`).
      expect(done).toMatch(/^Done: “def \w\(\):↵ +(\w)↵ +global \1” after \d+ calls\./);
      // Trials that no longer parse were refused without running Python, and counted.
      const unparsed = page.locator('dl-counters div', { hasText: 'unparsed, not run' });
      await expectText(unparsed.locator('dd'), 'toMatch', /^[1-9]\d*$/);
      // Each call ran the code, came from the cache, or was refused unparsed: shown apart.
      const counts = await page.locator('dl-counters dd').allTextContents();
      const [calls, executions, cacheHits, , refused] = counts.map(Number);
      expect(calls).toBe((executions ?? 0) + (cacheHits ?? 0) + (refused ?? 0));
      await page.screenshot({ path: `${DIR}/program-python-done.png` });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);
});
