// 打印页面上的表单控件，每个一行。列表框（<SELECT>）打印的行数由它的 SIZE 决定
// （默认为一行）。
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
