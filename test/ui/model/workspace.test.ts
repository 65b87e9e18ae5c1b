import { expose } from 'comlink';
import { beforeAll, describe, expect, it } from 'vitest';
import { twinPath } from '../../../src/core/code/twins.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { pinOf } from '../../../src/core/session/pin.js';
import { transpile } from '../../../src/live/transpile.js';
import { codeText, findLesson, LESSONS, loadTwins } from '../../../src/ui/model/lessons.js';

import {
  codeOf,
  configOf,
  workspaceOf,
  workspaceOfConfig,
} from '../../../src/ui/model/workspace.js';
import { workspaceKey } from '../../../src/ui/model/workspace-key.js';
import { createReducerApi, type ReducerPlatform } from '../../../workers/reducer/api.js';
import { createSandboxApi } from '../../../workers/sandbox/api.js';
import { collector, noWorkerPlatform } from '../../workers/reducer/support.js';

// Lesson code in other languages loads with the locale that needs it.
beforeAll(() => loadTwins());

const lessonNamed = (name: string) => {
  const lesson = findLesson(name);
  if (!lesson) throw new Error(`no lesson ${name}`);
  return lesson;
};

/** The workspace a lesson's recording was made from, as the run controller reads it. */
const recordedWorkspace = async (name: string) => {
  const { config } = readSession(await lessonNamed(name).session()).header;
  const made = workspaceOfConfig(config, codeText);
  if (!made.ok) throw new Error(made.reason);
  return made.workspace;
};

/**
 * A platform whose sandboxes run in this thread, on message channels (the lessons' own code is
 * trusted): the run is the UI's, a reducer API with sandbox APIs, without child processes.
 */
function inThreadPlatform(): ReducerPlatform {
  return {
    ...noWorkerPlatform(),
    clock: () => performance.now(),
    spawn: () => {
      const { port1, port2 } = new MessageChannel();
      expose(createSandboxApi(), port1);
      return { endpoint: port2, terminate: () => port1.close(), onExit: () => {} };
    },
  };
}

describe('a lesson opened on the Chinese page', () => {
  it.each(LESSONS.map((lesson) => [lesson.name, lesson] as const))(
    '%s: shows the Chinese twins, is pristine, and matches its recording',
    async (_, lesson) => {
      const english = workspaceOf(lesson);
      const chinese = workspaceOf(lesson, 'zh');
      const { code } = lesson.scenario;
      for (const role of ['candidate', 'reference', 'outcome'] as const) {
        const ref = code[role];
        if (!ref || !('file' in ref)) continue;
        expect(chinese[role]).toBe(codeText({ file: twinPath(ref.file, 'zh') }));
        expect(chinese[role]).not.toBe(english[role]);
      }
      // Pristine in either language (the page compares the key with the lesson's own).
      expect(workspaceKey(chinese)).toBe(workspaceKey(english));
      expect(workspaceKey(chinese)).toBe(workspaceKey(workspaceOf(lesson, 'en')));
      // Not stale against the recording replayed when the lesson opens: Run live compares.
      expect(workspaceKey(await recordedWorkspace(lesson.name))).toBe(workspaceKey(chinese));
    },
  );

  it('an edit, even of a comment only, makes it the user’s own', () => {
    const chinese = workspaceOf(lessonNamed('article'), 'zh');
    const edited = { ...chinese, candidate: `${chinese.candidate}// 我的注释\n` };
    expect(workspaceKey(edited)).not.toBe(workspaceKey(chinese));
  });

  it('a session pinning a file by its twin’s text opens as the lesson', async () => {
    const { config } = readSession(await lessonNamed('trap').session()).header;
    const pinned = {
      ...config,
      code: {
        language: 'js' as const,
        outcome: {
          file: 'code/trap/outcome.js',
          pin: pinOf(codeText({ file: 'code/trap/outcome.zh.js' }) ?? ''),
        },
      },
    };
    const made = workspaceOfConfig(pinned, (ref) => codeText(ref, 'zh'));
    expect(made.ok && workspaceKey(made.workspace)).toBe(
      workspaceKey(workspaceOf(lessonNamed('trap'))),
    );
  });
});

// Every gallery lesson whose code runs in this thread: not the timeouts (a hang would block it),
// not Python (Pyodide); the browser test runs those.
describe('a live run of a Chinese-page lesson', () => {
  it.each([
    'article',
    'article-ddmin',
    'article-values',
    'cost',
    'four-blocks',
    'crash',
    'select',
    'deps',
    'settings',
    'markup',
    'trap',
    'invalid',
    'flaky',
  ])(
    '%s: matches the English recording call for call, and its session replays anywhere',
    async (name) => {
      const lesson = lessonNamed(name);
      const chinese = workspaceOf(lesson, 'zh');
      const recording = await lesson.session();
      const runner = createReducerApi(inThreadPlatform());
      const reply = await runner.run(configOf(chinese), codeOf(chinese), collector(), recording);
      runner.dispose();
      if (!reply.ok) throw new Error(`the run failed: ${JSON.stringify(reply)}`);
      expect(reply.comparison).toMatchObject({ match: true });
      // The exported session carries the Chinese page's code; it replays without running code
      // and opens as the lesson (the same key as the English files' workspace).
      const exported = writeSession(readSession(reply.session));
      const replayer = createReducerApi({
        spawn: (role) => {
          throw new Error(`a replay tried to start a ${role} worker`);
        },
        transpile,
        clock: () => 0,
        stamp: () => ({ id: 'replay', created: 'replay', tool: 'test' }),
      });
      const replayed = await replayer.replay(exported, collector());
      if (!replayed.ok || !('config' in replayed)) throw new Error('the session did not replay');
      expect(replayed.summary).toEqual(reply.summary);
      const made = workspaceOfConfig(replayed.config, codeText);
      expect(made.ok && workspaceKey(made.workspace)).toBe(workspaceKey(workspaceOf(lesson)));
      replayer.dispose();
    },
  );
});
