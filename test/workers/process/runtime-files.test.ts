import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  interpreterOf,
  libraryFolders,
  nodeRuntimeFiles,
} from '../../../workers/process/runtime-files.js';

describe('the files node needs to start', () => {
  it('the library folders of a maps text: shared objects only, each folder once', () => {
    const maps = [
      '00400000-00401000 r--p 00000000 08:01 12 /usr/bin/node',
      '7f00-7f01 r--p 00000000 08:01 13 /usr/lib/x86_64-linux-gnu/libc.so.6',
      '7f01-7f02 r--p 00000000 08:01 14 /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30',
      '7f02-7f03 r--p 00000000 08:01 15 /opt/my libs/libm.so',
      '7f03-7f04 r--p 00000000 08:01 16 /usr/lib/locale/C.utf8/LC_CTYPE',
      '7f04-7f05 rw-p 00000000 00:00 0 [heap]',
      '7f05-7f06 r--p 00000000 08:01 17 /tmp/gone.so (deleted)',
    ].join('\n');
    expect(libraryFolders(maps)).toEqual(['/usr/lib/x86_64-linux-gnu', '/opt/my libs']);
  });

  it('the loader node names, which exists; none for a file that is not ELF', () => {
    const loader = interpreterOf(process.execPath);
    expect(loader).toMatch(/^\/.*ld.*\.so/);
    expect(existsSync(loader as string)).toBe(true);
    expect(interpreterOf(import.meta.filename)).toBeNull();
  });

  it('node, its loader and its libraries’ folders, each where it is looked for', () => {
    const files = nodeRuntimeFiles();
    expect(files[0]?.path).toBe(process.execPath);
    expect(files.every((file) => existsSync(file.source))).toBe(true);
  });
});
