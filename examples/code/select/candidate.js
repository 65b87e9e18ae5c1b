// Prints the form controls of a page, one line each. A list box (<SELECT>) prints as many rows
// as it shows on screen, which its screen frame knows; when printing there is no screen frame.
export function candidate(html) {
  const frames = new Map(); // filled only while the page is drawn on screen, never when printing
  const lines = [];
  for (const match of html.matchAll(/<([A-Za-z]+)([^<>]*)>/g)) {
    const tag = match[1].toUpperCase();
    if (tag === 'SELECT') {
      const frame = frames.get(match.index);
      lines.push(`list box, ${frame.rows} row${frame.rows === 1 ? '' : 's'}`);
    } else lines.push(tag.toLowerCase());
  }
  return lines.join('\n');
}
