import { ARTICLE_GENERATOR } from '../../core/generate/generator.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import { copyInput, DEFAULT_KIND } from '../../core/input/kinds.js';
import type { Chase } from '../../core/oracle/chase.js';
import type { Refusal } from '../../core/oracle/refusal.js';
import {
  defaultReducer,
  isReducerName,
  REDUCER_NAMES,
  REDUCERS,
  readsSyntax,
} from '../../core/reduce/reducers.js';
import { DEFAULT_MAX_ATTEMPTS, type ReduceTask } from '../../core/session/config.js';
import { isLanguage, LANGUAGES, languageOfFile } from '../../live/syntax/languages.js';
import { integer, type Options, seed } from '../args.js';
import type { ChosenCode } from '../code-options.js';
import { chooseInput, INPUT_HELP, INPUT_OPTIONS } from '../input-options.js';
import { withInputTree } from '../parsed-input.js';
import { UsageError } from '../usage-error.js';

/** Options that shape a session, shared by `reduce` and `verify`. */
export const SESSION_OPTIONS = {
  ...INPUT_OPTIONS,
  seed: { type: 'string' },
  alphabet: { type: 'string' },
  length: { type: 'string' },
  'max-length': { type: 'string' },
  min: { type: 'string' },
  max: { type: 'string' },
  'max-attempts': { type: 'string' },
  reducer: { type: 'string' },
  chase: { type: 'string' },
  timeout: { type: 'string' },
  'max-trials': { type: 'string' },
  'max-ms': { type: 'string' },
  'search-ms': { type: 'string' },
  'no-cache': { type: 'boolean' },
  repeats: { type: 'string' },
} as const satisfies Options;

/** Help lines for {@link SESSION_OPTIONS}. */
export const SESSION_HELP = `${INPUT_HELP}
  --seed S --length N --max-length N --min A --max B --max-attempts N
                   the generator (defaults: the lesson's)
  --alphabet CHARS generate strings of these characters (--kind string)
  --reducer NAME   ${REDUCER_NAMES.join(' | ')} (default: the lesson's; with --oracle-cmd,
                   or a kind the lesson's cannot reduce, bisect for flat inputs, hdd for trees)
  --chase KIND     wrong-answer | crash | crash:SIGNATURE | timeout
  --timeout MS     per-call time budget (default: the lesson's, usually 1000)
  --max-trials N   stop after N trials (the result is then not verified 1-minimal)
  --max-ms N       stop after N milliseconds of reduction
  --search-ms N    stop searching for a failing input after N milliseconds
  --no-cache       judge repeated trials again instead of using the outcome cache
  --repeats K      re-run every failure K more times and report disagreement as flaky`;

/** Builds the session config from the chosen code and the options. */
export function sessionConfig(chosen: ChosenCode, values: Record<string, unknown>): ReduceTask {
  const base = chosen.scenario.config;
  const config: ReduceTask = {
    task: 'reduce',
    ...(chosen.name !== 'module' ? { example: chosen.name } : {}),
    code: chosen.code,
    reducer: base.reducer,
    chase: base.chase,
    cache: values['no-cache'] ? false : base.cache,
    budgets: { ...base.budgets },
  };
  if (typeof values.reducer === 'string') {
    if (!isReducerName(values.reducer)) {
      throw new UsageError(
        `unknown reducer "${values.reducer}"; known: ${REDUCER_NAMES.join(', ')}`,
      );
    }
    config.reducer = values.reducer;
  }
  if (typeof values.chase === 'string') config.chase = parseChase(values.chase);
  const timeout = integer(values.timeout, 'timeout');
  if (timeout !== undefined) {
    if (timeout <= 0) throw new UsageError('--timeout must be positive');
    config.budgets.callMs = timeout;
  }
  const maxTrials = integer(values['max-trials'], 'max-trials');
  if (maxTrials !== undefined) config.budgets.maxTrials = maxTrials;
  const searchMs = integer(values['search-ms'], 'search-ms');
  if (searchMs !== undefined) config.budgets.searchMs = searchMs;
  const maxMs = integer(values['max-ms'], 'max-ms');
  if (maxMs !== undefined) config.budgets.maxMs = maxMs;
  const repeats = integer(values.repeats, 'repeats');
  if (repeats !== undefined) config.repeats = repeats;

  const generatorFlags = ['seed', 'length', 'max-length', 'min', 'max', 'max-attempts', 'alphabet'];
  const generating = generatorFlags.some((flag) => values[flag] !== undefined);
  const fallback = values.alphabet !== undefined ? 'string' : (base.kind ?? 'int-array');
  const given = chooseInput(values, fallback);
  if (given.kind !== DEFAULT_KIND) config.kind = given.kind;
  // The lesson's reducer, unless it does not reduce this kind (then the kind's default).
  if (typeof values.reducer !== 'string' && !REDUCERS[config.reducer].kinds.includes(given.kind)) {
    config.reducer = defaultReducer(given.kind);
  }
  const split = given.split ?? (given.kind === (base.kind ?? 'int-array') ? base.split : undefined);
  if (split && KINDS[given.kind].text) config.split = split;
  // A program cut by its syntax goes to the syntax reducer (by generic moves: no grammar here),
  // --split picking that one stage, unless the lesson's reducer reads its syntax too.
  if (split === 'syntax' && typeof values.reducer !== 'string' && !readsSyntax(config.reducer)) {
    config.reducer = 'syntax';
  }
  if (given.input !== undefined) {
    if (generating) {
      throw new UsageError('--input skips generation: do not combine it with generator options');
    }
    config.input = given.input;
    return config;
  }
  if (base.input !== undefined && !generating && given.kind === (base.kind ?? 'int-array')) {
    config.input = copyInput(base.input);
    return config;
  }
  const drawn = KINDS[given.kind].generator?.fields;
  if (!drawn) {
    throw new UsageError(`${given.kind} inputs are not generated: give --input or --input-file`);
  }
  const generator = base.generator ?? ARTICLE_GENERATOR;
  const maxLength = integer(values['max-length'], 'max-length', generator.maxLength);
  const alphabet = values.alphabet ?? generator.alphabet;
  if (values.alphabet === '') throw new UsageError('--alphabet must not be empty');
  if (KINDS[given.kind].text && alphabet === undefined) {
    throw new UsageError('strings are generated from an alphabet: give --alphabet CHARS');
  }
  const min = integer(values.min, 'min', generator.min ?? ARTICLE_GENERATOR.min);
  const max = integer(values.max, 'max', generator.max ?? ARTICLE_GENERATOR.max);
  config.generator = {
    seed: seed(values.seed, generator.seed) as number | string,
    length: integer(values.length, 'length', generator.length) as number,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(drawn.includes('min') ? { min: min as number, max: max as number } : {}),
    ...(drawn.includes('alphabet') && typeof alphabet === 'string' ? { alphabet } : {}),
    ...(drawn.includes('elements') && generator.elements ? { elements: generator.elements } : {}),
    ...(drawn.includes('maxStringLength') && generator.maxStringLength !== undefined
      ? { maxStringLength: generator.maxStringLength }
      : {}),
  };
  config.maxAttempts = integer(
    values['max-attempts'],
    'max-attempts',
    base.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  );
  return config;
}

/** Parses `--chase`. */
export function parseChase(text: string): Chase {
  if (text === 'wrong-answer' || text === 'timeout') return { kind: text };
  if (text === 'crash') return { kind: 'crash' };
  if (text.startsWith('crash:')) return { kind: 'crash', signature: text.slice('crash:'.length) };
  throw new UsageError(
    `unknown --chase "${text}"; use wrong-answer, crash, crash:SIGNATURE or timeout`,
  );
}

/**
 * A program given to code (`--module`, `--example`) and cut by its syntax: its language (from
 * `--language L`, the config's own (a lesson's), or the `--input-file`'s name) and its tree from that language's grammar; with
 * no language, the syntax reducer's generic moves. With the tree, what refuses the trials that
 * do not parse.
 */
export async function withGrammar(
  config: ReduceTask,
  values: Record<string, unknown>,
): Promise<{ config: ReduceTask; refuse?: Refusal }> {
  const syntax = config.split === 'syntax';
  if (values.language !== undefined && !syntax) {
    throw new UsageError('--language goes with --split syntax');
  }
  if (values.language !== undefined && !isLanguage(values.language)) {
    throw new UsageError(
      `unknown --language "${String(values.language)}"; known: ${LANGUAGES.join(', ')}`,
    );
  }
  if (!syntax || typeof config.input !== 'string') return { config };
  const file = values['input-file'];
  const named = values.language ?? config.language;
  if (named !== undefined && !isLanguage(named)) {
    throw new UsageError(`unknown language "${String(named)}"; known: ${LANGUAGES.join(', ')}`);
  }
  const language = named ?? (typeof file === 'string' ? languageOfFile(file) : undefined);
  if (!language) return { config };
  return withInputTree({ ...config, language });
}
