import type { Runtime } from '../core/code/runtimes/registry.js';

/**
 * The contracts of the browser's sandbox frame (types only): what the reducer worker asks of
 * the page (to start and stop sandbox workers, which only the frame can start), and what the
 * page and the frame tell each other. The frame is a sandboxed `<iframe>` of an opaque origin:
 * its messages are the only way in or out.
 */

/** A message port, as the platform has it (the DOM's in a browser, worker_threads' in Node). */
export type Port = InstanceType<typeof MessagePort>;

/**
 * What the reducer worker asks of the page's sandbox frame (on the port given to
 * `connectSandboxes`): start a sandbox worker whose end of the channel is `port`, stop one, or
 * stop them all. The page passes these on to the frame, which alone can start them.
 */
export type SandboxHostRequest =
  | { type: 'spawn'; id: number; name: string; port: Port; runtime: Runtime }
  | { type: 'terminate'; id: number }
  | { type: 'reset' };

/** What the page's sandbox frame tells the reducer worker: a sandbox worker ended on its own. */
export type SandboxHostEvent = { type: 'exit'; id: number; message: string };

/**
 * A runtime's sandbox worker code, and the files its runtime starts from (blobs: Python's
 * Pyodide), handed to every worker of the runtime; none for JavaScript.
 */
export interface SandboxSource {
  source: string;
  files?: Record<string, Blob>;
}

/**
 * What the page tells the frame: a runtime's sandbox worker code (made into a blob once) and
 * its files, to start a worker of a runtime it was given with its end of a channel, or to stop
 * one.
 */
export type ToIframe =
  | ({ type: 'runtime'; runtime: Runtime } & SandboxSource)
  | { type: 'spawn'; id: number; name: string; port: Port; runtime: Runtime }
  | { type: 'terminate'; id: number };

/** What the frame tells the page: it is ready, it started a worker, or a worker ended. */
export type FromIframe = { type: 'ready' } | { type: 'spawned'; id: number } | SandboxHostEvent;
