import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/core/input/kinds.js';
import { writeSession } from '../../src/core/session/format/writer.js';
import { exampleConfig, record } from '../core/session/sessions.js';
import { expectText, openPage, useApp } from './support/app.js';

/**
 * Calls with several arguments are the command line's for now: the page offers no such kind and
 * refuses such a session in one sentence, changing nothing.
 */
const app = useApp();

describe('calls with several arguments in the page', () => {
  it('are not offered as a kind, and a session of them is refused in one sentence', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    const kinds = await page
      .locator('dl-find-panel select option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(kinds).toContain('json');
    expect(kinds).not.toContain('args');
    const { generator: _g, maxAttempts: _m, ...article } = exampleConfig('article');
    const session = record(
      { ...article, kind: 'args', split: 'chars', input: ['foo', 'foobar'] },
      (input: Json) => {
        const [s, t] = input as [string, string];
        return { outcome: s.includes('o') && t.includes('b') ? 'FAIL' : 'PASS' };
      },
    ).session;
    const lesson = await page.evaluate(
      () => document.querySelector('delta-lab')?.workspaces.workspace.lesson,
    );
    await page.locator('input.import-file').setInputFiles({
      name: 'two.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(writeSession(session)),
    });
    const banner = page.locator('dl-banner p');
    await banner.filter({ hasText: 'was not imported' }).waitFor();
    await expectText(
      banner,
      'toContain',
      'calls with several arguments are reduced by deltalab on the command line',
    );
    expect(
      await page.evaluate(() => document.querySelector('delta-lab')?.workspaces.workspace.lesson),
    ).toBe(lesson);
    expect(errors).toEqual([]);
    await close();
  });
});
