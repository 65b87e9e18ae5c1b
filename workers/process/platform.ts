import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Platform } from '../../src/live/run-live.js';
import type { Transpiled, Transpiler } from '../../src/live/transpile.js';
import type { CodeSpec } from '../../src/protocol/sandbox.js';
import { nodeGrammarFiles } from './grammar-files.js';
import { spawnNodeSandbox } from './spawn-node.js';

/**
 * The Node platform: sandboxes in child processes of their own, the process clock, random
 * session ids; code transpiled by `transpile` (the command's keeps what it makes on disk), by
 * default the compiler itself, loaded when first asked for; grammars from the npm packages.
 */
export function nodePlatform(tool: string, transpile: Transpiler = transpileOnDemand): Platform {
  return {
    spawn: (_role, runtime) => spawnNodeSandbox(runtime),
    transpile,
    clock: () => performance.now(),
    stamp: () => ({ id: randomUUID(), created: new Date().toISOString(), tool }),
    grammars: nodeGrammarFiles(),
  };
}

async function transpileOnDemand(spec: CodeSpec): Promise<Transpiled> {
  return (await import('../../src/live/transpile.js')).transpile(spec);
}
