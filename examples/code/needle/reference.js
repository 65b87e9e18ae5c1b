// Whether the needle occurs in the haystack: the language's own substring search.
export function reference(needle, haystack) {
  return haystack.includes(needle);
}
