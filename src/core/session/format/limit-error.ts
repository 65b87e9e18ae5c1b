import { type Problem, problemText } from '../../text/problems.js';

/** A session past one of the readers' limits: the problem names the limit and the size. */
export class LimitError extends Error {
  constructor(readonly problem: Problem) {
    super(problemText(problem));
    this.name = 'LimitError';
  }
}
