import type { SyntaxTree } from '../../core/input/syntax.js';
import type { Refusal } from '../../core/oracle/refusal.js';
import { problemText } from '../../core/text/problems.js';
import type { SyntaxParser } from './parser.js';

/**
 * What refuses a program's trials that do not parse, given the program's own `tree`: none when
 * the program itself does not parse (the failure may then be the syntax error itself, and every
 * trial runs).
 */
export function unparsedRefusal(parser: SyntaxParser, tree: SyntaxTree): Refusal | undefined {
  if (tree.errors) return undefined;
  return (input) => {
    if (typeof input !== 'string') return undefined;
    // A trial can nest deeper than its program did (a cut that takes end tags).
    const deep = parser.tooDeep(input);
    if (deep) return problemText(deep);
    return parser.parses(input) ? undefined : `does not parse as ${parser.language}`;
  };
}
