import { parentPort } from 'node:worker_threads';
// Plain Node ESM loads comlink's UMD `main` as CommonJS and still finds its named exports, so
// the bare import works here as it does in Vite. The adapter comes from the UMD folder because
// that copy has its types next to it (the ESM `.mjs` has no `.d.mts`); its `module.exports` is
// the function, which Node hands over as the default export.
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { createSandboxApi } from '../sandbox/api.js';
import { installSeededRandom } from '../sandbox/call.js';

if (!parentPort) throw new Error('sandbox.node.js must run as a worker thread');

// A late throw or rejection from user code (a timer, an unawaited promise) would otherwise kill
// the worker between calls and be blamed on the next one.
process.on('uncaughtException', () => {});
process.on('unhandledRejection', () => {});

installSeededRandom();
expose(createSandboxApi(), nodeEndpoint(parentPort));
