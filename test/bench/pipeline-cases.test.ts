import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUp } from '../../bench/peer-tools.js';
import { pipelineCases } from '../../bench/pipeline-cases.js';

// Section 17's yardstick holds only if each case's test keeps its own failure: the file as made
// passes, the file without the injected error does not, and neither does another error of the
// same language (a reducer must not win by making a different one).

const { cases, missing } = pipelineCases();

/** Another error in each case's language, which its test must not take for its own. */
const OTHER_ERROR: Record<string, string> = {
  'zpipe.c': 'int main(void) { return 0 }\n',
  'parse.js': 'let a = [1, 2;\n',
  'package-lock.json': '{"a": 1',
  'textwrap.py': 'def f():\nreturn 1\n',
  'base.xml': '<a>&bad;</a>',
  'comlink.mjs': 'throw new Error("other");\n',
};

describe('the six cases of section 17', () => {
  it('are all here, or each one left out says why', () => {
    expect(cases.length + missing.length).toBe(6);
    for (const line of missing) expect(line).toMatch(/left out/);
  });

  for (const c of cases) {
    it(`${c.name}: the test keeps the injected error and no other`, () => {
      const place = setUp(c);
      try {
        expect(place.stillFails(c.text)).toBe(true);
        expect(place.stillFails(OTHER_ERROR[c.file] ?? '')).toBe(false);
        expect(place.stillFails('')).toBe(false);
      } finally {
        place.done();
      }
    }, 20_000);
  }

  it('the injected files differ from the files found on the machine', () => {
    for (const c of cases.filter((c) => !c.name.includes('comlink') && !c.name.includes('json'))) {
      const place = setUp(c);
      try {
        const sources: Record<string, string> = {
          'zpipe.c': '/usr/share/doc/zlib1g-dev/examples/zpipe.c',
          'parse.js': 'node_modules/picomatch/lib/parse.js',
          'textwrap.py': '/usr/lib/python3.11/textwrap.py',
          'base.xml': '/usr/share/X11/xkb/rules/base.xml',
        };
        const source = sources[c.file];
        if (source === undefined) throw new Error(`no source for ${c.file}`);
        // Without the injected error the file does not fail its test.
        expect(place.stillFails(readFileSync(source, 'utf8'))).toBe(false);
      } finally {
        place.done();
      }
    }
  }, 30_000);
});

describe('the counting test script', () => {
  it('counts its runs, and runs in the folder of the file it is given or in its own', () => {
    const c = { name: 'tiny', file: 'f.txt', text: 'x', test: 'grep -q x f.txt' };
    const place = setUp(c);
    try {
      expect(spawnSync('/bin/sh', [place.script, place.path]).status).toBe(0);
      expect(spawnSync('/bin/sh', [place.script], { cwd: place.work }).status).toBe(0);
      writeFileSync(join(place.dir, 'f.txt'), 'y');
      expect(spawnSync('/bin/sh', [place.script], { cwd: place.dir }).status).toBe(1);
      expect(place.runs()).toBe(3);
      expect(place.stillFails('x')).toBe(true);
      expect(place.runs()).toBe(3);
    } finally {
      place.done();
    }
  });
});
