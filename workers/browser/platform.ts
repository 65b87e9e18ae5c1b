import type { Role } from '../../src/core/oracle/verdict.js';
import type { Platform } from '../../src/live/run-live.js';
import { spawnBrowserSandbox } from '../sandbox/spawn-browser.js';

/** The name every sandbox worker gets, so that tests and tools can count them. */
export const SANDBOX_NAME = 'deltalab-sandbox';

/** The browser platform: sandboxes in module workers, the page clock, random session ids. */
export function browserPlatform(tool: string): Platform {
  return {
    spawn: (role: Role) => spawnBrowserSandbox(`${SANDBOX_NAME}-${role}`),
    clock: () => performance.now(),
    stamp: () => ({ id: crypto.randomUUID(), created: new Date().toISOString(), tool }),
  };
}
