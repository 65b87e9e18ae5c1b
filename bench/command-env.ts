import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A transpile cache of this bench run's own (the user's is left alone), gone with the run. */
const cache = mkdtempSync(join(tmpdir(), 'deltalab-bench-cache-'));
process.on('exit', () => rmSync(cache, { recursive: true, force: true }));

/**
 * The environment the bench runs `deltalab` processes in: this one with a transpile cache of the
 * bench's own and, unless `given`, without `NODE_EXTRA_CA_CERTS`. That variable names extra TLS
 * roots, which Node reads and parses at every start before any script runs (about 40 ms on the
 * machine this was written on); no `deltalab` command opens a connection, and a user's shell
 * seldom sets it. Section 11 times Node's bare start both ways, so the difference is on record.
 */
export function commandEnv(options: { given?: boolean; cache?: boolean } = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DELTALAB_CACHE_DIR: options.cache === false ? 'off' : cache,
  };
  if (!options.given) delete env.NODE_EXTRA_CA_CERTS;
  return env;
}
