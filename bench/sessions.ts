import { deflateRawSync } from 'node:zlib';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import { replaySession } from '../src/core/replay/replay.js';
import { runSession } from '../src/core/run/run.js';
import type { ReduceTask } from '../src/core/session/config.js';
import type { Session, SessionEvent } from '../src/core/session/events.js';
import { readSession } from '../src/core/session/format/reader.js';
import { writeSession } from '../src/core/session/format/writer.js';
import { createHeader } from '../src/core/session/header.js';
import type { ArticleCode } from './article.js';
import { sandboxJudge } from './rates.js';
import { roundTo, type Samples, samples, timeRuns, timeRunsSync } from './stats.js';

/**
 * The long session: the article's code and generator with 15 elements per input and seed 76,
 * whose first failure is attempt 99 749, then a `chunks` reduction and its verification: about
 * 10⁵ oracle calls, as the default attempt limit allows.
 */
export const LONG_CONFIG = { seed: 76, length: 15, firstFailure: 99_749 } as const;

/** Sizes of one session in its three forms (bytes). */
export interface SessionSizes {
  raw: number;
  packed: number;
  /** The packed text deflated (deflate-raw, as the UI stores and links it). */
  compressed: number;
  /** The raw text deflated, for comparison. */
  rawCompressed: number;
}

/** One timed operation over the session, with its throughput. */
export interface Throughput {
  ms: Samples;
  /** Oracle calls per second at the median time. */
  callsPerSecond: number;
  /** Megabytes of text per second at the median time. */
  mbPerSecond: number;
}

/** Section 5, Node part. */
export interface SessionReport {
  calls: number;
  events: number;
  sizes: SessionSizes;
  encodeRaw: Throughput;
  encodePacked: Throughput;
  decodeRaw: Throughput;
  decodePacked: Throughput;
  /** `replaySession` of the decoded packed session, in Node (no code runs). */
  replay: Throughput;
  /** Reading the packed text and replaying it: what opening a recording costs. */
  readAndReplay: Throughput;
}

/** Records the long session in-thread, with the sandbox's own per-call work (real durations). */
export function recordLongSession(code: ArticleCode): Session {
  const config: ReduceTask = {
    task: 'reduce',
    code: {
      language: 'js',
      candidate: { source: code.candidate },
      reference: { source: code.reference },
    },
    generator: { seed: LONG_CONFIG.seed, length: LONG_CONFIG.length, min: -9, max: 9 },
    maxAttempts: 100_000,
    reducer: 'chunks',
    chase: { kind: 'wrong-answer' },
    cache: true,
    budgets: { callMs: 1000 },
  };
  const header = createHeader(config, {
    id: 'bench-long-session',
    created: '2026-01-01T00:00:00.000Z',
    tool: 'deltalab bench',
  });
  const events: SessionEvent[] = [];
  const judge = sandboxJudge(code);
  stepThroughSync(runSession(config, { onEvent: (event) => events.push(event) }), judge);
  return { header, events };
}

/** The oracle calls a session holds: generator attempts and calls outside the search. */
export function callsOf(session: Session): number {
  return session.events.filter((e) => e.type === 'attempt' || e.type === 'call').length;
}

/** Measures encode, decode and replay of the long session in Node. */
export async function measureSessions(session: Session, runs = 5): Promise<SessionReport> {
  const calls = callsOf(session);
  const raw = writeSession(session, 'raw');
  const packed = writeSession(session, 'packed');
  const through = (times: number[], bytes: number): Throughput => {
    const ms = samples(times, 1);
    return {
      ms,
      callsPerSecond: Math.round((calls / ms.median) * 1000),
      mbPerSecond: roundTo(bytes / 1e6 / (ms.median / 1000), 3),
    };
  };
  const decoded = readSession(packed);
  return {
    calls,
    events: session.events.length,
    sizes: {
      raw: Buffer.byteLength(raw),
      packed: Buffer.byteLength(packed),
      compressed: deflateRawSync(packed).length,
      rawCompressed: deflateRawSync(raw).length,
    },
    encodeRaw: through(
      timeRunsSync(runs, () => writeSession(session, 'raw')),
      raw.length,
    ),
    encodePacked: through(
      timeRunsSync(runs, () => writeSession(session, 'packed')),
      packed.length,
    ),
    decodeRaw: through(
      timeRunsSync(runs, () => readSession(raw)),
      raw.length,
    ),
    decodePacked: through(
      timeRunsSync(runs, () => readSession(packed)),
      packed.length,
    ),
    replay: through(await timeRuns(runs, () => replaySession(decoded)), packed.length),
    readAndReplay: through(
      await timeRuns(runs, () => replaySession(readSession(packed))),
      packed.length,
    ),
  };
}
