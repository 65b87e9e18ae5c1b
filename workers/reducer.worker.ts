/// <reference lib="webworker" />
import { expose } from 'comlink';
import { browserPlatform } from './browser/platform.js';
import { createReducerApi } from './reducer/api.js';

// The reducer worker: runs the driver and owns the sandbox workers it starts (only for live
// runs; a replay starts none). The UI thread only sends commands and receives the transcript.
expose(createReducerApi(browserPlatform(`deltalab ${__APP_VERSION__}`)));
