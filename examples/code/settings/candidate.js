// Reads a settings file: JSON that may end a list or an object with a comma. The commas are
// taken out before parsing, but only before a closing brace: one before ] is still there.
// What does not parse is reported in the reader's own words.
export function candidate(text) {
  try {
    return JSON.parse(text.replace(/,(\s*)\}/g, '$1}'));
  } catch {
    throw new SyntaxError('the settings file is not valid JSON');
  }
}
