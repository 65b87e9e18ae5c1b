import type { Json } from '../input/kinds.js';

/** The key of -0 (a Map's keys take -0 for 0). */
const MINUS_ZERO = Symbol('-0');

/**
 * Both sequences' items as small numbers, equal exactly when the items are equal as `sameValue`
 * has it (arrays element by element, objects member by member in any order, `-0` apart from
 * `0`): a diff then compares numbers, not values.
 */
export function interned(a: readonly Json[], b: readonly Json[]): { a: number[]; b: number[] } {
  // Strings, numbers, booleans and null are keys as they are (but -0, which a Map takes for 0);
  // arrays and objects are keys of their own map, by a text that spells their content.
  const plain = new Map<unknown, number>();
  const composite = new Map<string, number>();
  let next = 0;
  const idOf = (item: Json): number => {
    const composed = item !== null && typeof item === 'object';
    const map: Map<unknown, number> = composed ? composite : plain;
    const key = composed ? canonical(item) : Object.is(item, -0) ? MINUS_ZERO : item;
    let id = map.get(key);
    if (id === undefined) {
      id = next++;
      map.set(key, id);
    }
    return id;
  };
  return { a: a.map(idOf), b: b.map(idOf) };
}

/** A JSON value as text, members sorted by name, numbers as `String` writes them (`-0` kept). */
function canonical(value: Json): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] as Json)}`).join(',')}}`;
}
