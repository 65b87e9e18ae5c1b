import { describe, expect, it } from 'vitest';
import {
  COMPANION_EXTENSIONS,
  isCodeLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  languageOfExtension,
  RUNTIME_NAMES,
  RUNTIMES,
  runtimeHome,
  runtimeOf,
} from '../../../../src/core/code/runtimes/registry.js';

describe('the runtime registry', () => {
  it('names each language once, in menu order, with the runtime that runs it', () => {
    expect(LANGUAGE_NAMES).toEqual(['js', 'ts', 'py']);
    expect(RUNTIME_NAMES).toEqual(['js', 'py']);
    expect(LANGUAGE_NAMES.map(runtimeOf)).toEqual(['js', 'js', 'py']);
    expect(runtimeHome('ts')).toBe(RUNTIMES.js);
    expect(LANGUAGES.ts).toMatchObject({ label: 'TypeScript', editor: 'typescript', typed: true });
  });

  it('tells a language by its file extension, the default language for any other', () => {
    expect(languageOfExtension('.py')).toBe('py');
    expect(['.ts', '.mts', '.cts'].map(languageOfExtension)).toEqual(['ts', 'ts', 'ts']);
    expect(['.js', '.mjs', '', '.txt'].map(languageOfExtension)).toEqual(['js', 'js', 'js', 'js']);
  });

  it('knows its languages and no other name', () => {
    expect(LANGUAGE_NAMES.every(isCodeLanguage)).toBe(true);
    for (const name of ['python', 'toString', 'constructor', '', 3, null]) {
      expect(isCodeLanguage(name)).toBe(false);
    }
  });

  it('gives every extension to one language only, and every runtime a lesson extension', () => {
    const extensions = LANGUAGE_NAMES.flatMap((name) => LANGUAGES[name].extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(COMPANION_EXTENSIONS).toEqual(['js', 'py']);
  });

  it('says which runtime is transpiled, which starts slowly and which starts afresh', () => {
    expect(RUNTIMES.js).toMatchObject({
      transpiled: true,
      freshRuntimes: false,
      inFirstFormat: true,
    });
    expect(RUNTIMES.js.startMs).toBeUndefined();
    expect(RUNTIMES.py).toMatchObject({
      transpiled: false,
      freshRuntimes: true,
      inFirstFormat: false,
    });
    expect(RUNTIMES.py.startMs).toBe(120_000);
  });
});
