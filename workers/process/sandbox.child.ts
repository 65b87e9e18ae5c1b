import { expose } from 'comlink';
import { createSandboxApi } from '../sandbox/api.js';
import { lockRealm } from '../sandbox/realm.js';
import { writeConsoleThrough } from './child-console.js';
import { ipcEndpoint } from './ipc-endpoint.js';

// A sandbox process of the CLI. It runs under Node's permission model (no file writes, no child
// processes, no workers, no addons; reads of its own files only) in the namespaces that contain
// it (see sandbox-process.ts), its stdout is a pipe the command passes on to its stderr, and
// user code only ever runs in compartments of the frozen realm.
if (!process.send) throw new Error('the sandbox must run as a child process with IPC');
writeConsoleThrough();

// A late throw or rejection from user code (an unawaited promise) would otherwise end the
// process between calls and be blamed on the next one.
process.on('uncaughtException', () => {});
process.on('unhandledRejection', () => {});

lockRealm();
// No warm-up, unlike a browser sandbox: a command asks for its run at once, so a warm-up would
// only make the first answer wait (about 15 ms a process), while the run's own calls warm the
// same paths.
expose(createSandboxApi(), ipcEndpoint(process));
