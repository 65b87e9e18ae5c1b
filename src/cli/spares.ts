import { extname } from 'node:path';
import { SPARE_RUNTIME } from '../../workers/process/sandbox-process.js';
import { judgingRoles } from '../core/code/refs.js';
import {
  DEFAULT_LANGUAGE,
  isCodeLanguage,
  type Language,
  languageOfExtension,
  runtimeOf,
} from '../core/code/runtimes/registry.js';
import { loadScenario } from './examples.js';

/**
 * How many spare sandboxes (JavaScript's: see `SPARE_RUNTIME`) a command line will ask for,
 * guessed from its words alone, before the command's modules load, so that they can start while
 * those load: `reduce`,
 * `isolate` and `verify` judge with a candidate and a reference (an `outcome` predicate with
 * one); `--jobs N` wants N times that (N up to 4) of `reduce` and `isolate` (`verify` checks a
 * lesson's corrected candidate in the candidate's sandbox, after the buggy one). An external
 * command (`--oracle-cmd`, `--git`), code of another runtime (Python), a help text or anything
 * unclear asks for none here (a sandbox a run needs and finds no spare for starts when asked, as always).
 */
export function sparesWanted(command: string | undefined, args: readonly string[]): number {
  if (command !== 'reduce' && command !== 'isolate' && command !== 'verify') return 0;
  const external = (arg: string) => arg.startsWith('--oracle-cmd') || arg.startsWith('--git');
  if (args.some((arg) => arg === '--help' || arg === '-h' || external(arg))) return 0;
  const module = optionValue(args, 'module');
  if (module !== undefined) return spare(languageOfExtension(extname(module))) ? 2 : 0;
  let code: { language?: string; outcome?: unknown };
  try {
    ({ code } = loadScenario(optionValue(args, 'example') ?? 'article'));
  } catch {
    return 0; // an unknown lesson: the command says so
  }
  if (!spare(isCodeLanguage(code.language) ? code.language : DEFAULT_LANGUAGE)) return 0;
  const roles = judgingRoles(code).length;
  if (command === 'verify') return roles;
  const jobs = Number(optionValue(args, 'jobs') ?? 1);
  return Number.isInteger(jobs) && jobs >= 1 && jobs <= 4 ? roles * jobs : roles;
}

/** The value of `--name VALUE` or `--name=VALUE`, the last one given. */
function optionValue(args: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  args.forEach((arg, i) => {
    if (arg === `--${name}`) value = args[i + 1];
    else if (arg.startsWith(`--${name}=`)) value = arg.slice(name.length + 3);
  });
  return value;
}

/** Whether code in `language` runs in the spares' runtime. */
function spare(language: Language): boolean {
  return runtimeOf(language) === SPARE_RUNTIME;
}
