import type { Endpoint } from 'comlink';

/** Either end of a Node IPC channel: a child process, or `process` inside the child. */
export interface IpcTarget {
  send?(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** A listener as Comlink passes it: a function, or an object with `handleEvent`. */
type Listener = Parameters<Endpoint['addEventListener']>[1];

/**
 * A Comlink endpoint over a Node IPC channel. Messages are copied by the channel's serialization
 * (`advanced`: typed arrays arrive as typed arrays); transfer lists have no meaning there.
 */
export function ipcEndpoint(target: IpcTarget): Endpoint {
  const bound = new Map<Listener, (message: unknown) => void>();
  return {
    postMessage: (message: unknown) => {
      target.send?.(message);
    },
    addEventListener: (_type: string, listener: Listener) => {
      const handler = (data: unknown) => {
        const event = { data } as unknown as Parameters<
          Exclude<Listener, { handleEvent: unknown }>
        >[0];
        if ('handleEvent' in listener) listener.handleEvent(event);
        else listener(event);
      };
      bound.set(listener, handler);
      target.on('message', handler);
    },
    removeEventListener: (_type: string, listener: Listener) => {
      const handler = bound.get(listener);
      if (handler) target.off('message', handler);
      bound.delete(listener);
    },
  };
}
