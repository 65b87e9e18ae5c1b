import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  codeText,
  examplesDir,
  loadScenario,
  resolveCode,
  scenarioNames,
} from '../../src/cli/examples.js';
import { TOOL } from '../../src/cli/version.js';
import { twinOf, withoutComments } from '../../src/core/code/twins.js';
import type { Json } from '../../src/core/input/kinds.js';
import type { Oracle } from '../../src/core/oracle/oracle.js';
import { replaySession } from '../../src/core/replay/replay.js';
import { deriveReplayScript, type ReplayEntry } from '../../src/core/replay/script.js';
import type { TranscriptMessage } from '../../src/core/run/transcript.js';
import type { Session } from '../../src/core/session/events.js';
import { jsonLine } from '../../src/core/session/format/json-line.js';
import { readSession } from '../../src/core/session/format/reader.js';
import { writeSession } from '../../src/core/session/format/writer.js';
import { normaliseSession, withoutDurations } from '../../src/core/session/normalise.js';
import { pinCode, pinProblems, unpinCode } from '../../src/core/session/pin.js';
import { type Scenario, scenarioConfig } from '../../src/core/session/scenario.js';
import { storedConfig } from '../../src/core/session/task.js';
import { refusing } from '../../src/live/refusing-oracle.js';
import { runLive } from '../../src/live/run-live.js';
import { sessionOracle } from '../../src/live/session-oracle.js';
import { withProgramTree } from '../../src/live/syntax/parse-program.js';
import { transpile } from '../../src/live/transpile.js';
import { nodePlatform } from '../../workers/process/platform.js';
import { createReducerApi } from '../../workers/reducer/api.js';

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

const read = (name: string, file: string, root = ROOT) =>
  readFileSync(join(root, name, file), 'utf8');

/** The current text of a companion file under `root`, or undefined when there is none. */
const fileText = (file: string, root: string) =>
  existsSync(join(root, file)) ? codeText({ file }, root) : undefined;

/** The config a scenario records: its `input.json`, with every companion file pinned. */
export function recordedConfig(name: string, scenario: Scenario, root = ROOT) {
  const config = scenarioConfig(name, scenario);
  return { ...config, code: pinCode(config.code, (file) => codeText({ file }, root)) };
}

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
    transpile,
    clock: () => 0,
    stamp: () => ({ id: 'replay', created: 'replay', tool: TOOL }),
  });
  const messages: TranscriptMessage[] = [];
  const script = scriptOf(name, session);
  const reply = await api.replay(
    text,
    { messages: (batch) => void messages.push(...batch) },
    script,
  );
  // The session the replay re-persists: the reducer worker keeps it to itself.
  const { events } = await replaySession(session, { script });
  return { reply, messages, spawned, session, replayed: { header: session.header, events } };
}

/**
 * Records a scenario live with real sandbox workers and rewrites its fixtures. A scenario with
 * `cancelAtCall` is cancelled while that call runs; its override records the hung call.
 */
export async function recordScenario(name: string): Promise<void> {
  const scenario: Scenario = loadScenario(name, ROOT);
  const platform = nodePlatform(TOOL);
  // A program is parsed with its language's grammar first, as the page does before a run.
  const { config, refuse } = await withProgramTree(
    recordedConfig(name, scenario),
    platform.grammars,
  );
  const oracle = sessionOracle(config, resolveCode(config.code, ROOT), platform);
  const messages: TranscriptMessage[] = [];
  let calls = 0;
  let cancelled = false;
  let hung: Json | undefined;
  let returned = false;
  const around = (inner: Oracle): Oracle => ({
    judge: (input) => {
      calls++;
      if (calls !== scenario.cancelAtCall) return inner.judge(input);
      hung = structuredClone(input);
      // Cancel while the call hangs, as a user pressing Cancel would.
      setTimeout(() => {
        cancelled = true;
        oracle.dispose();
      }, config.budgets.callMs / 4);
      const verdict = inner.judge(input);
      const settled = () => {
        if (!cancelled) returned = true;
      };
      void verdict.then(settled, settled);
      return verdict;
    },
    judgeBatch: async (inputs) => {
      const verdicts = [];
      for (const input of inputs) verdicts.push(await around(inner).judge(input));
      return verdicts;
    },
  });
  try {
    const outcome = await runLive(config, refuse ? refusing(oracle, refuse) : oracle, platform, {
      onMessage: (message) => void messages.push(message),
      cancelled: () => cancelled,
      around,
    });
    if (!outcome.ok)
      throw new Error(`${name}: the code does not load: ${outcome.errors[0]?.message}`);
    if (scenario.overridden) {
      if (hung === undefined)
        throw new Error(`${name}: the run never reached call ${scenario.cancelAtCall}`);
      // An override that says a quick call hung would replay a cancel the recording never saw.
      if (returned) {
        throw new Error(
          `${name}: call ${scenario.cancelAtCall} returned before the cancel; set cancelAtCall to a call that hangs`,
        );
      }
    }
    const raw = writeSession(outcome.session, 'raw');
    // The packed fixture is derived mechanically from the raw recording.
    const packed = writeSession(readSession(raw));
    const dir = join(ROOT, name);
    writeFileSync(join(dir, FILES.session), packed);
    writeFileSync(join(dir, FILES.transcript), transcriptText(messages));
    if (scenario.rawRecording) writeFileSync(join(dir, FILES.raw), raw);
    if (scenario.overridden && hung !== undefined) {
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

/**
 * What the fixture guard found wrong with an examples folder (empty when all is well): missing,
 * orphaned, mismatched, stale (pinned code since edited) and non-canonical files, and companion
 * content stored twice.
 */
export function guardProblems(root = ROOT): string[] {
  const problems: string[] = [];
  const names = scenarioNames(root);
  const referenced = new Set<string>();
  const inline: { at: string; source: string }[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.name === 'code') continue;
    if (!entry.isDirectory() || !names.includes(entry.name)) {
      problems.push(`orphan: examples/${entry.name} is not a scenario folder`);
    }
  }
  for (const name of names) {
    const scenario = loadScenario(name, root);
    const refs = [
      ...(['candidate', 'reference', 'outcome'] as const).map((role) => ({
        role,
        ref: scenario.code[role],
      })),
      { role: 'corrected', ref: scenario.corrected },
    ];
    for (const { role, ref } of refs) {
      if (!ref) continue;
      if ('file' in ref) referenced.add(ref.file);
      else
        inline.push({
          at: `examples/${name}/${FILES.input} inlines the ${role} source`,
          source: ref.source,
        });
    }
    problems.push(...scenarioProblems(root, name, scenario));
  }
  const contents = new Map<string, string>();
  for (const file of listFiles(join(root, 'code'))) {
    const path = relative(root, file);
    // A twin (the file with its comments in another language) is used wherever its file is.
    const twin = twinOf(path);
    if (!referenced.has(twin?.file ?? path)) {
      problems.push(`orphan: examples/${path} is used by no scenario`);
    }
    const text = readFileSync(file, 'utf8');
    if (twin && existsSync(join(root, twin.file))) {
      const language = path.endsWith('.py') ? 'py' : 'js';
      const original = readFileSync(join(root, twin.file), 'utf8');
      if (withoutComments(text, language) !== withoutComments(original, language)) {
        problems.push(`examples/${path} differs from examples/${twin.file} in more than comments`);
      }
    }
    const same = contents.get(text);
    if (same)
      problems.push(`duplicate companion content: examples/${path} repeats examples/${same}`);
    else contents.set(text, path);
  }
  for (const { at, source } of inline) {
    const twin = contents.get(source);
    if (twin) problems.push(`duplicate companion content: ${at} of examples/${twin}`);
  }
  return problems;
}

function scenarioProblems(root: string, name: string, scenario: Scenario): string[] {
  const problems: string[] = [];
  const at = `examples/${name}`;
  const allowed = new Set<string>([FILES.input, FILES.session, FILES.transcript]);
  if (scenario.overridden) allowed.add(FILES.override);
  if (scenario.rawRecording) allowed.add(FILES.raw);
  for (const file of readdirSync(join(root, name))) {
    if (file === FILES.override && !scenario.overridden) {
      problems.push(`${at}: ${FILES.override} in a scenario not marked overridden`);
    } else if (!allowed.has(file)) problems.push(`orphan: ${at}/${file}`);
  }
  for (const file of allowed) {
    if (!existsSync(join(root, name, file))) problems.push(`${at}: missing ${file}`);
  }
  if (!existsSync(join(root, name, FILES.session))) return problems;
  const text = read(name, FILES.session, root);
  let session: Session;
  try {
    session = readSession(text);
  } catch (error) {
    return [...problems, `${at}/${FILES.session}: ${(error as Error).message}`];
  }
  if (writeSession(session) !== text)
    problems.push(`${at}/${FILES.session} is not in canonical packed form`);
  const recorded = session.header.config;
  const rerecord = `re-record it: npm run test:snapshot:record ${name}`;
  const named = [scenario.code.candidate, scenario.code.reference, scenario.code.outcome];
  const missing = [...named, scenario.corrected].flatMap((ref) =>
    ref && 'file' in ref && fileText(ref.file, root) === undefined ? [ref.file] : [],
  );
  for (const file of missing)
    problems.push(`${at}: ${FILES.input} names a missing examples/${file}`);
  // A missing file is reported once, above: re-recording would not bring it back.
  if (missing.length === 0) {
    for (const problem of pinProblems(recorded.code, (file) => fileText(file, root))) {
      problems.push(`${at}/${FILES.session}: ${problem}; ${rerecord}`);
    }
  }
  for (const role of ['candidate', 'reference', 'outcome'] as const) {
    const ref = recorded.code[role];
    if (ref && 'file' in ref && ref.pin === undefined) {
      problems.push(`${at}/${FILES.session}: ${ref.file} is not pinned; ${rerecord}`);
    }
  }
  // Pins say when the code was recorded; what it runs must still be what input.json says.
  const expected = storedConfig(scenarioConfig(name, scenario));
  const unpinned = (config: typeof expected) => ({ ...config, code: unpinCode(config.code) });
  // A program's tree is what its grammar gave when the run began (input.json names the grammar).
  const stored = storedConfig(recorded);
  const { syntax: _tree, ...parsed } = stored;
  const made = expected.language !== undefined && expected.syntax === undefined ? parsed : stored;
  if (jsonLine(unpinned(made)) !== jsonLine(unpinned(expected))) {
    problems.push(`${at}/${FILES.session}: the header config does not match ${FILES.input}`);
  }
  if (scenario.overridden && existsSync(join(root, name, FILES.override))) {
    const override = read(name, FILES.override, root);
    if (jsonLine(JSON.parse(override)) === jsonLine(deriveReplayScript(session))) {
      problems.push(`${at}: ${FILES.override} says nothing the log does not (remove it)`);
    }
  }
  return problems;
}

/** Every file under `dir`, sorted, so that the guard reports in a stable order. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
    );
}
