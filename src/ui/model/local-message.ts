import type { Locale } from '../../core/text/local-text.js';

/**
 * The messages the sandbox and the core write in English (they are data in sessions), and how
 * the Chinese page says them. A message not listed is shown as it is: it is the user's own
 * error, or a message from the JavaScript engine.
 */
const ZH: [RegExp, string][] = [
  [/^ran longer than (\d+) ms$/, '运行超过 $1 毫秒'],
  [/^the empty array is not a valid input$/, '空数组不是合法输入'],
  [/^the empty string is not a valid input$/, '空字符串不是合法输入'],
  [/^the reference’s valid\(\) rejected it$/, '参考程序的 valid() 拒绝了它'],
  [/^the candidate’s valid\(\) rejected it$/, '被测程序的 valid() 拒绝了它'],
  [/^valid\(\) rejected it$/, 'valid() 拒绝了它'],
];

/** A message of the sandbox or the core, in `locale` when it is one the page knows. */
export function localMessage(message: string, locale: Locale): string {
  if (locale !== 'zh') return message;
  for (const [pattern, zh] of ZH) if (pattern.test(message)) return message.replace(pattern, zh);
  return message;
}
