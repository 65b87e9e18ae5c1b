/**
 * 32-bit FNV-1a, one unit at a time. Session pins, the outcome cache's keys and the sandbox's
 * per-input random seeds are built from it; recorded fixtures depend on its exact values, so it
 * must never change.
 */

/** The FNV-1a offset basis: the hash of nothing. */
export const FNV_OFFSET = 0x811c9dc5;

/** The hash after mixing one 32-bit unit into `hash` (xor, then multiply by the FNV prime). */
export function fnv1a(hash: number, unit: number): number {
  return Math.imul(hash ^ unit, 0x01000193);
}
