/** A stream as Node makes it of a pipe: its libuv handle, when it has one. */
interface Piped {
  _handle?: { setBlocking?: (blocking: boolean) => unknown };
}

/**
 * Makes a sandbox process's console (stdout and stderr, pipes the command reads: see
 * sandbox-process.ts) write through before `write` returns, as a terminal or a file does. Node
 * would otherwise keep what the pipe cannot take yet in this process's memory, and all of it
 * would be lost when the process is ended at the end of a run; written through, a flood waits on
 * the command instead (and its call's budget runs meanwhile).
 */
export function writeConsoleThrough(): void {
  for (const stream of [process.stdout, process.stderr] as unknown as Piped[]) {
    stream._handle?.setBlocking?.(true);
  }
}
