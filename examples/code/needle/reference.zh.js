// 判断 needle（针）是否出现在 haystack（草堆）里：用语言自带的子串查找。
export function reference(needle, haystack) {
  return haystack.includes(needle);
}
