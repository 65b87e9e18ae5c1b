import { type Chase, isChased } from './chase.js';
import type { Input, Oracle } from './oracle.js';
import type { Verdict } from './verdict.js';

/**
 * Wraps an oracle so that every verdict reproducing the chased failure is judged `repeats` more
 * times. When the re-runs disagree, the first verdict comes back marked `flaky` with every
 * outcome seen, and a flaky verdict is never chased: a failure that does not reproduce reliably
 * must not steer a reduction.
 */
export function withRepeats(oracle: Oracle, repeats: number, chase: Chase): Oracle {
  if (repeats <= 0) return oracle;
  const confirm = async (input: Input, verdict: Verdict): Promise<Verdict> => {
    if (!isChased(verdict, chase)) return verdict;
    const outcomes = [verdict.outcome];
    let agree = true;
    for (let k = 0; k < repeats; k++) {
      const again = await oracle.judge(input);
      outcomes.push(again.outcome);
      if (!isChased(again, chase)) agree = false;
    }
    return agree ? verdict : { ...verdict, flaky: outcomes };
  };
  return {
    judge: async (input, ahead) =>
      confirm(input, await (ahead ? oracle.judge(input, ahead) : oracle.judge(input))),
    judgeBatch: async (inputs) => {
      const verdicts = await oracle.judgeBatch(inputs);
      const confirmed: Verdict[] = [];
      for (let i = 0; i < inputs.length; i++) {
        confirmed.push(await confirm(inputs[i] as Input, verdicts[i] as Verdict));
      }
      return confirmed;
    },
  };
}
