// Reads a settings file: JSON that may end a list or an object with a comma. A comma followed
// (after white space) by ] or } is taken out, except inside strings. What does not parse is
// reported in the reader's own words.
export function reference(text) {
  const closing = /\s*[\]}]/y;
  const closes = (at) => {
    closing.lastIndex = at;
    return closing.test(text);
  };
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === ',' && closes(i + 1)) {
      // a trailing comma: left out
    } else out += c;
  }
  try {
    return JSON.parse(out);
  } catch {
    throw new SyntaxError('the settings file is not valid JSON');
  }
}
