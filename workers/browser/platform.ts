import type { Runtime } from '../../src/core/code/runtimes/registry.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import type { Platform } from '../../src/live/run-live.js';
import { transpileRemembering } from '../../src/live/transpile.js';
import type { SandboxHostEvent, SandboxHostRequest } from '../../src/protocol/iframe.js';
import type { ExitReason } from '../../src/protocol/sandbox.js';
import { browserGrammarFiles } from './grammar-files.js';

/** The name every sandbox worker gets, so that tests and tools can count them. */
export const SANDBOX_NAME = 'deltalab-sandbox';

/**
 * What each runtime's sandbox workers add to their name (`deltalab-sandbox-candidate-python`):
 * the browser layer's table of runtimes. The page's sandbox frame starts them (see
 * `src/ui/sandbox/sandbox-runtimes.ts`).
 */
const NAME_SUFFIX: Readonly<Record<Runtime, string>> = { js: '', py: '-python' };

/** The browser platform, and how it is connected to the page's sandbox frame. */
export interface BrowserPlatform extends Platform {
  /** Connects the port to the sandbox iframe; sandboxes can be started from then on. */
  connect(port: MessagePort): void;
}

/**
 * The browser platform: sandbox workers started by the page's sandbox iframe (an opaque origin,
 * see `sandbox-iframe.ts`) and reached over a `MessageChannel` of their own, so that a trial goes
 * straight from here to the worker and back; code transpiled here, the last few codes
 * remembered; the page clock; random session ids; grammars fetched from the site when a program
 * is first parsed.
 */
export function browserPlatform(tool: string): BrowserPlatform {
  let host: MessagePort | null = null;
  let next = 0;
  const exits = new Map<number, (reason: ExitReason) => void>();
  const send = (request: SandboxHostRequest, transfer: Transferable[] = []) => {
    if (!host) throw new Error('the sandbox iframe is not connected');
    host.postMessage(request, transfer);
  };
  return {
    connect(port) {
      host = port;
      port.addEventListener('message', (event: MessageEvent<SandboxHostEvent>) => {
        const { type, id, message } = event.data;
        if (type !== 'exit') return;
        const exit = exits.get(id);
        exits.delete(id);
        exit?.({ name: 'WorkerError', message });
      });
      port.start();
    },
    spawn(role: Role, runtime: Runtime) {
      const id = ++next;
      const channel = new MessageChannel();
      const name = `${SANDBOX_NAME}-${role}${NAME_SUFFIX[runtime]}`;
      send({ type: 'spawn', id, name, port: channel.port2, runtime }, [channel.port2]);
      const listeners: ((reason: ExitReason) => void)[] = [];
      exits.set(id, (reason) => {
        for (const listener of listeners) listener(reason);
      });
      return {
        endpoint: channel.port1,
        terminate() {
          exits.delete(id);
          channel.port1.close();
          send({ type: 'terminate', id });
        },
        onExit(listener) {
          listeners.push(listener);
        },
      };
    },
    reset() {
      exits.clear();
      if (host) send({ type: 'reset' });
    },
    transpile: transpileRemembering(),
    clock: () => performance.now(),
    stamp: () => ({ id: crypto.randomUUID(), created: new Date().toISOString(), tool }),
    grammars: browserGrammarFiles(),
  };
}
