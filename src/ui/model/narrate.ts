import { formatOutput } from '../../core/oracle/output.js';
import { locale, t } from '../i18n/i18n.js';
import type { Frame } from './frames.js';

const STEMS = '甲乙丙丁戊己庚辛壬癸';

/** The name of block `i` (0-based): 甲乙丙丁… in Chinese, A B C D… in English, then numbers. */
export function blockName(i: number): string {
  if (locale() === 'zh') return i < STEMS.length ? (STEMS[i] as string) : `第${i + 1}`;
  return i < 26 ? String.fromCharCode(65 + i) : String(i + 1);
}

/** An input as short text: `[-1,-9,-5]`, or its head and its length when it is long. */
export function listText(input: readonly number[], max = 16): string {
  if (input.length <= max) return `[${input.join(',')}]`;
  return `[${input.slice(0, max).join(',')},… ${input.length}]`;
}

/** The index of the block an edit touched, given the row's granularity. */
export function blockIndex(lo: number, parts: number, length: number): number {
  for (let i = 0; i < parts; i++) if (Math.floor((i * length) / parts) === lo) return i;
  return 0;
}

/** One plain sentence about a frame: what was tried and what came of it. */
export function narrate(frame: Frame | undefined): string {
  if (!frame) return t('reduce.idle');
  switch (frame.kind) {
    case 'found': {
      const values = {
        input: listText(frame.input),
        expected: formatOutput(frame.verdict.expected),
        actual: formatOutput(frame.verdict.actual),
      };
      return frame.attempt === null
        ? t('narrate.given', values)
        : t('narrate.found', { ...values, attempt: frame.attempt });
    }
    case 'start':
      return t('narrate.start', { input: listText(frame.input), outcome: frame.verdict.outcome });
    case 'trial': {
      const { row } = frame;
      const values = {
        trial: frame.trial,
        trial_input: listText(row.trial),
        parts: row.granularity ?? 1,
      };
      const move = row.set
        ? t('narrate.set', { ...values, index: row.set.index, from: row.set.from, to: row.set.to })
        : t(row.removed ? 'narrate.delete' : 'narrate.keep', {
            ...values,
            block: blockName(
              blockIndex(
                (row.removed ?? row.kept ?? [0])[0],
                row.granularity ?? 1,
                row.before.length,
              ),
            ),
          });
      const result = t(row.accepted ? 'narrate.accept' : 'narrate.reject', {
        outcome: row.outcome,
      });
      return `${move} ${result}`;
    }
    case 'done': {
      const { end } = frame;
      if (end.status === 'not-failing') return t('narrate.notFailing');
      if (end.status === 'cancelled') return t('narrate.cancelled');
      if (end.status === 'not-found')
        return t('narrate.notFound', { attempts: frame.attempts ?? 0 });
      if (end.status === 'error') return end.message ?? t('narrate.cancelled');
      return t('narrate.done', {
        reduced: listText(end.reduced ?? []),
        calls: end.calls,
        verdict: t(end.verified ? 'narrate.doneVerified' : 'narrate.doneNot'),
      });
    }
  }
}
