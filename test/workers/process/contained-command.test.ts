import { describe, expect, it } from 'vitest';
import { containedCommand, HIDDEN_FOLDERS } from '../../../workers/process/contained-command.js';
import type { Containment, Tools } from '../../../workers/process/containment.js';
import { nodeRuntimeFiles } from '../../../workers/process/runtime-files.js';

const TOOLS: Tools = {
  bwrap: '/usr/bin/bwrap',
  unshare: '/usr/bin/unshare',
  setpriv: '/usr/bin/setpriv',
  mount: '/usr/bin/mount',
  sh: '/usr/bin/sh',
};
const NODE = [process.execPath, '--experimental-permission', '/srv/deltalab/dist/child.cjs'];
const READS = ['/srv/deltalab/dist/child.cjs', '/opt/packages/pyodide'];
const how = (mechanism: Containment['mechanism'], tools: Tools = TOOLS): Containment => ({
  mechanism,
  tools,
  reason: '',
});

describe('containedCommand', () => {
  it('bwrap: new namespaces, dies with its parent, binds read-only only node’s files and the reads', () => {
    const { command, args, depth } = containedCommand(how('bwrap'), NODE, READS);
    expect([command, depth]).toEqual(['/usr/bin/bwrap', 2]);
    for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-net', '--die-with-parent']) {
      expect(args).toContain(flag);
    }
    expect(args.slice(args.indexOf('--') + 1)).toEqual(NODE);
    const shown = args.flatMap((arg, i) =>
      arg === '--ro-bind' || arg === '--ro-bind-try' ? [args[i + 2]] : [],
    );
    expect(shown).toEqual([...nodeRuntimeFiles().map((file) => file.path), ...READS]);
    // Nothing bound writable, no device or process file system.
    expect(args.filter((arg) => /^--(bind|dev|proc|tmpfs)/.test(arg))).toEqual([]);
  });

  it('unshare: dies with its parent, new namespaces, hides the folders that hold no read', () => {
    const { command, args, depth } = containedCommand(how('unshare'), NODE, READS);
    expect([command, depth]).toEqual(['/usr/bin/setpriv', 2]);
    expect(args.slice(0, 4)).toEqual(['--pdeathsig', 'KILL', '--', '/usr/bin/unshare']);
    for (const flag of ['--user', '--pid', '--net', '--mount', '--fork', '--kill-child']) {
      expect(args).toContain(flag);
    }
    // Node runs last, without capabilities.
    expect(args.slice(-NODE.length - 5)).toEqual([
      '/usr/bin/setpriv',
      '--no-new-privs',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--',
      ...NODE,
    ]);
    // Mount, the folder the table is written in (the last hidden), and the table.
    const [, at, table] = args.slice(args.indexOf('/usr/bin/mount'));
    const hidden = (table as string).split('\n').map((line) => line.split(' ')[1]);
    expect((table as string).split('\n')[0]).toBe('deltalab /tmp tmpfs ro,mode=0555,size=4k 0 0');
    expect(hidden.at(-1)).toBe(at);
    expect(hidden).toContain('/tmp');
    // /srv holds a read: kept in view.
    expect(hidden).not.toContain('/srv');
    expect(hidden.every((folder) => HIDDEN_FOLDERS.includes(folder))).toBe(true);
  });

  it('none: node itself, under setpriv --pdeathsig where setpriv is found', () => {
    expect(containedCommand(how('none'), NODE, READS)).toEqual({
      command: '/usr/bin/setpriv',
      args: ['--pdeathsig', 'KILL', '--', ...NODE],
      depth: 0,
    });
    expect(containedCommand(how('none', {}), NODE, READS)).toEqual({
      command: process.execPath,
      args: NODE.slice(1),
      depth: 0,
    });
  });

  it('refuses a mechanism whose programs are missing', () => {
    expect(() => containedCommand(how('bwrap', {}), NODE, READS)).toThrow(
      'the programs bwrap needs were not found',
    );
  });
});
