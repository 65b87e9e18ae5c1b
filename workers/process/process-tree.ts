import { readdirSync, readFileSync } from 'node:fs';

/**
 * The process `depth` generations below `pid`, each the first child of the one above (Linux's
 * `/proc`), or null while there is none yet or where there is no `/proc`. A sandbox's node runs
 * below what contains it (see contained-command.ts), which starts nothing else for long.
 */
export function descendant(pid: number, depth: number): number | null {
  let at = pid;
  for (let i = 0; i < depth; i++) {
    const [first] = childrenOf(at);
    if (first === undefined) return null;
    at = first;
  }
  return at;
}

/** The children of `pid`: from `/proc/<pid>/task/<pid>/children`, else a scan of `/proc`. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // a kernel without that file (CONFIG_PROC_CHILDREN), or the process is gone
  }
  const found: number[] = [];
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // The parent is the second field after the command's name, which is in parentheses.
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent === pid) found.push(Number(entry));
      } catch {
        // ended while it was read
      }
    }
  } catch {
    // no /proc
  }
  return found;
}
