import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

/** Option definitions in `node:util` form. */
export type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses command arguments strictly; unknown options and missing values are usage errors.
 * A value that starts with a minus sign (`--min -9`, `--values -2..2`) is taken as the value.
 */
export function parse<T extends Options>(args: string[], options: T, positionals = false) {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    if (options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  try {
    return parseArgs({
      args: joined,
      options,
      strict: true as const,
      allowPositionals: positionals,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
}

/** An integer option, or `fallback` when absent. */
export function integer(value: unknown, name: string, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const text = String(value);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--${name} must be an integer, got "${text}"`);
  }
  return Number(text);
}

/** A seed: any integer, kept as a string beyond 2^53. */
export function seed(value: unknown, fallback?: number | string): number | string | undefined {
  if (value === undefined) return fallback;
  const text = String(value);
  if (!/^-?\d+$/.test(text)) throw new UsageError(`--seed must be an integer, got "${text}"`);
  return Number.isSafeInteger(Number(text)) ? Number(text) : text;
}
