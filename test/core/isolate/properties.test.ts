import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isolateSync } from '../../../src/core/isolate/sync.js';
import type {
  Configuration,
  IsolationMode,
  Resolution,
  Sides,
} from '../../../src/core/isolate/types.js';
import { judgeBy } from '../../support/isolate.js';

type Predicate = (config: Configuration) => Resolution;

/** Set operations written apart from the ones under test. */
const has = (a: Configuration, b: Configuration) => b.every((x) => a.includes(x));
const plus = (a: Configuration, x: number) => [...a, x].sort((p, q) => p - q);
const minus = (a: Configuration, x: number) => a.filter((y) => y !== x);
const key = (a: Configuration) => a.join(',');

/** A 32-bit FNV-1a hash of a configuration under a seed. */
function hash(config: Configuration, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (const x of [...config, config.length]) h = Math.imul(h ^ (x + 1), 0x01000193) >>> 0;
  return h;
}

/** A start: random `c_fail ⊆ 0..n-1` (n ≤ 40), random `c_pass ⊆ c_fail`, a non-empty difference. */
const starts = fc.integer({ min: 1, max: 40 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    inFail: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    inPass: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    seed: fc.integer({ min: 0, max: 0x7fffffff }),
    causes: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
);

type Drawn = typeof starts extends fc.Arbitrary<infer T> ? T : never;

const sidesOf = ({ n, inFail, inPass }: Drawn): Sides => {
  const fail = [...Array(n).keys()].filter((i) => inFail[i]);
  return { pass: fail.filter((i) => inPass[i]), fail };
};

/** The start sides keep their outcomes (the caller confirmed them) whatever the rest does. */
const anchored =
  (start: Sides, rest: Predicate): Predicate =>
  (config) =>
    key(config) === key(start.fail)
      ? 'FAIL'
      : key(config) === key(start.pass)
        ? 'PASS'
        : rest(config);

/**
 * Monotone with unresolved trials mixed in: fails iff it holds every unit of some cause (each
 * cause holds a unit of the difference, so the passing side passes); one configuration in five is
 * unresolved.
 */
function monotone(drawn: Drawn, start: Sides): Predicate {
  const delta = start.fail.filter((x) => !start.pass.includes(x));
  const causes = drawn.causes.map(([first, ...rest]) => [
    delta[(first as number) % delta.length] as number,
    ...rest.map((r) => start.fail[r % start.fail.length] as number),
  ]);
  return anchored(start, (config) => {
    if (hash(config, drawn.seed) % 5 === 0) return 'UNRESOLVED';
    return causes.some((cause) => has(config, cause)) ? 'FAIL' : 'PASS';
  });
}

/** Non-monotone: every configuration gets a hashed PASS, FAIL or UNRESOLVED. */
function scattered(drawn: Drawn, start: Sides): Predicate {
  const results: Resolution[] = ['PASS', 'FAIL', 'UNRESOLVED'];
  return anchored(start, (config) => results[hash(config, drawn.seed) % 3] as Resolution);
}

const MODES: IsolationMode[] = ['+-', '-', '+'];
const FAMILIES = { monotone, 'non-monotone': scattered };

describe.each(MODES)('dd in mode %s', (mode) => {
  const minimises = mode !== '+';
  const maximises = mode !== '-';

  it.each(Object.keys(FAMILIES) as (keyof typeof FAMILIES)[])(
    'ends 1-minimal, inside the start, on %s predicates',
    (family) => {
      fc.assert(
        fc.property(starts, (drawn) => {
          const start = sidesOf(drawn);
          fc.pre(start.fail.length > start.pass.length);
          const predicate = FAMILIES[family](drawn, start);
          const run = isolateSync(start, mode, judgeBy(predicate));
          const { pass, fail } = run.result;

          expect(has(fail, pass)).toBe(true);
          expect(has(pass, start.pass) && has(start.fail, fail)).toBe(true);
          if (maximises) expect(predicate(pass)).toBe('PASS');
          else expect(pass).toEqual(start.pass);
          if (minimises) expect(predicate(fail)).toBe('FAIL');
          else expect(fail).toEqual(start.fail);
          for (const unit of fail.filter((x) => !pass.includes(x))) {
            if (maximises) expect(predicate(plus(pass, unit))).not.toBe('PASS');
            if (minimises) expect(predicate(minus(fail, unit))).not.toBe('FAIL');
          }
          expect(run.verification).toMatchObject({
            oneMinimal: true,
            verified: true,
            problems: [],
          });

          // Every trial lies between the sides of its time, is its block added to the passing
          // side or taken from the failing one, and the sides move only by the trial just judged:
          // to it, when it passed (the passing side) or failed (the failing side).
          let previous: { config: Configuration; result: Resolution } | undefined;
          let before: Sides = start;
          for (const trial of [...run.trials, { ...run.result, config: run.result.pass }]) {
            expect(has(trial.config, trial.pass) && has(trial.fail, trial.config)).toBe(true);
            const passMoved = key(trial.pass) !== key(before.pass);
            const failMoved = key(trial.fail) !== key(before.fail);
            if (passMoved || failMoved) {
              expect(passMoved && failMoved).toBe(false);
              expect(previous?.result).toBe(passMoved ? 'PASS' : 'FAIL');
              expect(passMoved ? trial.pass : trial.fail).toEqual(previous?.config);
            }
            before = trial;
            if (!('move' in trial)) break;
            expect(trial.ifFail !== undefined).toBe(minimises);
            expect(trial.ifPass !== undefined).toBe(maximises);
            const { blockUnits } = trial;
            const made = trial.move.endsWith('subset')
              ? [...trial.pass, ...blockUnits].sort((p, q) => p - q)
              : trial.fail.filter((x) => !blockUnits.includes(x));
            expect(trial.config).toEqual(made);
            expect(blockUnits.length > 0 && !has(trial.pass, blockUnits.slice(0, 1))).toBe(true);
            previous = { config: trial.config, result: predicate(trial.config) };
          }
        }),
        { numRuns: 200 },
      );
    },
  );
});
