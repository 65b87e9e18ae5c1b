import {
  ARGUMENT_TYPES,
  alphabetProblems,
  DEFAULT_ARGUMENTS,
  MAX_ARGUMENTS,
} from '../../generate/config.js';
import { LIMITS } from '../../limits.js';
import type { Problem } from '../../text/problems.js';
import { callOf, callUnits } from '../args.js';
import { holdsNegativeZero, isJson } from '../json-value.js';
import { elementsText } from './sequence.js';
import type { InputKindSpec } from './spec.js';

/**
 * A call with several arguments (the input is the array of them): its units are each
 * argument's units behind a marker (see `input/args.ts`), text arguments cut by the split.
 * Generated argument by argument, each as its type says (`arguments`, two strings by default).
 */
export const ARGS_KIND: InputKindSpec = {
  name: 'args',
  anInput: 'a args input',
  splits: true,
  text: false,
  tree: false,
  call: true,
  toUnits: (value, split) => callUnits(value, split ?? 'chars'),
  fromUnits: callOf,
  size: (value, split) => callUnits(value, split ?? 'chars').length,
  unitNoun: () => 'element',
  showUnits: elementsText,
  // dd's passing side: each text or array argument emptied, the others (numbers, objects) kept.
  empty: (failing) =>
    Array.isArray(failing)
      ? failing.map((argument) =>
          typeof argument === 'string' ? '' : Array.isArray(argument) ? [] : argument,
        )
      : [],
  problem(input) {
    if (!Array.isArray(input) || input.length === 0 || !isJson(input, LIMITS.depth)) {
      return { code: 'input.not-args' };
    }
    if (JSON.stringify(input).length > LIMITS.length * 8) return { code: 'input.not-args' };
    return holdsNegativeZero(input) ? { code: 'input.negative-zero' } : null;
  },
  isUnitValue: (value) => isJson(value, LIMITS.depth),
  generator: {
    fields: ['min', 'max', 'alphabet', 'arguments'],
    drawsIntegers: (config) =>
      Array.isArray(config.arguments) && config.arguments.some((type) => type !== 'string'),
    problems(config) {
      const called = config.arguments ?? DEFAULT_ARGUMENTS;
      const problems: Problem[] = [];
      if (
        !Array.isArray(called) ||
        called.length === 0 ||
        called.length > MAX_ARGUMENTS ||
        !called.every((type) => ARGUMENT_TYPES.includes(type))
      ) {
        problems.push({ code: 'generator.args', values: { max: MAX_ARGUMENTS } });
      }
      if (Array.isArray(called) && called.includes('string')) {
        problems.push(...alphabetProblems(config));
      }
      return problems;
    },
    draw(drawing) {
      const { config } = drawing;
      return (config.arguments ?? DEFAULT_ARGUMENTS).map((type) => {
        if (type === 'int') return drawing.randint(config.min ?? 0, config.max ?? 0);
        const n = drawing.length();
        return type === 'string' ? drawing.text(n) : drawing.integers(n);
      });
    },
  },
};
