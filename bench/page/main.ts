import { proxy, wrap } from 'comlink';
import candidate from '../../examples/code/max-subarray/candidate.js?raw';
import corrected from '../../examples/code/max-subarray/corrected.js?raw';
import reference from '../../examples/code/max-subarray/reference.js?raw';
import pyCandidate from '../../examples/code/max-subarray-py/candidate.py?raw';
import pyReference from '../../examples/code/max-subarray-py/reference.py?raw';
import { replaySession } from '../../src/core/replay/replay.js';
import { Timeline } from '../../src/core/run/timeline.js';
import type { TranscriptMessage } from '../../src/core/run/transcript.js';
import { readSession } from '../../src/core/session/format/reader.js';
import { createLiveOracle } from '../../src/live/run-live.js';
import type { ReducerApi } from '../../src/protocol/reducer.js';
import { encodeLink, LINK_WARN, linkSession } from '../../src/ui/io/permalink.js';
import { findLesson } from '../../src/ui/model/lessons.js';
import { codeOf, workspaceOf } from '../../src/ui/model/workspace.js';
import { SandboxIframe } from '../../src/ui/sandbox/sandbox-iframe.js';
import { sandboxSources } from '../../src/ui/sandbox/sandbox-sources.js';
import { browserPlatform } from '../../workers/browser/platform.js';
import type { ArticleCode } from '../article.js';
import { runExhaustive, runExhaustiveInThread } from '../exhaustive-run.js';
import { measureOracle } from '../oracle.js';
import { measurePythonOracle } from '../python.js';
import { samples, timeRuns } from '../stats.js';
import type { BenchApi, BenchGlobal } from './api.js';
import { pageEchoFloor } from './floor.js';

// The bench page: the real SandboxClient / LiveOracle with the browser spawn, the real reducer
// worker, and the UI's own permalink encoder, driven from Node through `globalThis.deltalabBench`.

const code: ArticleCode = { candidate, reference, corrected };
const platform = browserPlatform('deltalab bench');
// The bench page is its own host: its sandbox frame serves the platform directly.
const sandboxes = new SandboxIframe(sandboxSources(() => {}));
const channel = new MessageChannel();
sandboxes.serve(channel.port1);
platform.connect(channel.port2);

const api: BenchApi = {
  oracle: () =>
    measureOracle(
      'chromium',
      code,
      () => createLiveOracle(platform, { language: 'js', candidate, reference }, 1000),
      () => pageEchoFloor(),
    ),

  exhaustive: () => runExhaustive(code, (resolved) => createLiveOracle(platform, resolved, 1000)),

  exhaustiveInThread: () => runExhaustiveInThread(code),

  python: (runs) =>
    measurePythonOracle(
      'chromium',
      { js: { candidate, reference }, py: { candidate: pyCandidate, reference: pyReference } },
      (language, roles) => createLiveOracle(platform, { language, ...roles }, 1000),
      runs,
    ),

  async replay(text, runs) {
    const core = await timeRuns(runs, () => replaySession(readSession(text)));
    const worker = new Worker(new URL('../../workers/reducer.worker.ts', import.meta.url), {
      type: 'module',
      name: 'deltalab-reducer',
    });
    const reducer = wrap<ReducerApi>(worker);
    let messages = 0;
    // Through Comlink every callback the worker may call must exist: an optional one would not.
    const listener = proxy({
      messages: (batch: TranscriptMessage[]) => {
        messages += batch.length;
      },
      shape: () => {},
      reading: () => {},
      status: () => {},
      end: () => {},
    });
    try {
      await reducer.workers(); // the worker is up (the app starts it before any replay)
      const times = await timeRuns(runs, async () => {
        messages = 0;
        const reply = await reducer.replay(text, listener);
        if (!reply.ok) throw new Error(`the replay failed: ${JSON.stringify(reply)}`);
      });
      const session = readSession(text);
      const calls = session.events.filter((e) => e.type === 'attempt' || e.type === 'call').length;
      return { calls, core: samples(core, 1), worker: samples(times, 1), messages };
    } finally {
      worker.terminate();
    }
  },

  async permalink(base) {
    const lesson = findLesson('article');
    if (!lesson) throw new Error('no article lesson');
    const workspace = workspaceOf(lesson);
    if (codeOf(workspace).candidate !== candidate) throw new Error('the lesson is not the article');
    const text = await lesson.session();
    const { messages } = await replaySession(readSession(text));
    const step = Timeline.of(messages).frames.length - 1;
    const session = linkSession(text);
    const withSession = await encodeLink({ workspace, step, session });
    const without = await encodeLink({ workspace, step });
    return {
      base,
      step,
      length: base.length + 1 + withSession.length,
      lengthWithoutSession: base.length + 1 + without.length,
      sessionBytes: new TextEncoder().encode(session).length,
      linkWarn: LINK_WARN,
    };
  },
};

(globalThis as BenchGlobal).deltalabBench = api;
