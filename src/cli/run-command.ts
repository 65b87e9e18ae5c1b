import { spawn } from 'node:child_process';
import { killGroup } from '../../workers/process/kill-group.js';

/** How much of a command's output is read at all (the rest is drained and dropped). */
const READ_OUTPUT = 64 * 1024;

/** How one run of a command ended. */
export interface CommandEnd {
  /** Its exit status (127 when the shell could not start), or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The start of what it printed. */
  stdout: string;
  stderr: string;
  /** How long it ran. */
  ms: number;
  /** Whether it was ended for running past its time. */
  timedOut: boolean;
}

/**
 * Runs a shell command `line` in `cwd`, `stdin` on its standard input, in a process group of its
 * own (held in `groups` while it runs, so that its owner can end it), ended whole when it runs
 * past `callMs`, when `abort` fires, and when the command ends (whatever it left running).
 */
export function runCommand(
  line: string,
  { cwd, stdin }: { cwd: string; stdin: string },
  callMs: number,
  groups: Set<number>,
  abort?: AbortSignal,
): Promise<CommandEnd> {
  const began = performance.now();
  return new Promise<CommandEnd>((resolve) => {
    const child = spawn('/bin/sh', ['-c', line], {
      cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const group = child.pid;
    if (group !== undefined) groups.add(group);
    const stdout = collector();
    const stderr = collector();
    child.stdout.on('data', stdout.add);
    child.stderr.on('data', stderr.add);
    child.stdin.on('error', () => {}); // a command that does not read its stdin
    child.stdin.end(stdin);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (group !== undefined) killGroup(group);
    }, callMs);
    const stop = () => {
      if (group !== undefined) killGroup(group);
    };
    abort?.addEventListener('abort', stop, { once: true });
    let ended = false;
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      abort?.removeEventListener('abort', stop);
      if (group !== undefined) {
        // Whatever the command left running in its group ends with it.
        killGroup(group);
        groups.delete(group);
      }
      const ms = Math.round((performance.now() - began) * 1000) / 1000;
      resolve({ code, signal, stdout: stdout.text(), stderr: stderr.text(), ms, timedOut });
    };
    // The shell itself could not start: as a command that is not found.
    child.on('error', () => done(127, null));
    child.on('close', done);
  });
}

/** Collects the start of a stream's text, draining the rest. */
function collector(): { add: (chunk: Buffer) => void; text: () => string } {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    add: (chunk) => {
      if (size >= READ_OUTPUT) return;
      chunks.push(chunk);
      size += chunk.length;
    },
    text: () => Buffer.concat(chunks).subarray(0, READ_OUTPUT).toString('utf8'),
  };
}
