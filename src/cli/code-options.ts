import { extname, resolve } from 'node:path';
import type { Language, SessionCode } from '../core/code/refs.js';
import { languageOfExtension, runtimeHome } from '../core/code/runtimes/registry.js';
import type { Scenario } from '../core/session/scenario.js';
import type { Options } from './args.js';
import { inlineCode, loadScenario } from './examples.js';
import { readInput } from './input-options.js';
import { UsageError } from './usage-error.js';

/** The options that choose the code: a lesson or a user module. */
export const CODE_OPTIONS = {
  example: { type: 'string' },
  module: { type: 'string' },
} as const satisfies Options;

/** Help lines for {@link CODE_OPTIONS}. */
export const CODE_HELP = `  --example NAME   a lesson from examples/ (default: article)
  --module FILE    a module defining candidate(a) and reference(a), or outcome(a) returning
                   'PASS' | 'FAIL' | 'INVALID'; optionally valid(a): an ES module in
                   JavaScript or TypeScript (.ts, .mts, .cts), or Python (.py)`;

/** The chosen lesson (the article's by default) and the code to run, inlined. */
export interface ChosenCode {
  name: string;
  scenario: Scenario;
  code: SessionCode;
}

/** Reads `--example` / `--module`. A module replaces the lesson's code and keeps its settings. */
export function chooseCode(values: { example?: unknown; module?: unknown }): ChosenCode {
  if (values.example !== undefined && values.module !== undefined) {
    throw new UsageError('give --example or --module, not both');
  }
  const name = typeof values.example === 'string' ? values.example : 'article';
  const scenario = loadScenario(name);
  if (typeof values.module !== 'string') return { name, scenario, code: inlineCode(scenario.code) };
  const file = resolve(values.module);
  const source = readInput(file, '--module', values.module).toString('utf8');
  const language = languageOfExtension(extname(file));
  const roles = moduleRoles(source, language);
  if (roles === 'outcome')
    return { name: 'module', scenario, code: { language, outcome: { source } } };
  if (roles === 'pair') {
    const code: SessionCode = { language, candidate: { source }, reference: { source } };
    return { name: 'module', scenario, code };
  }
  const found = roles.length > 0 ? ` (it defines ${roles.join(', ')})` : '';
  throw new UsageError(
    `--module ${values.module} defines neither outcome(a) nor both candidate(a) and reference(a)${found}`,
  );
}

/**
 * How a module is judged: by its `outcome` predicate, or its `candidate` against its
 * `reference`; else the functions it does define. One module holds every role, so each role's
 * function must be there by name.
 */
function moduleRoles(source: string, language: Language): 'outcome' | 'pair' | string[] {
  const names = runtimeHome(language).functionNames(source);
  if (names.includes('outcome')) return 'outcome';
  if (names.includes('candidate') && names.includes('reference')) return 'pair';
  return [...new Set(names)];
}
