import { describe, expect, it } from 'vitest';
import {
  expectText,
  fastest,
  narration,
  openPage,
  setCode,
  useApp,
  waitForDone,
} from './support/app.js';

const app = useApp();

const TRIALS = [
  'Trial 1: split into 2 blocks and remove block A → [-1,-9,-5,-4,-6,-7]. Still FAIL: accepted, continue from here.',
  'Trial 2: split into 2 blocks and remove block A → [-4,-6,-7]. Still FAIL: accepted, continue from here.',
  'Trial 3: split into 2 blocks and remove block A → [-6,-7]. Still FAIL: accepted, continue from here.',
  'Trial 4: split into 2 blocks and remove block A → [-7]. Still FAIL: accepted, continue from here.',
];

describe('the playground, live', () => {
  it('reproduces the article live: seed 1103 → attempt 4452 → [-7] in 5 calls, stepping both ways', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    await expectText(
      narration(page),
      'toContain',
      'Done: [-7] after 5 calls. It still fails and is 1-minimal. Expected -7, actual 0.',
    );
    await expectText(page.locator('dl-find-panel .found'), 'toContain', 'Attempt 4452 fails');
    await expectText(
      page.locator('dl-find-panel .input'),
      'toBe',
      '[-3,-3,-8,-4,-4,-8,-1,-9,-5,-4,-6,-7]',
    );
    await expect(page.locator('#stage .live-badge').isVisible()).resolves.toBe(true);
    await expectText(page.locator('#stage .match'), 'toContain', 'matches the recording');
    const counters = await page.locator('dl-counters dd').allTextContents();
    expect(counters.slice(0, 3)).toEqual(['5', '5', '0']);

    // Step from the start through the four trials, then back.
    const stage = page.locator('#stage');
    await stage.focus();
    await page.keyboard.press('Home');
    await expectText(narration(page), 'toMatch', /^Attempt 4452 is the first input that fails/);
    await page.keyboard.press('ArrowRight');
    await expectText(narration(page), 'toMatch', /^Confirm that/);
    for (const text of TRIALS) {
      await page.keyboard.press('ArrowRight');
      await expectText(narration(page), 'toBe', text);
    }
    for (const text of [...TRIALS].reverse().slice(1)) {
      await page.keyboard.press('ArrowLeft');
      await expectText(narration(page), 'toBe', text);
    }
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expectText(narration(page), 'toBe', TRIALS[1]);
    expect(errors).toEqual([]);
    await close();
  });

  it('reduces a pasted TypeScript candidate with a different bug', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.getByLabel('Language of the code').selectOption('ts');
    await setCode(
      page,
      'Candidate',
      `// Bug: the loop stops before the last element.
export function candidate(a: number[]): number {
  let best: number = a[0];
  let current: number = a[0];
  for (let i = 1; i < a.length - 1; i++) {
    current = Math.max(a[i], current + a[i]);
    best = Math.max(best, current);
  }
  return best;
}
`,
    );
    await page.getByLabel('Paste an input').check();
    await page.getByLabel('Failing input', { exact: true }).fill('[2, -8, 3, 1, 6]');
    await fastest(page);
    await page.getByRole('button', { name: /^Run( live)?$/ }).click();
    await waitForDone(page);
    const done = await narration(page).textContent();
    expect(done).toMatch(
      /^Done: \[-?\d+,\d+\] after \d+ calls\. It still fails and is 1-minimal\./,
    );
    await expectText(page.locator('dl-find-panel .found'), 'toContain', 'The given input');
    // The code is not the recording's any more: nothing to compare the run with.
    await expect(page.locator('#stage .match, #stage .diverged').count()).resolves.toBe(0);
    const checks = await page.locator('dl-verify-card li b').allTextContents();
    expect(checks).toEqual(['yes', 'yes', 'yes', 'yes']);
    expect(errors).toEqual([]);
    await close();
  });

  it('reports trials whose re-runs disagree as flaky and never accepts them', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    // Wrong whenever the input holds a 0; otherwise wrong on every second call only.
    await setCode(
      page,
      'Candidate',
      'let calls = 0;\nexport function candidate(a) {\n  calls += 1;\n  const sum = a.reduce((s, x) => s + x, 0);\n  if (a.includes(0)) return sum - 1;\n  return calls % 2 === 0 ? sum - 1 : sum;\n}\n',
    );
    await setCode(
      page,
      'Reference',
      'export function reference(a) {\n  return a.reduce((s, x) => s + x, 0);\n}\n',
    );
    await page.getByLabel('Paste an input').check();
    await page.getByLabel('Failing input', { exact: true }).fill('[0, 1, 2, 3]');
    await page.getByText('More settings').click();
    await page.getByLabel('Re-run each failure').fill('2');
    await page.getByLabel('Re-run each failure').blur();
    await fastest(page);
    await page.getByRole('button', { name: /^Run( live)?$/ }).click();
    await waitForDone(page);
    await expectText(narration(page), 'toMatch', /^Done: \[0\] after 5 calls\./);
    const accepted = await page
      .locator('dl-history-table tbody tr td:last-child')
      .allTextContents();
    expect(accepted.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      'no (flaky: FAIL → PASS → FAIL)',
      'yes',
      'no (flaky: FAIL → PASS → FAIL)',
      'yes',
    ]);
    expect(errors).toEqual([]);
    await close();
  });

  it('ends a hanging candidate as TIMEOUT while the page keeps answering', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /Chasing a hang/ }).click();
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', 'Chasing a hang');
    // The editors have loaded (their one-time start is the page's own work, not the sandbox's).
    await page.locator('.editor-block .monaco-editor').first().waitFor();
    // Measure how long the page takes to handle key presses while calls hang in the workers.
    await page.evaluate(() => {
      const delays: number[] = [];
      (window as unknown as { delays: number[] }).delays = delays;
      window.addEventListener('keydown', (event) =>
        delays.push(performance.now() - event.timeStamp),
      );
    });
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    // Press keys while the run goes on (calls hang for 200 ms each in the workers).
    let pressed = 0;
    while (pressed < 20 && (await cancel.isVisible())) {
      await page.keyboard.press('Shift');
      pressed++;
      await page.waitForTimeout(80);
    }
    expect(pressed).toBeGreaterThanOrEqual(5);
    await waitForDone(page);
    const delays = await page.evaluate(() => (window as unknown as { delays: number[] }).delays);
    expect(delays.length).toBe(pressed);
    // Most keys are handled at once; none waits long. (Two cores are shared by the page, the
    // reducer worker, hanging sandboxes and the spares that replace them: the odd key may
    // wait for the scheduler, never for the sandbox.)
    const sorted = [...delays].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(100);
    expect(Math.max(...delays)).toBeLessThan(500);
    await expectText(narration(page), 'toMatch', /^Done: \[0,7\] after \d+ calls/);
    const outcomes = await page
      .locator('dl-history-table td span[class^="outcome-"]')
      .allTextContents();
    expect(outcomes).toContain('TIMEOUT');
    expect(outcomes).toContain('PASS');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a search of hanging calls for what it is within a second, with Cancel at hand', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await setCode(page, 'Candidate', 'export function candidate(a) {\n  for (;;) {}\n}\n');
    await page.getByLabel('Time per call (ms)').fill('200');
    await page.getByLabel('Time per call (ms)').blur();
    await page.getByRole('button', { name: /^Run/ }).first().click();
    const started = Date.now();
    // The default chase is a wrong answer, which a hang never is: the status says what happens.
    await expectText(
      page.locator('dl-find-panel .live'),
      'toMatch',
      /· \d+ TIMEOUT · \d+\.\d s/,
      5000,
    );
    expect(Date.now() - started).toBeLessThan(2500);
    await expectText(
      page.locator('#stage .running'),
      'toMatch',
      /^Searching: attempt \d+, \d+\.\d s…$/,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await narration(page).filter({ hasText: 'Cancelled.' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a compile error at its line', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    await setCode(
      page,
      'Candidate',
      'export function candidate(a) {\n  let best = ;\n  return best;\n}\n',
    );
    await page.getByRole('button', { name: 'Run live' }).click();
    const error = page.locator('.editor-error').first();
    await error.waitFor();
    await expectText(error, 'toMatch', /Candidate, line 2, column \d+: SyntaxError/);
    await expectText(narration(page), 'toBe', 'The code does not compile');
    // Monaco marks the line too.
    await page.locator('.editor-block .monaco-editor .squiggly-error').first().waitFor();
    await close();
  });
});
