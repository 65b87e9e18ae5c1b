import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder the `deltalab` command keeps what later runs may reuse (transpiled code, and what
 * containment this system allows): `$DELTALAB_CACHE_DIR` (`off` for none), else
 * `$XDG_CACHE_HOME/deltalab`, else `~/.cache/deltalab`.
 */
export function commandCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.DELTALAB_CACHE_DIR;
  if (chosen !== undefined && chosen !== '') return chosen === 'off' ? null : chosen;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'deltalab');
}
