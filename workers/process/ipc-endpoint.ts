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
 * A Comlink endpoint over a Node IPC channel with JSON serialization (the fastest Node has for
 * small messages). Typed arrays, which JSON cannot carry, travel as base64 text of their bytes
 * and arrive as typed arrays again; transfer lists have no meaning there.
 *
 * Each message is handled in a task of its own, as a browser's `MessagePort` delivers it, so the
 * promise jobs one message starts (Comlink's answer to it) run before the next message is
 * handled. Node emits every message read at once before running any of them: a request sent
 * right behind another (a load behind a ping) would otherwise hold back the answer to the first.
 */
export function ipcEndpoint(target: IpcTarget): Endpoint {
  const bound = new Map<Listener, (message: unknown) => void>();
  return {
    postMessage: (message: unknown) => {
      target.send?.(tagTypedArrays(message));
    },
    addEventListener: (_type: string, listener: Listener) => {
      const deliver = (message: unknown) => {
        const data = untagTypedArrays(message);
        const event = { data } as unknown as Parameters<
          Exclude<Listener, { handleEvent: unknown }>
        >[0];
        if ('handleEvent' in listener) listener.handleEvent(event);
        else listener(event);
      };
      // Messages that wait for the promise jobs of the one handled before them, in order.
      const waiting: unknown[] = [];
      // Whether a message was handled in this turn whose promise jobs have not run yet.
      let busy = false;
      const next = () => {
        const message = waiting.shift();
        // Not to a listener removed meanwhile (Comlink's release).
        if (bound.get(listener) === handler) deliver(message);
        if (waiting.length > 0) setImmediate(next);
      };
      const handler = (message: unknown) => {
        if (busy || waiting.length > 0) {
          waiting.push(message);
          if (waiting.length === 1) setImmediate(next);
          return;
        }
        // A message alone in its turn (every one, when requests wait for answers) is handled
        // at once.
        busy = true;
        queueMicrotask(() => {
          busy = false;
        });
        deliver(message);
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

/** The typed arrays a message may hold, by tag. */
const TYPED = {
  f64: Float64Array,
  i32: Int32Array,
  i16: Int16Array,
  i8: Int8Array,
  u32: Uint32Array,
  u16: Uint16Array,
} as const;

type Tag = keyof typeof TYPED;

/**
 * `value` with each typed array replaced by `{ $typed: tag, bytes }` (base64). Only the arrays
 * and objects on the way to a typed array are copied; a message without one (every call of a
 * trial) is sent as it is, with no copy made.
 */
function tagTypedArrays(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) {
    const tag = tagOf(value);
    return tag ? { $typed: tag, bytes: base64(value) } : value;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const tagged = tagTypedArrays(item);
      if (tagged !== item && !copy) copy = value.slice();
      if (copy) copy[i] = tagged;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    const tagged = tagTypedArrays(item);
    if (tagged !== item && !copy) copy = { ...record };
    if (copy) copy[key] = tagged;
  }
  return copy ?? value;
}

/** The message `tagTypedArrays` was given, typed arrays restored in place (it is parsed anew). */
function untagTypedArrays(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') value[i] = untagTypedArrays(item);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  const tag = record.$typed;
  if (typeof tag === 'string' && Object.hasOwn(TYPED, tag) && typeof record.bytes === 'string') {
    const bytes = Buffer.from(record.bytes, 'base64');
    const Typed = TYPED[tag as Tag];
    // Copied into an array of its own: the decoded bytes may not be aligned for it.
    const aligned = new Uint8Array(bytes.length);
    aligned.set(bytes);
    return new Typed(aligned.buffer, 0, bytes.length / Typed.BYTES_PER_ELEMENT);
  }
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    if (item !== null && typeof item === 'object') record[key] = untagTypedArrays(item);
  }
  return record;
}

function tagOf(view: ArrayBufferView): Tag | undefined {
  return (Object.keys(TYPED) as Tag[]).find((tag) => view instanceof TYPED[tag]);
}

function base64(array: ArrayBufferView): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
}
