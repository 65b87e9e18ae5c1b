import { describe, expect, it } from 'vitest';
import { configProblems } from '../../../src/core/session/config.js';
import { LOCALES } from '../../../src/core/text/local-text.js';
import { PROBLEMS, type ProblemCode, problemText } from '../../../src/core/text/problems.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('problems in every language', () => {
  it('has every problem in every language, naming the same values', () => {
    for (const [code, texts] of Object.entries(PROBLEMS)) {
      for (const locale of LOCALES) expect(texts[locale], `${code} ${locale}`).not.toBe('');
      expect(placeholders(texts.zh), code).toEqual(placeholders(texts.en));
      expect(texts.zh, code).not.toBe(texts.en);
    }
  });

  it('fills in the values and translates the role', () => {
    const problem = {
      code: 'code.source-too-long' as ProblemCode,
      values: { role: 'reference', limit: 200000 },
    };
    expect(problemText(problem)).toBe('the reference source is longer than 200000 characters');
    expect(problemText(problem, 'zh')).toBe('参考程序的源码超过 200000 个字符');
  });

  it('reads a bad config the same in English as before, and in Chinese', () => {
    const config = {
      code: { language: 'js', outcome: { source: 'export const outcome = () => "PASS";' } },
      reducer: 'magic',
      chase: { kind: 'wrong-answer' },
      cache: true,
      budgets: { callMs: 1000 },
      generator: { seed: 'x', length: 3, min: 5, max: 1 },
    };
    expect(configProblems(config).map((problem) => problemText(problem))).toEqual([
      'unknown reducer "magic"',
      'seed must be an integer, got "x"',
      'the smallest value is larger than the largest',
    ]);
    expect(configProblems(config).map((problem) => problemText(problem, 'zh'))).toEqual([
      '没有名为 "magic" 的缩减器',
      '随机种子必须是整数，现在是 "x"',
      '最小值比最大值还大',
    ]);
  });
});
