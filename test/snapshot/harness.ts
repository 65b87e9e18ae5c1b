import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { examplesDir, loadScenario, resolveCode, scenarioNames } from '../../src/cli/examples.js';
import { TOOL } from '../../src/cli/version.js';
import type { Oracle } from '../../src/core/oracle/oracle.js';
import { deriveReplayScript, type ReplayEntry } from '../../src/core/replay/script.js';
import type { Session } from '../../src/core/session/events.js';
import { jsonLine } from '../../src/core/session/json-line.js';
import { normaliseSession, withoutDurations } from '../../src/core/session/normalise.js';
import { readSession } from '../../src/core/session/reader.js';
import { type Scenario, scenarioConfig } from '../../src/core/session/scenario.js';
import type { TranscriptMessage } from '../../src/core/session/transcript.js';
import { writeSession } from '../../src/core/session/writer.js';
import { nodePlatform } from '../../workers/node/platform.js';
import { createReducerApi } from '../../workers/reducer/api.js';
import { createLiveOracle, runLive } from '../../workers/reducer/session-runner.js';

/** The snapshot scenarios live in the lessons folder. */
export const ROOT = examplesDir();

/** The files of a scenario folder. */
export const FILES = {
  input: 'input.json',
  session: 'session.jsonl',
  transcript: 'transcript.expected.jsonl',
  override: 'replay.override.json',
  raw: 'session.raw.jsonl',
} as const;

export { scenarioNames };

/** A transcript as committed: one normalised message per line. */
export function transcriptText(messages: readonly TranscriptMessage[]): string {
  return messages.map((message) => `${jsonLine(withoutDurations(message))}\n`).join('');
}

/** A session as compared: normalised, in canonical packed form. */
export function comparableSession(session: Session): string {
  return writeSession(normaliseSession(session));
}

const read = (name: string, file: string) => readFileSync(join(ROOT, name, file), 'utf8');

/** The replay script of a scenario: its override when it has one, else derived from the log. */
export function scriptOf(name: string, session: Session): ReplayEntry[] {
  const scenario = loadScenario(name, ROOT);
  return scenario.overridden
    ? (JSON.parse(read(name, FILES.override)) as ReplayEntry[])
    : deriveReplayScript(session);
}

/**
 * Replays a scenario the way the UI does, through the reducer worker's API, on a platform that
 * refuses to start any worker: a replay that tried to run code would fail here.
 */
export async function replayScenario(name: string) {
  const text = read(name, FILES.session);
  const session = readSession(text);
  const spawned: string[] = [];
  const api = createReducerApi({
    spawn: (role) => {
      spawned.push(role);
      throw new Error(`replay tried to start a ${role} worker`);
    },
    clock: () => 0,
    stamp: () => ({ id: 'replay', created: 'replay', tool: TOOL }),
  });
  const messages: TranscriptMessage[] = [];
  const reply = await api.replay(
    text,
    { message: (m) => void messages.push(m) },
    scriptOf(name, session),
  );
  return { reply, messages, spawned, session };
}

/**
 * Records a scenario live with real sandbox workers and rewrites its fixtures. A scenario with
 * `cancelAtCall` is cancelled while that call runs; its override records the hung call.
 */
export async function recordScenario(name: string): Promise<void> {
  const scenario: Scenario = loadScenario(name, ROOT);
  const config = scenarioConfig(name, scenario);
  const platform = nodePlatform(TOOL);
  const oracle = createLiveOracle(platform, resolveCode(config.code, ROOT), config.budgets.callMs);
  const messages: TranscriptMessage[] = [];
  let calls = 0;
  let cancelled = false;
  let hung: number[] | null = null;
  const around = (inner: Oracle): Oracle => ({
    judge: (input) => {
      calls++;
      if (calls === scenario.cancelAtCall) {
        hung = input.slice();
        // Cancel while the call hangs, as a user pressing Cancel would.
        setTimeout(() => {
          cancelled = true;
          oracle.dispose();
        }, config.budgets.callMs / 4);
      }
      return inner.judge(input);
    },
    judgeBatch: async (inputs) => {
      const verdicts = [];
      for (const input of inputs) verdicts.push(await around(inner).judge(input));
      return verdicts;
    },
  });
  try {
    const outcome = await runLive(config, oracle, platform, {
      onMessage: (message) => void messages.push(message),
      cancelled: () => cancelled,
      around,
    });
    if (!outcome.ok)
      throw new Error(`${name}: the code does not load: ${outcome.errors[0]?.message}`);
    const raw = writeSession(outcome.session, 'raw');
    // The packed fixture is derived mechanically from the raw recording.
    const packed = writeSession(readSession(raw));
    const dir = join(ROOT, name);
    writeFileSync(join(dir, FILES.session), packed);
    writeFileSync(join(dir, FILES.transcript), transcriptText(messages));
    if (scenario.rawRecording) writeFileSync(join(dir, FILES.raw), raw);
    if (scenario.overridden) {
      if (!hung) throw new Error(`${name}: the run never reached call ${scenario.cancelAtCall}`);
      const script = [
        ...deriveReplayScript(readSession(packed)),
        { kind: 'hang', input: hung, cancel: true },
      ];
      writeFileSync(join(dir, FILES.override), `${JSON.stringify(script, null, 2)}\n`);
    }
  } finally {
    oracle.dispose();
  }
}

/** What the fixture guard found wrong with the examples folder (empty when all is well). */
export function guardProblems(): string[] {
  const problems: string[] = [];
  const names = scenarioNames(ROOT);
  const referenced = new Set<string>();
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    if (entry.name === 'code') continue;
    if (!entry.isDirectory() || !names.includes(entry.name)) {
      problems.push(`orphan: examples/${entry.name} is not a scenario folder`);
    }
  }
  for (const name of names) {
    const scenario = loadScenario(name, ROOT);
    for (const role of ['candidate', 'reference', 'outcome'] as const) {
      const ref = scenario.code[role];
      if (ref && 'file' in ref) referenced.add(ref.file);
    }
    if (scenario.corrected && 'file' in scenario.corrected) referenced.add(scenario.corrected.file);
    problems.push(...scenarioProblems(name, scenario));
  }
  const contents = new Map<string, string>();
  for (const file of listFiles(join(ROOT, 'code'))) {
    const path = relative(ROOT, file);
    if (!referenced.has(path)) problems.push(`orphan: examples/${path} is used by no scenario`);
    const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
    const twin = contents.get(digest);
    if (twin)
      problems.push(`duplicate companion content: examples/${path} repeats examples/${twin}`);
    else contents.set(digest, path);
  }
  return problems;
}

function scenarioProblems(name: string, scenario: Scenario): string[] {
  const problems: string[] = [];
  const at = `examples/${name}`;
  const allowed = new Set<string>([FILES.input, FILES.session, FILES.transcript]);
  if (scenario.overridden) allowed.add(FILES.override);
  if (scenario.rawRecording) allowed.add(FILES.raw);
  for (const file of readdirSync(join(ROOT, name))) {
    if (file === FILES.override && !scenario.overridden) {
      problems.push(`${at}: ${FILES.override} in a scenario not marked overridden`);
    } else if (!allowed.has(file)) problems.push(`orphan: ${at}/${file}`);
  }
  for (const file of allowed) {
    if (!existsSync(join(ROOT, name, file))) problems.push(`${at}: missing ${file}`);
  }
  if (!existsSync(join(ROOT, name, FILES.session))) return problems;
  const text = read(name, FILES.session);
  let session: Session;
  try {
    session = readSession(text);
  } catch (error) {
    return [...problems, `${at}/${FILES.session}: ${(error as Error).message}`];
  }
  if (writeSession(session) !== text)
    problems.push(`${at}/${FILES.session} is not in canonical packed form`);
  if (jsonLine(session.header.config) !== jsonLine(scenarioConfig(name, scenario))) {
    problems.push(`${at}/${FILES.session}: the header config does not match ${FILES.input}`);
  }
  if (scenario.overridden && existsSync(join(ROOT, name, FILES.override))) {
    const override = read(name, FILES.override);
    if (jsonLine(JSON.parse(override)) === jsonLine(deriveReplayScript(session))) {
      problems.push(`${at}: ${FILES.override} says nothing the log does not (remove it)`);
    }
  }
  return problems;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
