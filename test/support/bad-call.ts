import type { ReduceTask } from '../../src/core/session/config.js';

/**
 * A small JavaScript program whose failure needs two far-apart parts (a helper defined at the
 * top, called near the bottom), and an `outcome(source)` that judges it: the program several
 * tests reduce by its syntax, in the core, the reducer worker, the command line and the page.
 */

/** FAIL while the program still defines `bad` and calls it; PASS otherwise. */
export const BAD_CALL_OUTCOME = `export function outcome(s) {
  return /function bad\\b/.test(s) && /\\bbad\\(\\w/.test(s.slice(s.indexOf('}'))) ? 'FAIL' : 'PASS';
}
`;

/** The program: `bad` at the top, its call at the bottom, other statements between. */
export const BAD_CALL_PROGRAM = `function bad(x) {
  return x + 1;
}
const a = [1, 2, 3].map((y) => y * 2);
if (a.length > 2) {
  console.log(a);
}
bad(a);
`;

/** A live run of the program by its JavaScript grammar, judged by the outcome, `callMs` per call. */
export function badCallConfig(callMs: number): ReduceTask {
  return {
    task: 'reduce',
    code: { language: 'js', outcome: { source: BAD_CALL_OUTCOME } },
    kind: 'string',
    split: 'syntax',
    reducer: 'syntax',
    language: 'javascript',
    input: BAD_CALL_PROGRAM,
    chase: { kind: 'wrong-answer' },
    cache: true,
    budgets: { callMs },
  };
}
