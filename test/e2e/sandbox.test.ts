import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplesDir } from '../../src/cli/examples.js';
import type { Scenario } from '../../src/core/session/scenario.js';
import type { LinkState } from '../../src/ui/io/permalink.js';

const EXAMPLES = examplesDir();

import {
  articleLink,
  expectText,
  explained,
  fastest,
  isSandbox,
  linkFor,
  narration,
  openPage,
  setCode,
  useApp,
  waitForDone,
} from './support/app.js';

const app = useApp();

/** The gallery's lessons, by title, from their scenario files. */
const LESSON_TITLES = readdirSync(EXAMPLES)
  .map((name) => join(EXAMPLES, name, 'input.json'))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Scenario)
  .filter((scenario) => scenario.gallery !== undefined)
  .sort((a, b) => (a.gallery ?? 0) - (b.gallery ?? 0))
  .map((scenario) => scenario.title.en);

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A listener on 127.0.0.1 that records every request it gets: what the sandbox must not reach. */
const listener = { url: '', requests: [] as string[], close: () => {} };

beforeAll(async () => {
  const record = (request: IncomingMessage) => listener.requests.push(request.url ?? '?');
  const server = createServer((request, response) => {
    record(request);
    const module = request.url?.endsWith('.js');
    response.writeHead(200, {
      'access-control-allow-origin': '*',
      'content-type': module ? 'text/javascript' : 'text/event-stream',
    });
    response.end(module ? 'export default 1;' : 'data: hello\n\n');
  });
  server.on('upgrade', (request, socket) => {
    record(request);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listener.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  listener.close = () => server.close();
});

afterAll(() => listener.close());

/** Every way out a piece of code might try, as one script returning what each attempt gave. */
const attempts = (url: string) => `
  const seen = {};
  const attempt = (name, fn) => {
    try {
      const value = fn();
      seen[name] = typeof value === 'object' && value !== null ? 'object' : String(value);
    } catch (error) {
      seen[name] = 'threw ' + error.name;
    }
  };
  attempt('fetch', () => fetch('${url}/fetch'));
  attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', '${url}/xhr'); x.send(); });
  attempt('websocket', () => new WebSocket('${url.replace('http', 'ws')}/ws'));
  attempt('eventsource', () => new EventSource('${url}/sse'));
  attempt('import', () => new Function('u', 'return imp' + 'ort(u)')('${url}/module.js'));
  attempt('indexedDB', () => indexedDB.open('deltalab-probe'));
  attempt('caches', () => caches.open('deltalab-probe'));
  attempt('broadcast', () => new BroadcastChannel('deltalab-probe').postMessage('from the sandbox'));
  attempt('worker', () => new Worker('data:text/javascript,1'));
  attempt('timer', () => setTimeout(() => fetch('${url}/later'), 50));
  attempt('postMessage', () => postMessage({ id: 'forged', type: 'RETURN', value: { ok: false, timeout: true } }));
  attempt('globalThis', () => Object.keys(globalThis).join(','));
  return seen;
`;

/** The article's link with a candidate that probes every way out, on a pasted input. */
async function probeLink(page: Page): Promise<LinkState> {
  const state = await articleLink(page);
  return {
    ...state,
    workspace: {
      ...state.workspace,
      candidate: `export function candidate(a) {${attempts(listener.url)}}`,
      reference: "export function reference(a) {\n  return 'reference';\n}",
      source: 'paste',
      failing: '[1,2]',
    },
    step: 0,
  };
}

/** Collects what reaches the app's own origin on a BroadcastChannel. */
async function listenForBroadcasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new BroadcastChannel('deltalab-probe').onmessage = (event) => heard.push(String(event.data));
  });
  return () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
}

/**
 * Whether a worker is still running: a terminated one fails to answer at once; one busy running
 * code does not answer in time, and counts as running.
 */
async function alive(worker: Worker): Promise<boolean> {
  return Promise.race([
    worker
      .evaluate(() => true)
      .then(
        () => true,
        () => false,
      ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 3000)),
  ]);
}

describe('the browser sandbox', () => {
  it('after Run, user code reaches no network, storage, channel, worker or timer', async () => {
    const first = await openPage(app.browser, app.url);
    const link = await linkFor(app.url, await probeLink(first.page));
    await first.close();
    listener.requests.length = 0;
    const { page, errors, close } = await openPage(app.browser, link);
    const heard = await listenForBroadcasts(page);
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    const seen = await page.evaluate(() => {
      const reply = document.querySelector('delta-lab')?.timeline.reply;
      return reply?.ok ? reply.summary.actual : null;
    });
    // Unknown names read as undefined in a compartment: calling one throws.
    const refused = /^threw (TypeError|ReferenceError)$/;
    expect(seen).toMatchObject({
      fetch: expect.stringMatching(refused),
      xhr: expect.stringMatching(refused),
      websocket: expect.stringMatching(refused),
      eventsource: expect.stringMatching(refused),
      import: 'threw SyntaxError',
      indexedDB: expect.stringMatching(refused),
      caches: expect.stringMatching(refused),
      broadcast: expect.stringMatching(refused),
      worker: expect.stringMatching(refused),
      timer: expect.stringMatching(refused),
      postMessage: expect.stringMatching(refused),
    });
    // The compartment's global object holds only the language's own names and what a pure
    // function needs.
    const names = String((seen as { globalThis: string }).globalThis).split(',');
    for (const name of ['self', 'postMessage', 'fetch', 'Worker', 'setTimeout', 'indexedDB']) {
      expect(names).not.toContain(name);
    }
    await page.waitForTimeout(500);
    expect(listener.requests).toEqual([]);
    expect(await heard()).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('holds even code that got out of its compartment: the frame has no network, storage or channel', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    const heard = await listenForBroadcasts(page);
    const sandboxes: Worker[] = [];
    const closed = new Set<Worker>();
    page.on('worker', (worker) => {
      if (!isSandbox(worker)) return;
      sandboxes.push(worker);
      worker.on('close', () => closed.add(worker));
    });
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    // A spare started for the next run: the sandbox worker's own global scope, as code that
    // escaped its compartment would see it. The run's own two sandboxes end with it (which can
    // be just after "Done" shows), so the one taken is alive after they have closed.
    const spare = () => firstAlive(sandboxes.filter((worker) => !closed.has(worker)));
    for (let i = 0; i < 50 && !(closed.size >= 2 && (await spare())); i++) {
      await page.waitForTimeout(100);
    }
    expect(closed.size).toBeGreaterThanOrEqual(2);
    const worker = (await spare()) as Worker;
    listener.requests.length = 0;
    const outcome = await worker.evaluate(async (url) => {
      const settle = (promise: Promise<unknown>) =>
        promise.then(
          () => 'answered',
          (error: Error) => `refused: ${error.name}`,
        );
      const event = (target: EventTarget, ok: string) =>
        new Promise<string>((resolve) => {
          target.addEventListener(ok, () => resolve('answered'));
          target.addEventListener('error', () => resolve('refused'));
          setTimeout(() => resolve('no answer'), 2000);
        });
      const result: Record<string, string> = {};
      result.fetch = await settle(fetch(`${url}/fetch`));
      const xhr = new XMLHttpRequest();
      xhr.open('GET', `${url}/xhr`);
      const xhrDone = event(xhr, 'load');
      xhr.send();
      result.xhr = await xhrDone;
      result.websocket = await event(new WebSocket(`${url.replace('http', 'ws')}/ws`), 'open');
      result.eventsource = await event(new EventSource(`${url}/sse`), 'message');
      try {
        // Put together at run time: neither the test's module loader nor the realm's scan of
        // evaluated code should see it before it is tried.
        const load = new Function('u', `return imp${'ort'}(u)`) as (u: string) => Promise<unknown>;
        result.import = await settle(load(`${url}/module.js`));
      } catch (error) {
        result.import = `refused: ${(error as Error).name}`;
      }
      try {
        indexedDB.open('deltalab-probe');
        result.indexedDB = 'opened';
      } catch (error) {
        result.indexedDB = `refused: ${(error as Error).name}`;
      }
      result.caches = typeof caches;
      new BroadcastChannel('deltalab-probe').postMessage('from an escaped sandbox');
      return result;
    }, listener.url);
    expect(outcome).toEqual({
      fetch: 'refused: TypeError',
      xhr: 'refused',
      websocket: 'refused',
      eventsource: 'refused',
      // The frozen realm refuses to evaluate an import (the frame's policy would refuse to load it).
      import: 'refused: SyntaxError',
      indexedDB: 'refused: SecurityError',
      caches: 'undefined',
    });
    await page.waitForTimeout(500);
    expect(listener.requests).toEqual([]);
    expect(await heard()).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('holds Python code too: through pyodide it reaches JavaScript, but no network, storage or channel', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    // Python's \`js\` module is empty, but any JavaScript function Pyodide hands to Python leads to
    // the Function constructor, and from there to the worker's globals.
    const probe = `import pyodide_js

PROBE = """${attempts(listener.url)}"""

def candidate(a):
    return pyodide_js.toPy.constructor(PROBE)().to_py()
`;
    const link = await linkFor(app.url, {
      ...state,
      workspace: {
        ...state.workspace,
        language: 'py',
        candidate: probe,
        reference: 'def reference(a):\n    return "reference"\n',
        source: 'paste',
        failing: '[1,2]',
      },
      step: 0,
    });
    listener.requests.length = 0;
    const { page, errors, close } = await openPage(app.browser, link);
    const heard = await listenForBroadcasts(page);
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page, 120_000);
    const seen = await page.evaluate(() => {
      const reply = document.querySelector('delta-lab')?.timeline.reply;
      return reply?.ok ? reply.summary.actual : null;
    });
    // The probe ran (Python reached the worker's JavaScript) and every way out went nowhere.
    expect(String((seen as { globalThis: string }).globalThis).split(',')).toContain('fetch');
    await page.waitForTimeout(500);
    expect(listener.requests).toEqual([]);
    expect(await heard()).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('ends every worker that ran user code when the run ends, keeping only spares without code', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    // A slow candidate (every call spins for a while), so that the run can be watched running.
    const slow = await linkFor(app.url, {
      ...state,
      workspace: {
        ...state.workspace,
        candidate:
          'export function candidate(a) {\n  let spin = 0;\n  for (let i = 0; i < 5e7; i++) spin = (spin + i) % 7;\n  return spin >= 0 ? a.length : 0;\n}',
        reference: 'export function reference(a) {\n  return -a.length;\n}',
        source: 'paste',
        failing: '[1,2,3,4,5,6,7,8]',
      },
      step: 0,
    });
    const { page, close } = await openPage(app.browser, slow);
    const sandboxes: Worker[] = [];
    page.on('worker', (worker) => {
      if (isSandbox(worker)) sandboxes.push(worker);
    });
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await explained(
      page,
      page.waitForFunction(
        () => document.querySelector('delta-lab')?.timeline.status?.phase === 'reduce',
      ),
    );
    // The workers running the code now: the counter sees them (not a vacuous zero).
    const running = await Promise.all(
      sandboxes.map(async (worker) => [worker, await alive(worker)] as const),
    );
    const ran = running.filter(([, up]) => up).map(([worker]) => worker);
    expect(ran.length).toBe(2);
    await waitForDone(page);
    await page.waitForTimeout(500);
    expect((await Promise.all(ran.map(alive))).filter(Boolean)).toEqual([]);
    await close();
  });

  it('runs none of the code of a link or an import when it is edited: only Run does', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    const marker = 'TOP-LEVEL-OF-THE-LINK-RAN';
    const link = await linkFor(app.url, {
      ...state,
      workspace: {
        ...state.workspace,
        candidate: `console.log('${marker}');\n${state.workspace.candidate}`,
      },
    });
    const { page, close } = await openPage(app.browser, link);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await setCode(
      page,
      'Candidate',
      `console.log('${marker}');\nexport const candidate = (a) => 0;`,
    );
    await page.waitForTimeout(2000); // past the check that follows an edit
    expect(logged.filter((text) => text.includes(marker))).toEqual([]);
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    // Run does run it: the console would have shown it before, had it run.
    expect(logged.filter((text) => text.includes(marker)).length).toBeGreaterThan(0);
    await close();
  });

  it('ends a call that allocates without bound as TIMEOUT, and the page stays alive', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await setCode(
      page,
      'Candidate',
      'export function candidate(a) {\n  const keep = [];\n  for (;;) keep.push(new Uint8Array(64e6).fill(1));\n}',
    );
    await page.locator('dl-find-panel input[name="source"]').nth(1).check();
    await page.locator('dl-find-panel .paste textarea').fill('[1]');
    await fastest(page);
    await page.getByRole('button', { name: 'Run' }).first().click();
    await expectText(narration(page), 'toMatch', /TIMEOUT|CRASH|does not reproduce/, 30_000);
    await expect(page.evaluate(() => 1 + 1)).resolves.toBe(2);
    expect(errors).toEqual([]);
    await close();
  });

  it('runs every lesson live in the sandbox with the same session as its recording', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    const titles = LESSON_TITLES;
    expect(titles.length).toBeGreaterThanOrEqual(7);
    await fastest(page);
    for (const title of titles) {
      await page.getByRole('button', { name: 'Lessons' }).click();
      await page.getByRole('button', { name: new RegExp(literal(title)) }).click();
      await expectText(page.locator('dl-lesson-text h2'), 'toBe', title);
      await page.locator('#stage .replay-badge').waitFor();
      await page.getByRole('button', { name: 'Run live' }).click();
      await expectText(
        page.locator('#stage .match, #stage .diverged'),
        'toContain',
        'matches the recording, call for call',
        60_000,
      ).catch(async (error: Error) => {
        const said = await page.locator('#stage .narration').textContent();
        const banner = await page.locator('dl-banner p').allTextContents();
        throw new Error(`${title}: ${error.message}; the narration: ${said}; ${banner.join(' ')}`);
      });
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('runs a Run pressed while a lesson’s recording loads once it is in, compared with it', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await fastest(page);
    // The lesson's recording arrives late, as on a slow connection.
    let delayed = 0;
    await page.route('**/assets/session-*.js', async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const title = LESSON_TITLES[2] ?? '';
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: new RegExp(literal(title)) }).click();
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', title);
    await page.getByRole('button', { name: 'Run live' }).click();
    await expectText(
      page.locator('#stage .match, #stage .diverged'),
      'toContain',
      'matches the recording, call for call',
      30_000,
    );
    expect(delayed).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('asks before running with a per-call budget longer than 10 s from a link', async () => {
    const first = await openPage(app.browser, app.url);
    const state = await articleLink(first.page);
    await first.close();
    const link = await linkFor(app.url, {
      ...state,
      workspace: { ...state.workspace, callMs: 3_600_000 },
    });
    const { page, close } = await openPage(app.browser, link);
    await page.getByRole('button', { name: 'Run live' }).click();
    await expectText(page.locator('dl-banner p'), 'toContain', 'up to 3600 s');
    await page.getByRole('button', { name: 'Run with 3600 s per call' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('delta-lab')?.timeline.running)).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Run with 3600 s per call' }).click();
    await waitForDone(page);
    await close();
  });
});

async function firstAlive(workers: readonly Worker[]): Promise<Worker | undefined> {
  for (const worker of [...workers].reverse()) if (await alive(worker)) return worker;
  return undefined;
}
