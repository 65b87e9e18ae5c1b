import { nodeGrammarFiles } from '../../workers/process/grammar-files.js';
import type { Language } from '../live/syntax/languages.js';
import { type ParsedProgram, parseProgram } from '../live/syntax/parse-program.js';
import { GrammarError } from '../live/syntax/parser.js';
import { UsageError } from './usage-error.js';

/**
 * The tree of `input` in `language` (what the syntax reducer cuts), its grammar loaded from the
 * npm packages, and what refuses the trials that do not parse; a grammar that cannot be loaded
 * is a usage error.
 */
export async function parsedInput(language: Language, input: string): Promise<ParsedProgram> {
  try {
    return await parseProgram(language, input, nodeGrammarFiles());
  } catch (error) {
    if (error instanceof GrammarError) throw new UsageError(error.message);
    throw error;
  }
}
