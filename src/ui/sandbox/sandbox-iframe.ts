import { DEFAULT_LANGUAGE, type Runtime, runtimeOf } from '../../core/code/runtimes/registry.js';
import { messageOf } from '../../core/text/error-text.js';
import type {
  FromIframe,
  SandboxHostEvent,
  SandboxHostRequest,
  SandboxSource,
  ToIframe,
} from '../../protocol/iframe.js';
import { iframeDocument } from './iframe-document.js';

/**
 * Where each runtime's sandbox worker code comes from (a lazy chunk, and for Python its
 * runtime's files, downloaded): the page's table of runtimes.
 */
export type SandboxSources = Readonly<Record<Runtime, () => Promise<SandboxSource>>>;

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
 * page but the messages it posts) that starts sandbox workers from a blob of their runtime's
 * sandbox worker code. Requests come from the reducer worker on ports given to {@link serve}; each
 * spawn carries the worker's end of a channel to the reducer worker, so trials never pass
 * through the page.
 *
 * The frame is made when first needed and removed by a reset, which ends every worker it
 * started and anything those started. A frame that stops answering (its process died, for
 * instance of memory) is removed too, and its workers are reported as ended.
 */
export class SandboxIframe {
  readonly #sources: SandboxSources;
  #frame: HTMLIFrameElement | null = null;
  #ready: Promise<Window> | null = null;
  /** The runtimes handed to the frame (each once per frame, when first used). */
  readonly #given = new Map<Runtime, Promise<void>>();
  #listener: ((event: MessageEvent<FromIframe>) => void) | null = null;
  #next = 0;
  readonly #started = new Map<number, Started>();
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * `sources` load each runtime's sandbox worker code (lazy chunks: not part of the first paint)
   * and its files, each only when its runtime is used.
   */
  constructor(sources: SandboxSources) {
    this.#sources = sources;
  }

  /** Serves the requests that arrive on `port`, in order. */
  serve(port: MessagePort): void {
    port.addEventListener('message', (event: MessageEvent<SandboxHostRequest>) => {
      const request = event.data;
      this.#queue = this.#queue.then(() => this.#handle(port, request)).catch(() => {});
    });
    port.start();
  }

  /**
   * Makes the frame ahead of need, with the default language's runtime (it holds no worker and
   * no user code until asked).
   */
  warm(): void {
    void this.#open()
      .then((frame) => this.#withRuntime(frame, runtimeOf(DEFAULT_LANGUAGE)))
      .catch(() => {});
  }

  /** Sandbox workers started and not yet ended or terminated. */
  get running(): number {
    return this.#started.size;
  }

  /** Removes the frame: every worker it started ends with it. */
  reset(): void {
    if (this.#listener) window.removeEventListener('message', this.#listener);
    this.#listener = null;
    this.#frame?.remove();
    this.#frame = null;
    this.#ready = null;
    this.#given.clear();
    this.#started.clear();
  }

  async #handle(port: MessagePort, request: SandboxHostRequest): Promise<void> {
    switch (request.type) {
      case 'spawn': {
        const id = ++this.#next;
        const started: Started = { port, id: request.id, answered: false };
        this.#started.set(id, started);
        try {
          const frame = await this.#open();
          await this.#withRuntime(frame, request.runtime);
          const { name, port: channel, runtime } = request;
          post(frame, { type: 'spawn', id, name, port: channel, runtime }, [channel]);
        } catch (error) {
          this.#exit(id, `the sandbox frame could not start: ${messageOf(error)}`);
          return;
        }
        setTimeout(() => {
          if (!started.answered && this.#started.get(id) === started) {
            this.#exit(id, 'the sandbox frame stopped answering');
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

  /** Hands a runtime to the frame, once (a failed download is tried again next time). */
  #withRuntime(frame: Window, runtime: Runtime): Promise<void> {
    let given = this.#given.get(runtime);
    if (!given) {
      given = this.#sources[runtime]().then(
        (source) => post(frame, { type: 'runtime', runtime, ...source }),
        (error: unknown) => {
          this.#given.delete(runtime);
          throw error;
        },
      );
      this.#given.set(runtime, given);
    }
    return given;
  }

  /** The frame's window, once its document has loaded. */
  #open(): Promise<Window> {
    this.#ready ??= (async () => {
      const frame = document.createElement('iframe');
      frame.sandbox.add('allow-scripts');
      frame.hidden = true;
      frame.title = 'sandbox';
      frame.srcdoc = iframeDocument();
      const ready = new Promise<Window>((resolve) => {
        // Only this frame's messages count: its origin is opaque ("null"), so it is known by
        // its window.
        this.#listener = (event: MessageEvent<FromIframe>) => {
          if (event.source !== frame.contentWindow || !frame.contentWindow) return;
          if (event.data.type === 'ready') resolve(frame.contentWindow);
          else this.#fromFrame(event.data);
        };
        window.addEventListener('message', this.#listener);
      });
      document.body.append(frame);
      this.#frame = frame;
      return ready;
    })();
    return this.#ready;
  }

  #fromFrame(message: FromIframe): void {
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
function post(frame: Window, message: ToIframe, transfer: Transferable[] = []): void {
  frame.postMessage(message, '*', transfer);
}
