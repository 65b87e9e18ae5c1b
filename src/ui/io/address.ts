/**
 * The page's own settings kept in the address's query (a teacher's bookmark): `?lesson=name`
 * opens a lesson, `?present` presenter mode, `?predict` "predict first". The hash (a permalink)
 * is left as it is.
 */

/** The query parameters the page reads and keeps. */
export type AddressParam = 'lesson' | 'present' | 'predict';

/** The value of a parameter in the address: its text, '' when present without one, or null. */
export function addressParam(name: AddressParam): string | null {
  return new URLSearchParams(location.search).get(name);
}

/**
 * Writes a parameter into the address without a new history entry: `true` as a bare flag
 * (`?present`), a string as its value, `false` or null removes it.
 */
export function setAddressParam(name: AddressParam, value: string | boolean | null): void {
  const params = new URLSearchParams(location.search);
  if (value === false || value === null) params.delete(name);
  else params.set(name, value === true ? '' : value);
  // A bare flag reads `?present`, not `?present=`.
  const query = params.toString().replace(/=(?=&|$)/g, '');
  const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) {
    history.replaceState(history.state, '', url);
  }
}
