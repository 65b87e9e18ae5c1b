// 去掉 HTML 标记、保留文字：<…> 里的内容去掉，标签内引号中的 > 不会结束标签。
// 引号只在标签内才算数。
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
