/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createSandboxApi } from './sandbox/api.js';
import { lockRealm } from './sandbox/realm.js';
import { warmUp } from './sandbox/warm-up.js';

// A sandbox worker, started from a blob inside the sandbox iframe (an opaque origin, no network,
// no storage). User code may throw or reject later, outside any call: keep that from becoming
// the worker's `error` event, which reads as the worker dying.
self.addEventListener('error', (event) => event.preventDefault());
self.addEventListener('unhandledrejection', (event) => event.preventDefault());

// Frozen before anything else runs; user code is only ever evaluated in compartments.
lockRealm();
// The sandbox's own code compiled while the worker waits for a run (no user code runs here).
const api = createSandboxApi();
warmUp(api);

// The host's end of the channel arrives once, as the first message with a port; the API is
// exposed on that port alone.
self.addEventListener(
  'message',
  (event: MessageEvent) => {
    const port = event.ports[0];
    if (port) expose(api, port);
  },
  { once: true },
);
