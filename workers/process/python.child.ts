import { expose } from 'comlink';
import { createPythonSandboxApi } from '../python/api.js';
import { writeConsoleThrough } from './child-console.js';
import { ipcEndpoint } from './ipc-endpoint.js';
import { startNodePython } from './python-runtime.js';

// A Python sandbox process of the CLI: Pyodide under Node's permission model (no file writes,
// no child processes, no workers, no addons; reads of its own files and Pyodide's only), in the
// namespaces that contain it (see sandbox-process.ts). Its stdout is a pipe the command passes
// on to its stderr: what the user's code prints goes there.
if (!process.send) throw new Error('python.child.js must run as a child process with IPC');
writeConsoleThrough();

process.on('uncaughtException', () => {});
process.on('unhandledRejection', () => {});

const print = (line: string) => process.stdout.write(`${line}\n`);
const output = { stdout: print, stderr: print };
expose(
  createPythonSandboxApi((snapshot) => startNodePython(output, snapshot)),
  ipcEndpoint(process),
);
