// 读取设置文件：JSON，允许列表或对象以逗号结尾。后面（隔着空白）紧跟 ] 或 } 的逗号
// 会被去掉，字符串里的除外。解析不了的，
// 用读取器自己的话报告。
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
      // 结尾多余的逗号：不要
    } else out += c;
  }
  try {
    return JSON.parse(out);
  } catch {
    throw new SyntaxError('the settings file is not valid JSON');
  }
}
