// Prints the form controls of a page, one line each. A list box (<SELECT>) prints as many rows
// as its SIZE says (one by default).
export function reference(html) {
  const lines = [];
  for (const match of html.matchAll(/<([A-Za-z]+)([^<>]*)>/g)) {
    const tag = match[1].toUpperCase();
    if (tag === 'SELECT') {
      const size = /\bSIZE\s*=\s*"?(\d+)/i.exec(match[2]);
      const rows = size ? Number(size[1]) : 1;
      lines.push(`list box, ${rows} row${rows === 1 ? '' : 's'}`);
    } else lines.push(tag.toLowerCase());
  }
  return lines.join('\n');
}
