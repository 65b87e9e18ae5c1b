import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ipcEndpoint } from '../../../workers/process/ipc-endpoint.js';

/** Two ends of a channel that carries messages as JSON text, as Node's IPC does. */
function jsonPair() {
  const [a, b] = [new EventEmitter(), new EventEmitter()];
  const end = (self: EventEmitter, other: EventEmitter) => ({
    send: (message: unknown) => other.emit('message', JSON.parse(JSON.stringify(message))),
    on: (event: 'message', listener: (message: unknown) => void) => self.on(event, listener),
    off: (event: 'message', listener: (message: unknown) => void) => self.off(event, listener),
  });
  return [ipcEndpoint(end(a, b)), ipcEndpoint(end(b, a))] as const;
}

describe('ipcEndpoint', () => {
  it('carries every typed array a batch may hold, as the same kind with the same numbers', async () => {
    const [left, right] = jsonPair();
    const arrays = [
      Int8Array.of(-128, 0, 127),
      Int16Array.of(-32768, 300),
      Int32Array.of(-(2 ** 31), 2 ** 31 - 1),
      Float64Array.of(-0, 1.5, Number.NaN, Number.POSITIVE_INFINITY),
      Uint16Array.of(0, 65535),
      Uint32Array.of(0, 2 ** 32 - 1),
    ];
    const received = new Promise<unknown>((resolve) =>
      right.addEventListener('message', (event) => resolve((event as MessageEvent).data)),
    );
    left.postMessage({ batch: { arrays, rest: ['text', 3] } });
    const data = (await received) as { batch: { arrays: ArrayBufferView[]; rest: unknown[] } };
    expect(data.batch.rest).toEqual(['text', 3]);
    data.batch.arrays.forEach((array, i) => {
      expect(array.constructor).toBe(arrays[i]?.constructor);
      expect(Array.from(array as Float64Array)).toEqual(Array.from(arrays[i] as Float64Array));
    });
  });

  it('sends a message without typed arrays as it is, and copies only the way to one', () => {
    const sent: unknown[] = [];
    const endpoint = ipcEndpoint({ send: (m) => sent.push(m), on: () => {}, off: () => {} });
    const call = { id: 'a', path: ['call'], argumentList: [{ type: 'RAW', value: [1, -2, 3] }] };
    endpoint.postMessage(call);
    expect(sent[0]).toBe(call);
    const numbers = Int32Array.of(7, -7);
    const kept = { text: ['x'] };
    const answer = { id: 'b', value: { numbers, kept } };
    endpoint.postMessage(answer);
    const tagged = sent[1] as { id: string; value: { numbers: unknown; kept: unknown } };
    expect(tagged).not.toBe(answer);
    expect(tagged.value.numbers).toEqual({ $typed: 'i32', bytes: expect.any(String) });
    // What holds no typed array is not copied, and the message given is left as it was.
    expect(tagged.value.kept).toBe(kept);
    expect(answer.value.numbers).toBe(numbers);
  });

  it('handles each message in a task of its own: the promise jobs of one run before the next', async () => {
    const [left, right] = jsonPair();
    const seen: string[] = [];
    const both = new Promise<void>((resolve) =>
      right.addEventListener('message', (event) => {
        const name = String((event as MessageEvent).data);
        seen.push(name);
        // What Comlink does to answer a request: after a promise job.
        void Promise.resolve().then(() => seen.push(`${name} answered`));
        if (name === 'second') setTimeout(resolve, 0);
      }),
    );
    // Both arrive at once, as Node emits messages read in one chunk.
    left.postMessage('first');
    left.postMessage('second');
    await both;
    expect(seen).toEqual(['first', 'first answered', 'second', 'second answered']);
  });

  it('hands nothing to a listener removed while a message waited', async () => {
    const [left, right] = jsonPair();
    const seen: unknown[] = [];
    const listener = (event: Event) => void seen.push((event as MessageEvent).data);
    right.addEventListener('message', listener);
    // The second waits for the first one's promise jobs; the listener is removed meanwhile.
    left.postMessage('first');
    left.postMessage('second');
    right.removeEventListener('message', listener);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual(['first']);
  });
});
