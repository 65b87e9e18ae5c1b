import { describe, expect, it } from 'vitest';
import type { SessionConfig } from '../../src/core/session/config.js';
import { readSession } from '../../src/core/session/format/reader.js';
import { pinOf } from '../../src/core/session/pin.js';
import { codeText, findLesson, LESSONS } from '../../src/ui/model/lessons.js';
import { workspaceOf, workspaceOfConfig } from '../../src/ui/model/workspace.js';

/**
 * The gallery opens a lesson's recorded session with the code bundled into the site: every
 * committed session must open there as its lesson, and a session pinned to another version of a
 * lesson's code must not. Skipped while recording (the sessions are being rewritten).
 */
const RECORD = process.env.DELTALAB_RECORD === '1';

const headerOf = async (name: string): Promise<SessionConfig> => {
  const lesson = findLesson(name);
  if (!lesson) throw new Error(`no lesson ${name}`);
  return readSession(await lesson.session()).header.config;
};

describe.skipIf(RECORD)('fixture guard: recorded lessons open in the playground', () => {
  it.each(LESSONS.map((lesson) => [lesson.name, lesson] as const))(
    '%s: the session header gives the lesson its own workspace',
    async (_, lesson) => {
      const config = await headerOf(lesson.name);
      const { candidate, reference, outcome } = config.code;
      const pinned = [candidate, reference, outcome].filter((ref) => ref && 'pin' in ref);
      expect(pinned.length).toBeGreaterThan(0);
      expect(workspaceOfConfig(config, codeText)).toEqual({
        ok: true,
        workspace: workspaceOf(lesson),
      });
    },
  );

  it('refuses a session pinned to another version of the lesson code', async () => {
    const config = await headerOf('article');
    const linked: SessionConfig = {
      ...config,
      code: {
        ...config.code,
        candidate: { file: 'code/max-subarray/candidate.js', pin: pinOf('an older candidate') },
      },
    };
    expect(workspaceOfConfig(linked, codeText)).toEqual({
      ok: false,
      reason:
        "code/max-subarray/candidate.js has changed since the session was recorded: it was made with another version of the lesson's code",
    });
  });

  it('refuses a committed session once the bundled file it pins is edited', async () => {
    const config = await headerOf('trap');
    const edited = (ref: Parameters<typeof codeText>[0]) =>
      ref && 'file' in ref ? `${codeText(ref)}// edited\n` : codeText(ref);
    const made = workspaceOfConfig(config, edited);
    expect(made.ok).toBe(false);
    expect(!made.ok && made.reason).toMatch(/^code\/trap\/outcome\.js has changed since/);
  });

  it('still opens a session whose file refs carry no pin (recorded before pins)', async () => {
    const config = await headerOf('trap');
    const unpinned: SessionConfig = {
      ...config,
      code: { language: 'js', outcome: { file: 'code/trap/outcome.js' } },
    };
    expect(workspaceOfConfig(unpinned, codeText)).toMatchObject({ ok: true });
  });
});
