/// <reference lib="webworker" />
import { expose } from 'comlink';
import { transpile } from '../src/live/transpile.js';
import { browserPlatform } from './browser/platform.js';
import { createReducerApi } from './reducer/api.js';

// The reducer worker: runs the driver and owns the sandbox workers it starts (only for live
// runs; a replay starts none). The UI thread only sends commands and receives the transcript.
expose(createReducerApi(browserPlatform(`deltalab ${__APP_VERSION__}`)));

// Warm the compiler on a line of our own while the page is idle, so that the first Run does not
// pay for it. No user code is compiled or run here.
setTimeout(
  () =>
    transpile({
      source: 'export const warm = (a: number[]) => a;',
      language: 'ts',
      role: 'candidate',
    }),
  200,
);
