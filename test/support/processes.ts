import { readdirSync, readFileSync } from 'node:fs';

/**
 * The JavaScript sandbox processes (the bundled `sandbox.child.cjs`) this process has started and
 * that are still running, read from `/proc` (Linux, as CI runs). Throws where there is no
 * `/proc`: a check that cannot look must not pass.
 */
export function sandboxProcesses(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the second field after the parenthesised command name.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue; // ended, not reaped
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('sandbox.child.cjs')) found.push(Number(entry));
    } catch {
      // the process ended while it was being read
    }
  }
  return found;
}

/** Waits until at most `limit` sandbox processes are left (or ~3 s pass); returns how many. */
export async function sandboxesDownTo(limit: number): Promise<number> {
  let now = sandboxProcesses().length;
  for (let i = 0; i < 60 && now > limit; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = sandboxProcesses().length;
  }
  return now;
}
