import { locale } from '../i18n/i18n.js';

const STEMS = '甲乙丙丁戊己庚辛壬癸';

/** The name of block `i` (0-based): 甲乙丙丁… in Chinese, A B C D… in English, then numbers. */
export function blockName(i: number): string {
  if (locale() === 'zh') return i < STEMS.length ? (STEMS[i] as string) : `第${i + 1}`;
  return i < 26 ? String.fromCharCode(65 + i) : String(i + 1);
}
