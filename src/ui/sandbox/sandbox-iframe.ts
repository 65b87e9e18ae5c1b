import { messageOf } from '../../core/text/error-text.js';
import type {
  FromIframe,
  PythonSource,
  SandboxHostEvent,
  SandboxHostRequest,
  ToIframe,
} from '../../protocol/iframe.js';
import { iframeDocument } from './iframe-document.js';

export type { PythonSource } from '../../protocol/iframe.js';

/** How long a spawn may wait for the frame's answer before the frame is taken for dead. */
const ANSWER_MS = 5000;

/** A sandbox worker the frame was asked for: who asked, under which id. */
interface Started {
  port: MessagePort;
  id: number;
  answered: boolean;
}

/**
 * The page's end of the sandbox: a hidden `<iframe sandbox="allow-scripts">` (an opaque origin:
 * no storage of the app's origin, no network under its content security policy, no way to the
 * page but the messages it posts) that starts sandbox workers from a blob of the sandbox
 * worker's code. Requests come from the reducer worker on ports given to {@link serve}; each
 * spawn carries the worker's end of a channel to the reducer worker, so trials never pass
 * through the page.
 *
 * The frame is made when first needed and removed by a reset, which ends every worker it
 * started and anything those started. A frame that stops answering (its process died, for
 * instance of memory) is removed too, and its workers are reported as ended.
 */
export class SandboxIframe {
  readonly #source: () => Promise<string>;
  readonly #python: () => Promise<PythonSource>;
  #iframe: HTMLIFrameElement | null = null;
  #ready: Promise<Window> | null = null;
  /** The Python runtime handed to the frame (once per frame), when Python has been used. */
  #pythonReady: Promise<void> | null = null;
  #listener: ((event: MessageEvent<FromIframe>) => void) | null = null;
  #next = 0;
  readonly #started = new Map<number, Started>();
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * `source` loads the sandbox worker's code (a lazy chunk: not part of the first paint);
   * `python` the Python sandbox worker's code and its runtime's files, only when Python is used.
   */
  constructor(source: () => Promise<string>, python: () => Promise<PythonSource>) {
    this.#source = source;
    this.#python = python;
  }

  /** Serves the requests that arrive on `port`, in order. */
  serve(port: MessagePort): void {
    port.addEventListener('message', (event: MessageEvent<SandboxHostRequest>) => {
      const request = event.data;
      this.#queue = this.#queue.then(() => this.#handle(port, request)).catch(() => {});
    });
    port.start();
  }

  /** Makes the frame ahead of need (it holds no worker and no code until asked). */
  warm(): void {
    void this.#open().catch(() => {});
  }

  /** Sandbox workers started and not yet ended or terminated. */
  get running(): number {
    return this.#started.size;
  }

  /** Removes the frame: every worker it started ends with it. */
  reset(): void {
    if (this.#listener) window.removeEventListener('message', this.#listener);
    this.#listener = null;
    this.#iframe?.remove();
    this.#iframe = null;
    this.#ready = null;
    this.#pythonReady = null;
    this.#started.clear();
  }

  async #handle(port: MessagePort, request: SandboxHostRequest): Promise<void> {
    switch (request.type) {
      case 'spawn': {
        const id = ++this.#next;
        const started: Started = { port, id: request.id, answered: false };
        this.#started.set(id, started);
        try {
          const iframeWindow = await this.#open();
          if (request.runtime === 'py') await this.#withPython(iframeWindow);
          const { name, port: channel, runtime } = request;
          post(iframeWindow, { type: 'spawn', id, name, port: channel, runtime }, [channel]);
        } catch (error) {
          this.#exit(id, `the sandbox iframe could not start: ${messageOf(error)}`);
          return;
        }
        setTimeout(() => {
          if (!started.answered && this.#started.get(id) === started) {
            this.#exit(id, 'the sandbox iframe stopped answering');
            this.reset();
          }
        }, ANSWER_MS);
        return;
      }
      case 'terminate': {
        const id = this.#idOf(port, request.id);
        if (id === undefined) return;
        this.#started.delete(id);
        const ready = this.#ready;
        if (ready) post(await ready, { type: 'terminate', id });
        return;
      }
      case 'reset':
        this.reset();
        return;
    }
  }

  /** Hands the Python runtime to the frame, once (a failed download is tried again next time). */
  #withPython(iframeWindow: Window): Promise<void> {
    this.#pythonReady ??= this.#python().then(
      ({ source, files }) => post(iframeWindow, { type: 'python', source, files }),
      (error: unknown) => {
        this.#pythonReady = null;
        throw error;
      },
    );
    return this.#pythonReady;
  }

  /** The frame's window, once its document has loaded the sandbox worker's code. */
  #open(): Promise<Window> {
    this.#ready ??= (async () => {
      const source = await this.#source();
      const iframe = document.createElement('iframe');
      iframe.sandbox.add('allow-scripts');
      iframe.hidden = true;
      iframe.title = 'sandbox';
      iframe.srcdoc = iframeDocument();
      const ready = new Promise<Window>((resolve) => {
        // Only this frame's messages count: its origin is opaque ("null"), so it is known by
        // its window.
        this.#listener = (event: MessageEvent<FromIframe>) => {
          if (event.source !== iframe.contentWindow || !iframe.contentWindow) return;
          if (event.data.type === 'ready') resolve(iframe.contentWindow);
          else this.#fromIframe(event.data);
        };
        window.addEventListener('message', this.#listener);
      });
      document.body.append(iframe);
      this.#iframe = iframe;
      const window_ = await ready;
      post(window_, { type: 'source', source });
      return window_;
    })();
    return this.#ready;
  }

  #fromIframe(message: FromIframe): void {
    if (message.type === 'spawned') {
      const started = this.#started.get(message.id);
      if (started) started.answered = true;
    } else if (message.type === 'exit') {
      this.#exit(message.id, message.message);
    }
  }

  /** Reports to the reducer worker that a sandbox worker ended on its own. */
  #exit(id: number, message: string): void {
    const started = this.#started.get(id);
    if (!started) return;
    this.#started.delete(id);
    const event: SandboxHostEvent = { type: 'exit', id: started.id, message };
    started.port.postMessage(event);
  }

  #idOf(port: MessagePort, requested: number): number | undefined {
    for (const [id, started] of this.#started) {
      if (started.port === port && started.id === requested) return id;
    }
    return undefined;
  }
}

/** Posts a message to the frame (its origin is opaque: only `*` reaches it). */
function post(iframeWindow: Window, message: ToIframe, transfer: Transferable[] = []): void {
  iframeWindow.postMessage(message, '*', transfer);
}
