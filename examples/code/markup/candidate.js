// Strips HTML markup, keeping the text: what is inside <…> goes, and a > inside quotes in a tag
// does not end the tag. The quote test is missing its parentheses: `||` binds looser than `&&`,
// so a double quote toggles quoting even outside a tag, and is dropped from the text.
export function candidate(s) {
  let tag = false;
  let quote = false;
  let out = '';
  for (const c of s) {
    if (c === '<' && !quote) tag = true;
    else if (c === '>' && !quote) tag = false;
    else if (c === '"' || (c === "'" && tag)) quote = !quote;
    else if (!tag) out += c;
  }
  return out;
}
