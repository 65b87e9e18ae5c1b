import type { CodeRef, Language, ResolvedCode } from '../../core/code/refs.js';
import { ARTICLE_GENERATOR } from '../../core/generate/generator.js';
import type { Chase } from '../../core/oracle/chase.js';
import { ROLES, type Role } from '../../core/oracle/verdict.js';
import type { ReducerName } from '../../core/reduce/types.js';
import type { SessionConfig } from '../../core/session/config.js';
import { configProblems, DEFAULT_MAX_ATTEMPTS } from '../../core/session/config.js';
import { pinProblems } from '../../core/session/pin.js';
import { scenarioConfig } from '../../core/session/scenario.js';
import type { Locale } from '../../core/text/local-text.js';
import { type Problem, problemText } from '../../core/text/problems.js';
import { codeText, type Lesson } from './lessons.js';

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
  pasted: string;
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
}

/** A fresh workspace with a lesson's code and settings. */
export function workspaceOf(lesson: Lesson): Workspace {
  const made = workspaceOfConfig(scenarioConfig(lesson.name, lesson.scenario), codeText);
  if (!made.ok) throw new Error(`lesson ${lesson.name}: ${made.reason}`);
  return made.workspace;
}

/**
 * The workspace a recorded session was made with (an imported file). Fails when the session
 * refers to code files this version of the lessons does not have, or pins a file to content
 * other than this version's (it was recorded with another version of the lesson's code).
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
  const stale = pinProblems(config.code, (file) => codeText({ file }));
  if (stale.length > 0) {
    return {
      ok: false,
      reason: `${stale.join('; ')}: it was made with another version of the lesson's code`,
    };
  }
  const generator = config.generator ?? ARTICLE_GENERATOR;
  return {
    ok: true,
    workspace: {
      lesson: config.example ?? '',
      language: config.code.language,
      mode: sources.outcome !== undefined ? 'outcome' : 'pair',
      candidate: sources.candidate ?? '',
      reference: sources.reference ?? '',
      outcome: sources.outcome ?? '',
      source: config.input ? 'paste' : 'generate',
      seed: String(generator.seed),
      length: generator.length,
      min: generator.min,
      max: generator.max,
      maxAttempts: config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      pasted: config.input ? JSON.stringify(config.input) : '',
      reducer: config.reducer,
      chase: config.chase.kind,
      signature: config.chase.kind === 'crash' ? (config.chase.signature ?? '') : '',
      callMs: config.budgets.callMs,
      repeats: config.repeats ?? 0,
      cache: config.cache,
      maxTrials: config.budgets.maxTrials ?? null,
      maxMs: config.budgets.maxMs ?? null,
      searchMs: config.budgets.searchMs ?? null,
      maxLength: config.generator?.maxLength ?? null,
    },
  };
}

/**
 * Why the workspace cannot run as it is (empty when it can): a bad paste, a bad setting, said
 * in `locale`.
 */
export function workspaceProblems(workspace: Workspace, locale: Locale = 'en'): string[] {
  const problems: Problem[] = [];
  if (workspace.source === 'paste' && pastedInput(workspace.pasted) === null) {
    problems.push({ code: 'input.not-json' });
  }
  if (!/^-?\d+$/.test(workspace.seed.trim())) problems.push({ code: 'generator.seed-text' });
  problems.push(...configProblems(configOf(workspace)));
  return problems.map((problem) => problemText(problem, locale));
}

/** The pasted input, or null when it is not a JSON array of integers. */
export function pastedInput(text: string): number[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((x) => Number.isSafeInteger(x))
      ? (value as number[])
      : null;
  } catch {
    return null;
  }
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
  const config: SessionConfig = {
    ...(workspace.lesson ? { example: workspace.lesson } : {}),
    code:
      workspace.mode === 'outcome'
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
  };
  const pasted = workspace.source === 'paste' ? pastedInput(workspace.pasted) : null;
  if (pasted) return { ...config, input: pasted };
  const seed = /^-?\d+$/.test(workspace.seed.trim()) ? workspace.seed.trim() : '0';
  return {
    ...config,
    generator: {
      seed: Number.isSafeInteger(Number(seed)) ? Number(seed) : seed,
      length: workspace.length,
      ...(workspace.maxLength !== null ? { maxLength: workspace.maxLength } : {}),
      min: workspace.min,
      max: workspace.max,
    },
    maxAttempts: workspace.maxAttempts,
  };
}

/**
 * What a run of the workspace depends on (its session config and its code), as a key: two
 * workspaces with the same key run the same session.
 */
export function workspaceKey(workspace: Workspace): string {
  return JSON.stringify([configOf(workspace), codeOf(workspace)]);
}
