import type { CodeRef, CommandSpec, Language, ResolvedCode } from '../../core/code/refs.js';
import { ARTICLE_GENERATOR } from '../../core/generate/generator.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import { DEFAULT_KIND, type InputKind, type Json, type Split } from '../../core/input/kinds.js';
import type { IsolationMode } from '../../core/isolate/types.js';
import type { Chase } from '../../core/oracle/chase.js';
import { ROLES, type Role } from '../../core/oracle/verdict.js';
import type { ReducerName } from '../../core/reduce/types.js';
import { configProblems, DEFAULT_MAX_ATTEMPTS } from '../../core/session/config.js';
import type { HistoryVersion } from '../../core/session/isolation-config.js';
import { pinProblems } from '../../core/session/pin.js';
import { scenarioConfig } from '../../core/session/scenario.js';
import {
  type SessionConfig,
  type StoredConfig,
  storedConfig,
  taskConfig,
} from '../../core/session/task.js';
import type { Locale } from '../../core/text/local-text.js';
import { type Problem, problemText } from '../../core/text/problems.js';
import { generatorFields } from './call-generator.js';
import { changesWorkspace, withChanges } from './changes.js';
import { VIEWS } from './kinds/registry.js';
import { codeText, type Lesson, textsLike } from './lessons.js';
import type { OwnText } from './own-text.js';
import { inputAsText, pastedInput } from './pasted.js';
import { type ProgramLanguage, programLanguageOf, withProgram } from './program-language.js';

/** The characters random text is drawn from unless the user says otherwise. */
export const DEFAULT_ALPHABET = 'ab<>/ ';

/** How inputs are judged: candidate against reference, or a single outcome predicate. */
export type JudgeMode = 'pair' | 'outcome';

/** Everything the user edits: code and settings. Autosaved, shared in links. */
export interface Workspace {
  lesson: string;
  language: Language;
  mode: JudgeMode;
  candidate: string;
  reference: string;
  outcome: string;
  source: 'generate' | 'paste';
  seed: string;
  length: number;
  min: number;
  max: number;
  maxAttempts: number;
  /** What the functions receive: integer arrays (the article's), text, JSON arrays or trees. */
  kind: InputKind;
  /** How text is cut into units (strings only). */
  split: Split;
  /** The characters random strings are drawn from (strings only). */
  alphabet: string;
  /** The failing input, as its paste box holds it: the text itself for a string, else JSON. */
  failing: string;
  reducer: ReducerName;
  chase: Chase['kind'];
  signature: string;
  callMs: number;
  /** Re-run each failure this many more times; disagreeing runs are reported as flaky. */
  repeats: number;
  /** The content-keyed outcome cache. */
  cache: boolean;
  /** Budgets: stop after this many trials or milliseconds (null: no limit). */
  maxTrials: number | null;
  maxMs: number | null;
  /** Stop the search after this many milliseconds (null: no limit but the attempts). */
  searchMs: number | null;
  /** With a generator: each input's length is drawn from `length` to this (null: fixed). */
  maxLength: number | null;
  /**
   * Isolate instead of reduce (null: reduce): `+-` the failure-inducing difference between the
   * passing input and the failing one, `-` the smallest failing input, `+` the largest passing.
   */
  isolate: IsolationMode | null;
  /** The passing input an isolation starts from, as `failing` is written (empty: none). */
  passing: string;
  /**
   * Yesterday's candidate, when the run isolates the change of code that makes today's fail
   * (null otherwise): see `model/changes.ts`. The failing input is then the call both are judged on.
   */
  changes: string | null;
  /** A history of versions of the candidate, bisected before the change is isolated. */
  versions?: HistoryVersion[];
  /**
   * The external command a session from `deltalab reduce --oracle-cmd` was judged by (absent
   * otherwise): the playground replays such a session and does not run commands.
   */
  command?: CommandSpec;
  /** One's own workspace (not a lesson's): its title and notes, written by the user. */
  own?: OwnText;
  /** The input is a program in this language (text shown in an editor of the language). */
  program?: ProgramLanguage;
}

/**
 * A fresh workspace with a lesson's code and settings, the code's comments in `locale` (the same
 * code, and the same key, in every locale).
 */
export function workspaceOf(lesson: Lesson, locale: Locale = 'en'): Workspace {
  const made = workspaceOfConfig(scenarioConfig(lesson.name, lesson.scenario), (ref) =>
    codeText(ref, locale),
  );
  if (!made.ok) throw new Error(`lesson ${lesson.name}: ${made.reason}`);
  const { corrected } = lesson.scenario;
  // Yesterday's candidate of a change lesson is its corrected file: in the locale's comments too.
  const yesterday =
    made.workspace.changes !== null && corrected ? codeText(corrected, locale) : undefined;
  return yesterday === undefined ? made.workspace : { ...made.workspace, changes: yesterday };
}

/**
 * The workspace a recorded session was made with (an imported file). Fails when the session
 * refers to code files this version of the lessons does not have, or pins a file to content
 * other than this version's (it was recorded with another version of the lesson's code); a pin
 * of the file's twin in another language (the same code) holds too.
 */
export function workspaceOfConfig(
  config: SessionConfig,
  codeText: (ref: CodeRef) => string | undefined,
): { ok: true; workspace: Workspace } | { ok: false; reason: string } {
  const sources: Partial<Record<Role, string>> = {};
  for (const role of ROLES) {
    const ref = config.code[role];
    if (!ref) continue;
    const text = codeText(ref);
    if (text === undefined) return { ok: false, reason: `the ${role} code file is not known here` };
    sources[role] = text;
  }
  const stale = pinProblems(config.code, (file) => {
    const text = codeText({ file });
    return text === undefined ? undefined : textsLike(text);
  });
  if (stale.length > 0) {
    return {
      ok: false,
      reason: `${stale.join('; ')}: it was made with another version of the lesson's code`,
    };
  }
  const generator = config.generator ?? ARTICLE_GENERATOR;
  // The menus hold every task's fields: a reducer when isolating too (the one files store).
  const stored = storedConfig(config);
  return {
    ok: true,
    workspace: {
      lesson: config.example ?? '',
      language: config.code.language,
      mode: sources.outcome !== undefined ? 'outcome' : 'pair',
      candidate: sources.candidate ?? '',
      reference: sources.reference ?? '',
      outcome: sources.outcome ?? '',
      source: config.input !== undefined ? 'paste' : 'generate',
      seed: String(generator.seed),
      length: generator.length,
      min: generator.min ?? ARTICLE_GENERATOR.min ?? -9,
      max: generator.max ?? ARTICLE_GENERATOR.max ?? 9,
      maxAttempts: config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      kind: config.kind ?? 'int-array',
      split: config.split ?? 'chars',
      alphabet: generator.alphabet ?? DEFAULT_ALPHABET,
      failing:
        config.input === undefined ? '' : inputAsText(config.input, config.kind ?? 'int-array'),
      reducer: stored.reducer,
      chase: config.chase.kind,
      signature: config.chase.kind === 'crash' ? (config.chase.signature ?? '') : '',
      callMs: config.budgets.callMs,
      repeats: config.repeats ?? 0,
      cache: config.cache,
      maxTrials: config.budgets.maxTrials ?? null,
      maxMs: config.budgets.maxMs ?? null,
      searchMs: config.budgets.searchMs ?? null,
      maxLength: config.generator?.maxLength ?? null,
      isolate: stored.isolate?.mode ?? null,
      passing: stored.isolate ? inputAsText(stored.isolate.pass, config.kind ?? 'int-array') : '',
      changes: null,
      ...(config.code.command ? { command: config.code.command } : {}),
      ...(config.about ? { own: config.about } : {}),
      ...(programLanguageOf(config) ? { program: programLanguageOf(config) } : {}),
      ...changesWorkspace(config),
    },
  };
}

/**
 * Why the workspace cannot run as it is (empty when it can): a bad paste, a bad setting, said
 * in `locale`.
 */
export function workspaceProblems(workspace: Workspace, locale: Locale = 'en'): string[] {
  const problems: Problem[] = [];
  if (workspace.command) {
    const { run } = workspace.command;
    const command = run.length > 80 ? `${run.slice(0, 79)}…` : run;
    problems.push({ code: 'run.command', values: { command } });
  }
  if (workspace.source === 'paste') {
    const failing = pastedInput(workspace.failing, workspace.kind);
    if (!failing.ok) problems.push(failing.problem);
  }
  if (workspace.isolate !== null && workspace.passing.trim() !== '') {
    const passing = pastedInput(workspace.passing, workspace.kind);
    if (!passing.ok) problems.push(passing.problem);
  }
  if (!/^-?\d+$/.test(workspace.seed.trim())) problems.push({ code: 'generator.seed-text' });
  if (workspace.changes !== null && workspace.source !== 'paste')
    problems.push({ code: 'changes.call' });
  problems.push(...configProblems(configOf(workspace)));
  return problems.map((problem) => problemText(problem, locale));
}

/** The code of a workspace, resolved for the workers. */
export function codeOf(workspace: Workspace): ResolvedCode {
  return workspace.mode === 'outcome'
    ? { language: workspace.language, outcome: workspace.outcome }
    : {
        language: workspace.language,
        candidate: workspace.candidate,
        reference: workspace.reference,
      };
}

/** The session config a run of this workspace records (code inlined: a session stands alone). */
export function configOf(workspace: Workspace): SessionConfig {
  const { language } = workspace;
  const chase: Chase =
    workspace.chase === 'crash'
      ? { kind: 'crash', ...(workspace.signature ? { signature: workspace.signature } : {}) }
      : { kind: workspace.chase };
  const config: StoredConfig = {
    ...(workspace.lesson ? { example: workspace.lesson } : {}),
    code: workspace.command
      ? { language, command: workspace.command }
      : workspace.mode === 'outcome'
        ? { language, outcome: { source: workspace.outcome } }
        : {
            language,
            candidate: { source: workspace.candidate },
            reference: { source: workspace.reference },
          },
    reducer: workspace.reducer,
    chase,
    cache: workspace.cache,
    budgets: {
      callMs: workspace.callMs,
      ...(workspace.maxTrials !== null ? { maxTrials: workspace.maxTrials } : {}),
      ...(workspace.maxMs !== null ? { maxMs: workspace.maxMs } : {}),
      ...(workspace.searchMs !== null && workspace.source === 'generate'
        ? { searchMs: workspace.searchMs }
        : {}),
    },
    ...(workspace.repeats > 0 ? { repeats: workspace.repeats } : {}),
    ...(workspace.isolate !== null
      ? { isolate: { mode: workspace.isolate, pass: passingInput(workspace) } }
      : {}),
    ...(workspace.own ? { about: workspace.own } : {}),
  };
  const shaped: StoredConfig =
    workspace.kind === DEFAULT_KIND
      ? config
      : withProgram(workspace.program, {
          ...config,
          kind: workspace.kind,
          ...(KINDS[workspace.kind].splits ? { split: workspace.split } : {}),
        });
  const failing =
    workspace.source === 'paste' ? pastedInput(workspace.failing, workspace.kind) : null;
  if (failing?.ok) return taskConfig(withChanges(workspace, { ...shaped, input: failing.input }));
  const seed = /^-?\d+$/.test(workspace.seed.trim()) ? workspace.seed.trim() : '0';
  return taskConfig({
    ...shaped,
    generator: {
      seed: Number.isSafeInteger(Number(seed)) ? Number(seed) : seed,
      length: workspace.length,
      ...(workspace.maxLength !== null ? { maxLength: workspace.maxLength } : {}),
      ...VIEWS[workspace.kind].generator(generatorFields(workspace)),
    },
    maxAttempts: workspace.maxAttempts,
  });
}

/** The passing input an isolation of the workspace starts from: the one given, else empty. */
function passingInput(workspace: Workspace): Json {
  const passing =
    workspace.passing.trim() === '' ? null : pastedInput(workspace.passing, workspace.kind);
  if (passing?.ok) return passing.input;
  const failing = pastedInput(workspace.failing, workspace.kind);
  return KINDS[workspace.kind].empty(failing.ok ? failing.input : null);
}
