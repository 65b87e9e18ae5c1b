// 读取设置文件：JSON，允许列表或对象以逗号结尾。解析前会去掉这些逗号，
// 但只去掉右花括号前的：] 前的逗号还在。
// 解析不了的，用读取器自己的话报告。
export function candidate(text) {
  try {
    return JSON.parse(text.replace(/,(\s*)\}/g, '$1}'));
  } catch {
    throw new SyntaxError('the settings file is not valid JSON');
  }
}
