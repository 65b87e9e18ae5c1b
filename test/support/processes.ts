import { readdirSync, readFileSync } from 'node:fs';

/**
 * The JavaScript sandbox processes (the bundled `sandbox.child.cjs`) this process has started and
 * that are still running, read from `/proc` (Linux, as CI runs): each the process started, node
 * itself or what contains it (its command line names the script too). Throws where there is no
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

/** A process as `/proc/<pid>/stat` tells it; null once it is gone. */
export interface ProcessStat {
  pid: number;
  ppid: number;
  /** The program's name (`node`, `bwrap`, …), as the kernel keeps it. */
  name: string;
  /** R, S, Z (ended, not reaped), … */
  state: string;
  /** When it started, in clock ticks since boot: tells a process from a later one given its pid. */
  started: number;
}

/** What `/proc` tells of `pid` (null when it is gone, or there is no `/proc`). */
export function processStat(pid: number): ProcessStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (in parentheses, and it may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      state: fields[0] as string,
      started: Number(fields[19]),
    };
  } catch {
    return null;
  }
}

/** Every process below `pid` (its children, theirs, …), each as `/proc` tells it now. */
export function descendantsOf(pid: number): ProcessStat[] {
  const all: ProcessStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (stat) all.push(stat);
  }
  const found: ProcessStat[] = [];
  let parents = new Set([pid]);
  while (parents.size > 0) {
    const children = all.filter((stat) => parents.has(stat.ppid));
    found.push(...children);
    parents = new Set(children.map((stat) => stat.pid));
  }
  return found;
}

/** The deepest process below `pid` (down the first child of each): a sandbox's node. */
export function deepestBelow(pid: number): number {
  let at = pid;
  for (;;) {
    const [child] = descendantsOf(at).filter((stat) => stat.ppid === at);
    if (!child) return at;
    at = child.pid;
  }
}

/** Those of `seen` that still run: the same process (by its start time), and not a zombie. */
export function stillRunning(seen: readonly ProcessStat[]): ProcessStat[] {
  return seen.filter((before) => {
    const now = processStat(before.pid);
    return now !== null && now.started === before.started && now.state !== 'Z';
  });
}

/** Polls `check` every 50 ms until it is true or `ms` pass; returns its last answer. */
export async function eventually(check: () => boolean, ms = 3000): Promise<boolean> {
  const until = performance.now() + ms;
  while (!check()) {
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
