// Strips HTML markup, keeping the text: what is inside <…> goes, and a > inside quotes in a tag
// does not end the tag. Quotes count only inside a tag.
export function reference(s) {
  let tag = false;
  let quote = false;
  let out = '';
  for (const c of s) {
    if (c === '<' && !quote) tag = true;
    else if (c === '>' && !quote) tag = false;
    else if ((c === '"' || c === "'") && tag) quote = !quote;
    else if (!tag) out += c;
  }
  return out;
}
