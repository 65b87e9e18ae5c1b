import { describe, expect, it } from 'vitest';
import type { ResolvedCode } from '../../../src/core/code/refs.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import { problemText } from '../../../src/core/text/problems.js';
import type { LiveReply } from '../../../src/protocol/reducer.js';
import { nodePlatform } from '../../../workers/process/platform.js';
import { BAD_CALL_OUTCOME, badCallConfig } from '../../support/bad-call.js';
import { collector, noWorkerPlatform, sleep, useNodeApis } from './support.js';

/**
 * The page's reducer worker reads a program by its syntax under the bound the command line has:
 * HTML nested too deep is a config failure said in the page's language, and a long parse
 * answers a cancel.
 */
const nodeApi = useNodeApis();

const CODE: ResolvedCode = { language: 'js', outcome: BAD_CALL_OUTCOME };

/** The program `input`, in HTML, to be reduced by its syntax. */
const html = (input: string): SessionConfig => ({
  ...badCallConfig(1000),
  language: 'html',
  input,
});

describe('a live run of HTML by its syntax, nested deep', () => {
  it('fails as a config failure, said in English and Chinese, before any sandbox', async () => {
    const platform = noWorkerPlatform();
    const { grammars } = nodePlatform('t');
    const reply = await nodeApi({ ...platform, ...(grammars ? { grammars } : {}) }).run(
      html(`${'<b>'.repeat(50_000)}x${'</b>'.repeat(50_000)}`),
      CODE,
      collector(),
    );
    const problem = { code: 'syntax.too-deep', values: { language: 'html', max: 512 } } as const;
    expect(reply).toEqual({
      ok: false,
      failure: {
        kind: 'config',
        message:
          'the html program nests its elements more than 512 deep, deeper than its grammar reads',
        problem,
      },
    });
    expect(problemText(problem, 'zh')).toMatch(/嵌套超过 512 层/);
    expect(platform.attempts).toEqual([]);
  });

  it('answers a cancel while it parses, and ends as the cancelled run it is', async () => {
    // A megabyte of HTML 511 deep: allowed, and seconds to parse (the old parse held the cancel
    // until it ended).
    const inner = '<i>x</i> '.repeat(110_000);
    const api = nodeApi();
    const running = api.run(
      html(`${'<b>'.repeat(511)}${inner}${'</b>'.repeat(511)}`),
      CODE,
      collector(),
    );
    // Measured from before the wait: a parse that holds the thread holds the wait's end too.
    const started = performance.now();
    await sleep(500);
    api.cancel();
    const reply: LiveReply = await running;
    expect(performance.now() - started).toBeLessThan(3500);
    expect(reply).toMatchObject({ ok: true, summary: { status: 'cancelled' } });
  }, 60_000);
});
