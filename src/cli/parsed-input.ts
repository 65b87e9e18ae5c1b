import { nodeGrammarFiles } from '../../workers/process/grammar-files.js';
import type { SessionConfig } from '../core/session/config.js';
import { type ProgramRun, withProgramTree } from '../live/syntax/parse-program.js';
import { GrammarError } from '../live/syntax/parser.js';
import { UsageError } from './usage-error.js';

/**
 * A config whose input is a program cut by its syntax, with the program's tree (what the syntax
 * reducer cuts), its grammar loaded from the npm packages, and what refuses the trials that do
 * not parse, as the reducer worker makes them; a grammar that cannot be loaded is a usage error.
 */
export async function withInputTree<C extends SessionConfig>(config: C): Promise<ProgramRun<C>> {
  try {
    return await withProgramTree(config, nodeGrammarFiles());
  } catch (error) {
    if (error instanceof GrammarError) throw new UsageError(error.message);
    throw error;
  }
}
