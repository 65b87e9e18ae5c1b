import { beforeAll, describe, expect, it } from 'vitest';
import { withoutComments } from '../../../src/core/code/twins.js';
import {
  codeText,
  fileTextOf,
  findLesson,
  LESSONS,
  lessonSources,
  lessonText,
  loadLessonText,
  loadTwins,
  localizedText,
  textsLike,
  twinCode,
} from '../../../src/ui/model/lessons.js';

// Lesson code in other languages loads with the locale that needs it.
beforeAll(() => loadTwins());

const sources = (name: string) => {
  const lesson = findLesson(name);
  if (!lesson) throw new Error(`no lesson ${name}`);
  return { language: lesson.scenario.code.language, ...lesson.sources };
};

describe('a lesson’s twin in another language', () => {
  it('the article’s untouched JavaScript becomes its Python, and back', () => {
    const js = sources('article');
    const py = sources('article-python');
    expect(twinCode(js, 'py')).toEqual({ candidate: py.candidate, reference: py.reference });
    expect(twinCode(py, 'js')).toEqual({ candidate: js.candidate, reference: js.reference });
    expect(py.candidate).toContain('def candidate(a):');
  });

  it('edited code, and a language no twin is written in, stay as they are', () => {
    const js = sources('article');
    expect(twinCode({ ...js, candidate: `${js.candidate}// edited\n` }, 'py')).toBeNull();
    expect(twinCode(js, 'ts')).toBeNull();
    expect(twinCode(sources('crash'), 'py')).toBeNull();
  });

  it('the Python lesson sits next to the article in the gallery', () => {
    expect(LESSONS.slice(0, 2).map((lesson) => lesson.name)).toEqual(['article', 'article-python']);
  });
});

/** Every code file the gallery's lessons name (the corrected candidates too). */
const lessonFiles = [
  ...new Set(
    LESSONS.flatMap((lesson) =>
      [
        lesson.scenario.code.candidate,
        lesson.scenario.code.reference,
        lesson.scenario.code.outcome,
        lesson.scenario.corrected,
      ].flatMap((ref) => (ref && 'file' in ref ? [ref.file] : [])),
    ),
  ),
];

describe('lesson code with its comments in the page’s language', () => {
  it.each(lessonFiles)('%s has a Chinese twin that differs from it only in comments', (file) => {
    const english = codeText({ file });
    const chinese = codeText({ file }, 'zh');
    const language = file.endsWith('.py') ? 'py' : 'js';
    if (english === undefined || chinese === undefined) throw new Error(`${file} is missing`);
    expect(chinese).not.toBe(english);
    expect(withoutComments(chinese, language)).toBe(withoutComments(english, language));
    // The same code on the same lines: a stack trace's line numbers are the same in both.
    expect(chinese.split('\n').length).toBe(english.split('\n').length);
    // Every comment of the twin is translated.
    const comments = (text: string) =>
      text.split('\n').flatMap((line, i) => {
        const code = withoutComments(text, language).split('\n')[i] ?? '';
        return line.trimEnd() === code ? [] : [line.slice(code.length)];
      });
    for (const comment of comments(chinese)) expect(comment).toMatch(/[\u4e00-\u9fff]/);
    expect(comments(chinese).length).toBe(comments(english).length);
  });

  it('each language’s text counts as the same file, and is found from either', () => {
    const file = 'code/max-subarray/candidate.js';
    const english = codeText({ file }) ?? '';
    const chinese = codeText({ file }, 'zh') ?? '';
    expect(textsLike(english)).toEqual([english, chinese]);
    expect(textsLike(chinese)).toEqual([english, chinese]);
    expect(fileTextOf(chinese)).toBe(english);
    expect(localizedText(english, 'zh')).toBe(chinese);
    expect(localizedText(chinese, 'en')).toBe(english);
    expect(localizedText(chinese, 'zh')).toBe(chinese);
    const edited = `${chinese}// edited\n`;
    expect(textsLike(edited)).toEqual([edited]);
    expect(fileTextOf(edited)).toBe(edited);
    expect(localizedText(edited, 'en')).toBe(edited);
  });

  it('inline code is the same in every language', () => {
    expect(codeText({ source: 'x' }, 'zh')).toBe('x');
  });

  it('switching the article’s language keeps the page’s language of comments', () => {
    const js = findLesson('article');
    const py = findLesson('article-python');
    if (!js || !py) throw new Error('no article');
    const zhJs = { language: 'js' as const, ...lessonSources(js, 'zh') };
    expect(twinCode(zhJs, 'py', 'zh')).toEqual(lessonSources(py, 'zh'));
    expect(lessonSources(py, 'zh').candidate).toContain('# 非空连续子数组的最大和');
    expect(twinCode(zhJs, 'py', 'en')).toEqual({
      candidate: py.sources.candidate,
      reference: py.sources.reference,
    });
  });
});

describe('a lesson’s text', () => {
  it('loads when the lesson is opened, not with the page', async () => {
    const lesson = findLesson('cache');
    if (!lesson) throw new Error('no cache lesson');
    expect(lessonText(lesson)).toBeUndefined();
    expect('lesson' in lesson.scenario).toBe(false);
    const text = await loadLessonText(lesson);
    expect(text.en).toContain('cache');
    expect(text.zh).toContain('缓存');
    expect(lessonText(lesson)).toBe(text);
  });
});
