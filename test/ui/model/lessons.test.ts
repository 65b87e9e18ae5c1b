import { describe, expect, it } from 'vitest';
import { findLesson, LESSONS, twinCode } from '../../../src/ui/model/lessons.js';

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
