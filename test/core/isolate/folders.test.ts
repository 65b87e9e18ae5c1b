import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json, Split } from '../../../src/core/input/kinds.js';
import { applyEdits, editsBetween } from '../../../src/core/isolate/edits.js';
import {
  type Entry,
  type Folder,
  filesOf,
  folderOf,
  folderUnits,
  isFolderUnit,
  sameEntry,
} from '../../../src/core/isolate/folders.js';

/** A folder of plain files, by path. */
const folder = (files: Record<string, string>): Folder =>
  new Map(Object.entries(files).map(([path, text]) => [path, { type: 'file', text }]));

describe('folder units', () => {
  const pass = folder({ 'a.txt': 'one\ntwo\n', 'same.txt': 'x\n', 'gone.txt': 'old\n' });
  const fail = folder({ 'a.txt': 'one\nTWO\n', 'same.txt': 'x\n', 'new/b.txt': 'b\n' });

  it('are the pieces of the files both have, and whole files only one has; the same files are left out', () => {
    const units = folderUnits(pass, fail, 'lines');
    expect(units.pass).toEqual([
      { file: 'a.txt' },
      { file: 'a.txt', text: 'one\n' },
      { file: 'a.txt', text: 'two\n' },
      { file: 'gone.txt', whole: 'old\n' },
    ]);
    expect(units.fail).toEqual([
      { file: 'a.txt' },
      { file: 'a.txt', text: 'one\n' },
      { file: 'a.txt', text: 'TWO\n' },
      { file: 'new/b.txt', whole: 'b\n' },
    ]);
    // A line changed (out and in), a file added, a file removed: four edits.
    const edits = editsBetween(units.pass, units.fail);
    expect(edits).toHaveLength(4);
    expect(filesOf(edits.filter((edit) => edit.op === 'insert').map((edit) => edit.unit))).toEqual([
      'a.txt',
      'new/b.txt',
    ]);
  });

  it('give the versions back, and every edit applies alone', () => {
    const units = folderUnits(pass, fail, 'lines');
    const edits = editsBetween(units.pass, units.fail);
    const without = (files: Folder) => new Map([...files].filter(([path]) => path !== 'same.txt'));
    expect(folderOf(applyEdits(units.pass, edits, []))).toEqual(without(pass));
    expect(folderOf(applyEdits(units.pass, edits, [0, 1, 2, 3]))).toEqual(without(fail));
    // The removal of gone.txt alone: a.txt as it was, gone.txt gone.
    const removal = edits.findIndex((edit) => edit.op === 'delete' && edit.at === 3);
    expect(folderOf(applyEdits(units.pass, edits, [removal]))).toEqual(
      folder({ 'a.txt': 'one\ntwo\n' }),
    );
  });

  it('keep a file both versions have when all its pieces are left out: empty', () => {
    const units = folderUnits(folder({ f: 'a\n' }), folder({ f: 'b\n' }), 'lines');
    const edits = editsBetween(units.pass, units.fail);
    const deletion = edits.findIndex((edit) => edit.op === 'delete');
    expect(folderOf(applyEdits(units.pass, edits, [deletion]))).toEqual(folder({ f: '' }));
  });

  it('any subset of the edits makes a folder, and all of them the failing version', () => {
    const text = fc
      .array(fc.constantFrom('x\n', 'y\n', 'z'), { maxLength: 4 })
      .map((lines) => lines.join(''));
    const entry: fc.Arbitrary<Entry> = fc.oneof(
      text.map((text) => ({ type: 'file' as const, text })),
      fc.record({
        type: fc.constant('file' as const),
        text,
        mode: fc.constantFrom('755', '700'),
      }),
      fc.constantFrom('p', 'q').map((target) => ({ type: 'link' as const, target })),
      fc.constant({ type: 'folder' as const }),
    );
    const entries = fc
      .dictionary(fc.constantFrom('a', 'b', 'c/d', 'e'), entry)
      .map((files): Folder => new Map(Object.entries(files)));
    fc.assert(
      fc.property(
        entries,
        entries,
        fc.constantFrom<Split>('lines', 'chars'),
        (pass, fail, split) => {
          const units = folderUnits(pass, fail, split);
          const edits = editsBetween(units.pass, units.fail);
          const all = edits.map((_, i) => i);
          const changed = (files: Folder) =>
            new Map([...files].filter(([path]) => !sameEntry(pass.get(path), fail.get(path))));
          expect(folderOf(applyEdits(units.pass, edits, all))).toEqual(changed(fail));
          expect(folderOf(applyEdits(units.pass, edits, []))).toEqual(changed(pass));
          expect([...units.pass, ...units.fail].every(isFolderUnit)).toBe(true);
        },
      ),
    );
  });

  it('carry modes, links and empty folders as data; a trial takes them as the versions have them', () => {
    const pass: Folder = new Map<string, Entry>([
      ['run.sh', { type: 'file', text: 'exit 1\n', mode: '755' }],
      ['tool', { type: 'file', text: 'x\n' }],
      ['bin', { type: 'file', mode: '644' }],
      ['current', { type: 'link', target: 'v1' }],
    ]);
    const fail: Folder = new Map<string, Entry>([
      ['run.sh', { type: 'file', text: 'exit 0\n', mode: '755' }],
      ['tool', { type: 'file', text: 'x\n', mode: '700' }],
      ['bin', { type: 'file', mode: '755' }],
      ['current', { type: 'link', target: 'v2' }],
      ['logs', { type: 'folder' }],
    ]);
    const units = folderUnits(pass, fail, 'lines');
    expect(units.fail).toEqual([
      { file: 'bin', mode: '755' },
      { file: 'current', link: 'v2' },
      { file: 'logs', folder: true },
      { file: 'run.sh' },
      { file: 'run.sh', mode: '755' },
      { file: 'run.sh', text: 'exit 0\n' },
      { file: 'tool' },
      { file: 'tool', mode: '700' },
      { file: 'tool', text: 'x\n' },
    ]);
    expect([...units.pass, ...units.fail].every(isFolderUnit)).toBe(true);
    const edits = editsBetween(units.pass, units.fail);
    const all = edits.map((_, i) => i);
    // The mode of run.sh is alike (no edit); its text, the mode of tool and of bin, the link's
    // target and the empty folder are.
    expect(folderOf(applyEdits(units.pass, edits, all))).toEqual(fail);
    expect(folderOf(applyEdits(units.pass, edits, []))).toEqual(
      new Map([...pass].filter(([path]) => path !== 'bin')),
    );
    // The new link alone, with the old one still there: the later one is taken.
    const link = edits.findIndex(
      (edit) => edit.op === 'insert' && isFolderUnit(edit.unit) && 'link' in edit.unit,
    );
    expect(folderOf(applyEdits(units.pass, edits, [link])).get('current')).toEqual({
      type: 'link',
      target: 'v2',
    });
  });

  it('read the units of older sessions as before: texts, pieces and whole files', () => {
    const units: Json[] = [{ file: 'a' }, { file: 'a', text: 'x\n' }, { file: 'b', whole: 'y\n' }];
    expect(folderOf(units)).toEqual(folder({ a: 'x\n', b: 'y\n' }));
  });
});
