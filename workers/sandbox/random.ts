import { FNV_OFFSET, fnv1a } from '../../src/core/hash/fnv1a.js';
import type { Json } from '../../src/core/input/kinds.js';

/**
 * User code's `Math.random`: a stream seeded from the input of the call running now, so the same
 * input always sees the same random numbers and a replay stays meaningful.
 */

/** The input of the call running now (or of the last call), and its stream once asked for. */
let currentInput: Json = [];
let current: (() => number) | null = null;

/**
 * User code's `Math.random`: the current call's stream, seeded from its input on first use (at
 * load time, the stream of the empty input). Code that keeps a reference to it is seeded too.
 */
export const seeded = (): number => {
  current ??= seededRandom(hashInput(currentInput));
  return current();
};

/** Starts the stream of `input` (a call's input; the empty input while code loads). */
export function seedFor(input: Json): void {
  currentInput = input;
  current = null;
}

/**
 * A 32-bit FNV-1a hash of an input: for an array of numbers, its length and values (both halves
 * of large integers); for a string, its length and UTF-16 code units; for anything else, its
 * JSON text as a string.
 */
export function hashInput(input: Json): number {
  if (typeof input !== 'string' && !isNumbers(input)) return hashInput(JSON.stringify(input));
  let hash = fnv1a(FNV_OFFSET, input.length);
  if (typeof input === 'string') {
    for (let i = 0; i < input.length; i++) hash = fnv1a(hash, input.charCodeAt(i));
    return hash >>> 0;
  }
  for (const value of input) {
    hash = fnv1a(fnv1a(hash, value | 0), Math.floor(value / 0x100000000) | 0);
  }
  return hash >>> 0;
}

function isNumbers(input: Json): input is number[] {
  return Array.isArray(input) && input.every((x) => typeof x === 'number');
}

/** mulberry32: a small, fast 32-bit generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
}
