import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Platform } from '../../src/live/run-live.js';
import { spawnNodeSandbox } from './spawn-node.js';

/**
 * The Node platform: sandboxes in child processes of their own, the process clock, random
 * session ids.
 */
export function nodePlatform(tool: string): Platform {
  return {
    spawn: (_role, runtime) => spawnNodeSandbox(runtime),
    clock: () => performance.now(),
    stamp: () => ({ id: randomUUID(), created: new Date().toISOString(), tool }),
  };
}
