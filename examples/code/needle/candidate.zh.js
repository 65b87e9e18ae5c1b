// 判断 needle（针）是否出现在 haystack（草堆）里，只把草堆从头到尾走一遍。
// 失配之后它最多从针的第一个字符重新开始匹配：它忘了刚刚匹配过的字符
// 可能已经是针的开头（"nanana" 里的 "nana"）。
export function candidate(needle, haystack) {
  let matched = 0;
  for (const c of haystack) {
    if (matched === needle.length) return true;
    if (c === needle[matched]) matched++;
    else matched = c === needle[0] ? 1 : 0;
  }
  return matched === needle.length;
}
