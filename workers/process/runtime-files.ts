import { closeSync, openSync, readFileSync, readSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The files a Node process needs to start, as a sandbox's mount namespace must show them: the
 * node binary, the dynamic loader its ELF header names, and the folders of the shared libraries
 * it runs with. Each path is where the process looks for it; `source` is the file or folder
 * there, symbolic links resolved.
 */
export interface RuntimeFile {
  path: string;
  source: string;
}

let found: RuntimeFile[] | undefined;

/**
 * The node binary and what it links (Linux; found once). The libraries are those this very
 * process mapped (it runs the same binary), read from `/proc/self/maps`: their folders are
 * shown whole, since the loader looks a library up by its soname, a link beside the file.
 */
export function nodeRuntimeFiles(): RuntimeFile[] {
  if (!found) {
    const binary = process.execPath;
    const files: RuntimeFile[] = [{ path: binary, source: realpathSync(binary) }];
    const loader = interpreterOf(binary);
    if (loader !== null) files.push({ path: loader, source: realpathSync(loader) });
    for (const folder of libraryFolders(readFileSync('/proc/self/maps', 'utf8'))) {
      files.push({ path: folder, source: folder });
    }
    found = files;
  }
  return found;
}

/** The folders of the shared objects a `/proc/<pid>/maps` text shows mapped. */
export function libraryFolders(maps: string): string[] {
  const folders = new Set<string>();
  for (const line of maps.split('\n')) {
    // The path is the sixth field and may hold spaces; a deleted file is marked as such.
    const at = line.indexOf(' /');
    if (at < 0) continue;
    const path = line.slice(at + 1);
    if (/\.so(\.[\d.]+)?$/.test(path)) folders.add(dirname(path));
  }
  return [...folders];
}

/**
 * The program interpreter (the dynamic loader) an ELF executable names in its `PT_INTERP`
 * header, or null for a static binary or a file that is not a 64-bit little-endian ELF.
 */
export function interpreterOf(file: string): string | null {
  const head = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
    // ELF magic, 64-bit, little-endian: every platform that has the namespaces this is for.
    if (head.readUInt32BE(0) !== 0x7f454c46 || head[4] !== 2 || head[5] !== 1) return null;
    const tableAt = Number(head.readBigUInt64LE(0x20));
    const entrySize = head.readUInt16LE(0x36);
    const entries = head.readUInt16LE(0x38);
    for (let i = 0; i < entries; i++) {
      const at = tableAt + i * entrySize;
      if (at + 56 > head.length) return null;
      if (head.readUInt32LE(at) !== 3) continue; // PT_INTERP
      const offset = Number(head.readBigUInt64LE(at + 8));
      const size = Number(head.readBigUInt64LE(at + 32));
      const name = Buffer.alloc(size);
      readSync(fd, name, 0, size, offset);
      return name.toString('latin1').replace(/\0.*$/s, '');
    }
    return null;
  } finally {
    closeSync(fd);
  }
}
