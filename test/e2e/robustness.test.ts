import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectText,
  explained,
  fastest,
  isSandbox,
  liveSandboxes,
  narration,
  openPage,
  setCode,
  settled,
  useApp,
} from './support/app.js';

const app = useApp();

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
};

/** A plain static file server, serving dist-web/ under a sub-path (as any file server would). */
async function serveStatic(prefix: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) return void response.writeHead(404).end();
    let file = normalize(join('dist-web', path.slice(prefix.length)));
    if (!file.startsWith('dist-web')) return void response.writeHead(403).end();
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${prefix}`, server };
}

describe('robustness', () => {
  it('leaves no sandbox worker running after Cancel during a hang', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /Chasing a hang/ }).click();
    await page.getByLabel('Time per call (ms)').fill('2000');
    await page.getByLabel('Time per call (ms)').blur();
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await explained(page, page.locator('#stage .running').waitFor());
    await explained(
      page,
      page.waitForFunction(() =>
        document.querySelector('#stage .running')?.textContent?.startsWith('Waiting'),
      ),
    );
    const sandboxes = () => page.workers().filter(isSandbox).length;
    expect(sandboxes()).toBeGreaterThan(0);
    const started = Date.now();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await narration(page).filter({ hasText: 'Cancelled.' }).waitFor();
    expect(Date.now() - started).toBeLessThan(1500); // within the hanging call's 2 s
    await expect(liveSandboxes(page)).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('works from a plain file server under a sub-path', async () => {
    const { url, server } = await serveStatic('/courses/delta-lab/');
    try {
      const { page, errors, close } = await openPage(app.browser, url);
      await page.locator('#stage .replay-badge').waitFor();
      await page.locator('#stage').focus();
      await page.keyboard.press('End');
      await expectText(
        narration(page),
        'toBe',
        'Done: [-7] after 5 calls. It still fails and is 1-minimal. Expected -7, actual 0.',
      );
      await page.locator('.editor-block .monaco-editor').first().waitFor();
      expect(errors).toEqual([]);
      await close();
    } finally {
      server.close();
    }
  });

  it('imports a session dropped on the page', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    const text = readFileSync('examples/trap/session.jsonl', 'utf8');
    await page.evaluate((content) => {
      const data = new DataTransfer();
      data.items.add(new File([content], 'trap.jsonl', { type: 'application/jsonl' }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, cancelable: true }));
    }, text);
    await page.locator('dl-banner p', { hasText: 'Imported trap.jsonl' }).waitFor();
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '1-minimal is not the shortest');
    await page.locator('#stage').focus();
    await page.keyboard.press('End');
    await expectText(
      narration(page),
      'toBe',
      'Done: [3,4] after 4 calls. It still fails and is 1-minimal.',
    );
    await close();
  });

  it('says so when autosave fails, and keeps working', async () => {
    const context = await app.browser.newContext();
    await context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
    });
    const page = await context.newPage();
    await page.goto(app.url);
    await page
      .locator('dl-banner p', { hasText: 'Autosave failed: local storage is full.' })
      .waitFor();
    await setCode(page, 'Candidate', 'export function candidate(a) {\n  return 0;\n}\n');
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await narration(page)
      .filter({ hasText: /^Done: / })
      .waitFor();
    await context.close();
  });

  it('switches between one-editor and two-editor lessons without console errors', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.locator('.editor-block .monaco-editor').first().waitFor();
    for (const lesson of [
      /1-minimal is not the shortest/,
      /A random failure/,
      /INVALID is not/,
      /Chasing one crash/,
    ]) {
      await page.getByRole('button', { name: 'Lessons' }).click();
      await page.getByRole('button', { name: lesson }).click();
      await page.locator('.editor-block .monaco-editor').first().waitFor();
      await page.waitForTimeout(300);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('stops a live run when another lesson is opened, and shows that lesson', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /Chasing a hang/ }).click();
    await page.getByRole('button', { name: 'Run live' }).click();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /1-minimal is not the shortest/ }).click();
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '1-minimal is not the shortest');
    await page.locator('#stage .replay-badge').waitFor();
    await settled(page); // the lesson's own recording in, not only a replay badge
    await page.locator('#stage').focus();
    await page.keyboard.press('End');
    await expectText(
      narration(page),
      'toBe',
      'Done: [3,4] after 4 calls. It still fails and is 1-minimal.',
    );
    await page.waitForTimeout(1500); // long enough for the stopped run to have answered
    await expectText(
      narration(page),
      'toBe',
      'Done: [3,4] after 4 calls. It still fails and is 1-minimal.',
    );
    await expect(page.getByRole('button', { name: 'Export session' }).isEnabled()).resolves.toBe(
      true,
    );
    await expect(liveSandboxes(page)).resolves.toBe(0);
    await close();
  });

  it('does not run a workspace with a bad setting, and says why', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    await page.getByLabel('Paste an input').check();
    await page.getByLabel('Failing input', { exact: true }).fill('[1, 2,');
    await expect(page.getByRole('button', { name: 'Run live' }).isDisabled()).resolves.toBe(true);
    await expectText(
      page.locator('dl-reduce-controls .problems'),
      'toContain',
      'the pasted input is not JSON',
    );
    await page.getByLabel('Generate random inputs').check();
    await page.getByLabel('Smallest value').fill('10');
    await page.getByLabel('Smallest value').blur();
    await expectText(
      page.locator('dl-reduce-controls .problems'),
      'toContain',
      'the smallest value is larger than the largest',
    );
    await page.keyboard.press('ControlOrMeta+Enter');
    await expectText(
      page.locator('dl-banner p'),
      'toMatch',
      /^Nothing was run: .*the smallest value is larger than the largest/,
    );
    // The problems are said in the page's language.
    await page.getByRole('button', { name: '简体中文' }).click();
    await expectText(
      page.locator('dl-reduce-controls .problems'),
      'toContain',
      '最小值比最大值还大',
    );
    await close();
  });

  it('says what a crash was when the input does not fail the chased way', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    await setCode(
      page,
      'Candidate',
      'export function candidate(a) {\n  throw new TypeError("no " + a.length);\n}\n',
    );
    await page.getByLabel('Paste an input').check();
    await page.getByLabel('Failing input', { exact: true }).fill('[3, 1, 2]');
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await expectText(
      narration(page),
      'toBe',
      'The start input does not reproduce the chased failure (its outcome is CRASH), so there is nothing to reduce. The candidate crashed: TypeError: no 3.',
    );
    await close();
  });

  it('says when a part of the page cannot be fetched, and keeps the page as it was', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    // The Chinese catalogue loads on the switch: its file is unreachable (offline, say).
    const catalogue = /\/assets\/zh-[\w-]+\.js$/;
    let blocked = 0;
    await page.route(catalogue, (route) => {
      blocked++;
      return route.abort();
    });
    await page.getByRole('button', { name: '简体中文' }).click();
    await expectText(
      page.locator('dl-banner p'),
      'toBe',
      'A part of the page could not be loaded. Reload the page to try again (your drafts are kept).',
    );
    expect(blocked).toBeGreaterThan(0);
    await expect(page.title()).resolves.toBe('Delta Lab — delta debugging playground');
    await expectText(
      page.locator('dl-lesson-text h2'),
      'toBe',
      'A random failure, reduced to one element',
    );
    // Nothing went uncaught: only the failed fetch itself is logged.
    expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
    await close();
  });
});
