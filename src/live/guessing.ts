import { type Json, type Shape, shapeOf } from '../core/input/kinds.js';
import type { SyntaxTree } from '../core/input/syntax.js';
import { type IsolationLookahead, isolationLookahead } from '../core/isolate/lookahead.js';
import type { Chase } from '../core/oracle/chase.js';
import type { Judged, ReducerName } from '../core/reduce/types.js';
import type { SessionConfig } from '../core/session/config.js';

/** What guessing needs to know of the reduction to name its next trials. */
export interface Guessing {
  /** A reduction's reducer, which names its next trials unless `predictor` does. */
  reducer?: ReducerName;
  shape: Shape;
  chase: Chase;
  /** The start's syntax tree, for the `syntax` reducer. */
  syntax?: SyntaxTree;
  /**
   * Makes what names the next trials instead of the reducer, once per reduction (an isolation's
   * `dd`, which moves on either outcome: see `isolationLookahead`); the plan is then made again
   * after every verdict.
   */
  predictor?: () => Predict;
}

/**
 * What guessing needs for a session's run: its reducer's next trials, or, when it isolates, its
 * `dd`'s (both outcomes of each trial whose verdict is not known, breadth first).
 */
export function guessingFor(config: SessionConfig): Guessing {
  const shape = shapeOf(config);
  if (config.task === 'reduce') {
    return {
      reducer: config.reducer,
      shape,
      chase: config.chase,
      ...(config.syntax ? { syntax: config.syntax } : {}),
    };
  }
  const { isolate } = config;
  return {
    shape,
    chase: config.chase,
    predictor: () => {
      // One lookahead per start: it keeps the trials it has worked out between calls.
      let lookahead: { start: Json; predict: IsolationLookahead } | undefined;
      return (start, known, skip, count) => {
        if (lookahead?.start !== start) {
          lookahead = { start, predict: isolationLookahead(isolate, start, shape) };
        }
        return lookahead.predict(known, skip, count);
      };
    },
  };
}

/**
 * The next trials from `start` on, as `predictTrials` names them (the same arguments; `known`
 * and `skip` also get the input's `valueKey`, and `known` does not forget a verdict).
 */
export type Predict = (
  start: Json,
  known: (input: Json, key: string) => Judged | undefined,
  skip: (input: Json, key: string) => boolean,
  count: number,
) => Json[];
