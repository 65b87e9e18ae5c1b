import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { examplesDir } from '../../../src/cli/examples.js';
import type { ResolvedCode } from '../../../src/core/code/refs.js';
import type { Role } from '../../../src/core/oracle/verdict.js';
import type { TranscriptMessage } from '../../../src/core/run/transcript.js';
import type { ReduceTask } from '../../../src/core/session/config.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { normaliseSession } from '../../../src/core/session/normalise.js';
import type { Platform } from '../../../src/live/run-live.js';
import { transpile } from '../../../src/live/transpile.js';
import type { ReducerApi, RunListener, RunReply } from '../../../src/protocol/reducer.js';
import { nodePlatform } from '../../../workers/process/platform.js';
import { createReducerApi } from '../../../workers/reducer/api.js';

/**
 * Helpers of the reducer-worker tests. They run real sandbox processes (child processes):
 * from source, `spawn-node.ts` starts the compiled and bundled `dist/sandbox.child.cjs`, so
 * `npm run prepare` must have run (`npm run test:unit` does it).
 */

/** The article's failing input (seed 1103, attempt 4452). */
export const ARTICLE_INPUT = [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7];

/** A lesson's code file under `examples/code/`. */
export function lessonCode(path: string): string {
  return readFileSync(join(examplesDir(), 'code', path), 'utf8');
}

/** The article's buggy candidate and brute-force reference, as source text. */
export const ARTICLE_CODE: ResolvedCode = {
  language: 'js',
  candidate: lessonCode('max-subarray/candidate.js'),
  reference: lessonCode('max-subarray/reference.js'),
};

/** A sum reference: what most of these tests compare a candidate with. */
export const SUM_REFERENCE =
  'export function reference(a) {\n  return a.reduce((s, x) => s + x, 0);\n}';

/** A session config that reduces `input` directly (no search), with `chunks`. */
export function inputConfig(
  code: ResolvedCode,
  input: number[],
  extra: Partial<ReduceTask> = {},
): ReduceTask {
  return {
    task: 'reduce',
    code: {
      language: code.language,
      candidate: { source: code.candidate ?? '' },
      reference: { source: code.reference ?? '' },
    },
    input,
    reducer: 'chunks',
    chase: { kind: 'wrong-answer' },
    cache: true,
    budgets: { callMs: 1000 },
    ...extra,
  };
}

/** A Node platform that also counts the workers it started, by role. */
export function countingPlatform(): Platform & { spawned: Role[] } {
  const inner = nodePlatform('deltalab test');
  const spawned: Role[] = [];
  return {
    ...inner,
    spawned,
    spawn(role, runtime) {
      spawned.push(role);
      return inner.spawn(role, runtime);
    },
  };
}

/** A platform that refuses to start any worker: whatever runs on it must not execute code. */
export function noWorkerPlatform(): Platform & { attempts: Role[] } {
  const attempts: Role[] = [];
  return {
    attempts,
    spawn(role) {
      attempts.push(role);
      throw new Error(`a ${role} worker was started`);
    },
    transpile,
    clock: () => 0,
    stamp: () => ({ id: 'replay', created: 'replay', tool: 'deltalab test' }),
  };
}

/** A listener that keeps every transcript message, and the ends it heard. */
export function collector(): RunListener & { heard: TranscriptMessage[]; ended: RunReply[] } {
  const heard: TranscriptMessage[] = [];
  const ended: RunReply[] = [];
  return {
    heard,
    ended,
    messages: (batch) => void heard.push(...batch),
    end: (reply) => void ended.push(reply),
  };
}

/** A session text as compared between runs: ids, times and durations removed, packed. */
export function comparable(text: string): string {
  return writeSession(normaliseSession(readSession(text)));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A factory of reducer APIs for one test file, on the Node platform (real sandbox processes) unless
 * given another; every API it made is disposed after each test.
 */
export function useNodeApis(): (platform?: Platform) => ReducerApi {
  const apis: ReducerApi[] = [];
  afterEach(() => {
    for (const api of apis.splice(0)) api.dispose();
  });
  return (platform = nodePlatform('deltalab test')) => {
    const api = createReducerApi(platform);
    apis.push(api);
    return api;
  };
}
