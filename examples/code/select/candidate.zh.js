// 打印页面上的表单控件，每个一行。列表框（<SELECT>）打印的行数等于它在屏幕上显示的行数，
// 这由它的屏幕框架知道；打印时没有屏幕框架。
export function candidate(html) {
  const frames = new Map(); // 只在页面画到屏幕上时才填入，打印时从不填入
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
