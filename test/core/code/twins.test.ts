import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twinOf, twinPath, withoutComments } from '../../../src/core/code/twins.js';

describe('twinPath and twinOf', () => {
  it('names a file’s twin with the locale before the extension, and reads it back', () => {
    expect(twinPath('code/trap/outcome.js', 'en')).toBe('code/trap/outcome.js');
    expect(twinPath('code/trap/outcome.js', 'zh')).toBe('code/trap/outcome.zh.js');
    expect(twinPath('code/py/candidate.py', 'zh')).toBe('code/py/candidate.zh.py');
    expect(twinOf('code/trap/outcome.zh.js')).toEqual({
      file: 'code/trap/outcome.js',
      locale: 'zh',
    });
    expect(twinOf('code/trap/outcome.js')).toBeNull();
    expect(twinOf('code/trap/outcome.fr.js')).toBeNull();
  });
});

/** A template literal with a placeholder, as code (not as this file's own template). */
const TEMPLATE = ['const t = `a // b $', '{1}`;'].join('');

describe('withoutComments', () => {
  it('drops line and block comments and keeps every line where it was', () => {
    const text = '// head\nlet a = 1; // why\n/* two\n lines */ let b = 2;\n';
    expect(withoutComments(text, 'js')).toBe('\nlet a = 1;\n\n let b = 2;');
  });

  it('keeps what only looks like a comment inside strings, templates and regexes', () => {
    const text = [
      "const url = 'http://x'; // gone",
      TEMPLATE,
      'const r = /"?\\/\\/(\\d+)/i.exec(s); // gone',
      'const d = a / b / c; // gone',
      'return /[/\'"]/.test(s) ? \'#\' : "/*";',
    ].join('\n');
    expect(withoutComments(text, 'js').split('\n')).toEqual([
      "const url = 'http://x';",
      TEMPLATE,
      'const r = /"?\\/\\/(\\d+)/i.exec(s);',
      'const d = a / b / c;',
      'return /[/\'"]/.test(s) ? \'#\' : "/*";',
    ]);
  });

  it('reads Python: # starts a comment outside strings, triple-quoted strings included', () => {
    const text = 'x = \'#\' # gone\ns = """a # b\nc"""  # gone\n# whole line\ny = 1\n';
    expect(withoutComments(text, 'py')).toBe('x = \'#\'\ns = """a # b\nc"""\n\ny = 1');
  });

  it('tells code apart from comments whatever the comments say', () => {
    const line = fc.stringMatching(/^[a-z0-9 =+;()]{0,20}$/);
    const comment = fc.string().filter((s) => !s.includes('\n'));
    fc.assert(
      fc.property(fc.array(fc.tuple(line, comment, comment)), (lines) => {
        const code = lines.map(([code]) => code).join('\n');
        const a = lines.map(([code, x]) => `${code} // ${x}`).join('\n');
        const b = lines.map(([code, , y]) => `${code}// ${y}`).join('\n');
        const expected = withoutComments(code, 'js');
        expect(withoutComments(a, 'js')).toBe(expected);
        expect(withoutComments(b, 'js')).toBe(expected);
      }),
    );
  });

  it('sees a change of code, even next to a comment', () => {
    expect(withoutComments('a = 1 // x', 'js')).not.toBe(withoutComments('a = 2 // x', 'js'));
    expect(withoutComments('a = 1 # x', 'py')).not.toBe(withoutComments('a = 1 + 0 # x', 'py'));
    expect(withoutComments('f()\ng()', 'js')).not.toBe(withoutComments('f()\n\ng()', 'js'));
  });
});
