import { expose } from 'comlink';
import { createSandboxApi } from './sandbox/api.js';
import { installSeededRandom } from './sandbox/call.js';

// Browser module-worker entry. User code may throw or reject later, outside any call (from a
// timer, an unawaited promise): keep that from reaching the page as the worker's `error` event,
// which the client reads as the worker dying.
self.addEventListener('error', (event) => event.preventDefault());
self.addEventListener('unhandledrejection', (event) => event.preventDefault());

installSeededRandom();
expose(createSandboxApi());
