import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResolvedCode } from '../../src/core/code/refs.js';
import { reductionOf } from '../../src/core/run/summary.js';
import { readSession } from '../../src/core/session/format/reader.js';
import { storedConfig } from '../../src/core/session/task.js';
import { GRAMMARS, LANGUAGES } from '../../src/live/syntax/languages.js';
import type { CompareReply, CompareRequest, LiveReply } from '../../src/protocol/reducer.js';
import { BAD_CALL_OUTCOME, BAD_CALL_PROGRAM, badCallConfig } from '../support/bad-call.js';
import { useApp } from './support/app.js';

/**
 * tree-sitter in the built site: none of it loads with the page; a program reduced by its syntax
 * in the reducer worker fetches tree-sitter's JavaScript (a lazy chunk), its runtime and the one
 * grammar it needs, keeps them in the `deltalab-grammars` cache so that the next visit parses
 * with the files unreachable, and says so when a grammar cannot be had.
 */
const app = useApp();

/** Any file of tree-sitter: its JavaScript chunk, its runtime's or a grammar's WebAssembly. */
const TREE_SITTER = /\/(web-tree-sitter|tree-sitter-[a-z]+)-[\w-]+\.(js|wasm)$/;

const OUTCOME = BAD_CALL_OUTCOME;
const PROGRAM = BAD_CALL_PROGRAM;

const CODE: ResolvedCode = { language: 'js', outcome: OUTCOME };

/** The program by lines, by characters and by its syntax, side by side. */
const COMPARE: CompareRequest = {
  code: CODE,
  input: PROGRAM,
  shape: { kind: 'string', split: 'syntax' },
  chase: { kind: 'wrong-answer' },
  cache: true,
  callMs: 2000,
  reducers: ['syntax', 'bisect'],
  splits: ['lines', 'chars', 'syntax'],
  language: 'javascript',
};

/**
 * A page of a context, every tree-sitter file the context asks for counted from the start, and
 * whether the reducer worker's code was asked for.
 */
async function open(
  context: BrowserContext,
): Promise<{ page: Page; asked: string[]; worker: () => boolean }> {
  const asked: string[] = [];
  let worker = false;
  context.on('request', (request) => {
    if (TREE_SITTER.test(request.url())) asked.push(request.url().replace(/.*\//, ''));
    if (/\/reducer\.worker-[\w-]+\.js$/.test(request.url())) worker = true;
  });
  const page = await context.newPage();
  await page.goto(app.url);
  await page.locator('delta-lab .app-header').waitFor();
  return { page, asked, worker: () => worker };
}

/** The page's reducer worker, started as the page starts it, asked to compare by splits. */
function compare(page: Page, request: CompareRequest): Promise<CompareReply> {
  // As JSON: Playwright's types of an argument go too deep for the request's.
  return page.evaluate(
    (asked) =>
      (document.querySelector('delta-lab') as HTMLElementTagNameMap['delta-lab']).worker.compare(
        JSON.parse(asked),
        () => {},
      ),
    JSON.stringify(request),
  ) as Promise<CompareReply>;
}

describe('grammars served by the built site', () => {
  it('are files of the site, each WebAssembly', async () => {
    const assets = readdirSync('dist-web/assets');
    const wanted = [
      'web-tree-sitter',
      ...LANGUAGES.map((language) => GRAMMARS[language].file.replace(/\.wasm$/, '')),
    ];
    for (const name of wanted) {
      const file = assets.find((asset) => new RegExp(`^${name}-[\\w-]+\\.wasm$`).test(asset));
      expect(file, name).toBeDefined();
      const bytes = readFileSync(join('dist-web/assets', file as string));
      expect(bytes.subarray(0, 4).toString('latin1'), name).toBe('\0asm');
      const served = await fetch(new URL(`assets/${file}`, app.url));
      expect(served.status).toBe(200);
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('\0asm');
    }
  });

  it('load none with the page, and only what a parse needs when a program is compared by its syntax', async () => {
    const context = await app.browser.newContext();
    try {
      const { page, asked, worker } = await open(context);
      // The page warms its reducer worker while idle: the worker's own code loads, no grammar.
      await expect.poll(worker, { timeout: 30_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual([]);
      const reply = await compare(page, COMPARE);
      if (!reply.ok) throw new Error(`the comparison failed: ${JSON.stringify(reply)}`);
      expect(reply.rows.map((row) => [row.split, row.reducer, row.verified])).toEqual([
        ['lines', 'bisect', true],
        ['chars', 'bisect', true],
        ['syntax', 'syntax', true],
      ]);
      const [lines, chars, syntax] = reply.rows;
      expect(lines?.size).toBeGreaterThan(chars?.size as number);
      expect(syntax?.reduced).toMatch(/function bad/);
      expect(asked.map((file) => file.replace(/-[\w-]{8}\.(js|wasm)$/, '.$1')).sort()).toEqual([
        'tree-sitter-javascript.wasm',
        'web-tree-sitter.js',
        'web-tree-sitter.wasm',
      ]);
      // A live run parses with the grammar it has: the session holds the tree, and trials that
      // no longer parse were refused unrun.
      const config = badCallConfig(2000);
      const run = (await page.evaluate(
        (asked) => {
          const [config, code] = JSON.parse(asked);
          return (
            document.querySelector('delta-lab') as HTMLElementTagNameMap['delta-lab']
          ).worker.call((api, listener) => api.run(config, code, listener), {
            messages() {},
            shape() {},
            status() {},
            reading() {},
          });
        },
        JSON.stringify([config, CODE]),
      )) as LiveReply;
      if (!run.ok) throw new Error(`the run failed: ${JSON.stringify(run)}`);
      expect(reductionOf(run.summary).reduced).toBe(syntax?.reduced);
      expect(reductionOf(run.summary).unparsed).toBeGreaterThan(0);
      expect(storedConfig(readSession(run.session).header.config).syntax).toMatchObject({
        language: 'javascript',
      });
      const kept = await page.evaluate(async () =>
        (await (await caches.open('deltalab-grammars')).keys()).map((r) =>
          r.url.replace(/.*\//, ''),
        ),
      );
      expect(kept.length).toBe(2);

      // The next visit parses with the files unreachable: they come from the cache.
      const next = await open(context);
      await context.route(TREE_SITTER, (route) =>
        route.request().url().endsWith('.wasm') ? route.abort() : route.continue(),
      );
      const again = await compare(next.page, COMPARE);
      expect(again.ok && again.rows.map((row) => row.reduced)).toEqual(
        reply.rows.map((row) => row.reduced),
      );
    } finally {
      await context.close();
    }
  });

  it('says which grammar cannot be had, as the run’s settings’ failure', async () => {
    const context = await app.browser.newContext();
    try {
      await context.route(/tree-sitter-python-[\w-]+\.wasm$/, (route) => route.abort());
      const { page } = await open(context);
      const reply = await compare(page, {
        ...COMPARE,
        code: {
          language: 'js',
          outcome: 'export const outcome = (s) => (s.includes("x") ? "FAIL" : "PASS");',
        },
        input: 'def f(x):\n    return x\n',
        language: 'python',
      });
      expect(reply).toEqual({
        ok: false,
        failure: {
          kind: 'config',
          message: expect.stringMatching(
            /^the python grammar \(tree-sitter-python\/tree-sitter-python\.wasm\) cannot be read: tree-sitter-python\.wasm could not be downloaded/,
          ),
        },
      });
    } finally {
      await context.close();
    }
  });
});
