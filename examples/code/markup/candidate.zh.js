// 去掉 HTML 标记、保留文字：<…> 里的内容去掉，标签内引号中的 > 不会结束标签。
// 判断引号的条件少了括号：`||` 的优先级低于 `&&`，所以双引号在标签外也会切换
// “在引号内”的状态，并从文字中被丢掉。
export function candidate(s) {
  let tag = false;
  let quote = false;
  let out = '';
  for (const c of s) {
    if (c === '<' && !quote) tag = true;
    else if (c === '>' && !quote) tag = false;
    else if (c === '"' || (c === "'" && tag)) quote = !quote;
    else if (!tag) out += c;
  }
  return out;
}
