// Whether the needle occurs in the haystack, in one pass over the haystack. After a mismatch it
// starts matching again from the needle's first character at most: it forgets that the
// characters it just matched may already be the start of the needle ("nana" inside "nanana").
export function candidate(needle, haystack) {
  let matched = 0;
  for (const c of haystack) {
    if (matched === needle.length) return true;
    if (c === needle[matched]) matched++;
    else matched = c === needle[0] ? 1 : 0;
  }
  return matched === needle.length;
}
