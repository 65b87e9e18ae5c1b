import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Split } from '../../../src/core/input/kinds.js';
import { applyEdits, editsBetween } from '../../../src/core/isolate/edits.js';
import {
  type Folder,
  filesOf,
  folderOf,
  folderUnits,
  isFolderUnit,
} from '../../../src/core/isolate/folders.js';

const folder = (files: Record<string, string>): Folder => new Map(Object.entries(files));

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
    const files = fc.dictionary(
      fc.constantFrom('a', 'b', 'c/d', 'e'),
      fc.array(fc.constantFrom('x\n', 'y\n', 'z'), { maxLength: 4 }).map((lines) => lines.join('')),
    );
    fc.assert(
      fc.property(files, files, fc.constantFrom<Split>('lines', 'chars'), (p, f, split) => {
        const [pass, fail] = [folder(p), folder(f)];
        const units = folderUnits(pass, fail, split);
        const edits = editsBetween(units.pass, units.fail);
        const all = edits.map((_, i) => i);
        const changed = (files: Folder) =>
          new Map([...files].filter(([path]) => pass.get(path) !== fail.get(path)));
        expect(folderOf(applyEdits(units.pass, edits, all))).toEqual(changed(fail));
        expect(folderOf(applyEdits(units.pass, edits, []))).toEqual(changed(pass));
        expect([...units.pass, ...units.fail].every(isFolderUnit)).toBe(true);
      }),
    );
  });
});
