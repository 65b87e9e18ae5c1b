/**
 * Ends a process group at once (SIGKILL to every process in it): a child started `detached` and
 * whatever it started. A group that is already gone is no error; `otherwise` runs when the group
 * could not be signalled (to kill the child alone).
 */
export function killGroup(group: number, otherwise?: () => void): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    otherwise?.();
  }
}
