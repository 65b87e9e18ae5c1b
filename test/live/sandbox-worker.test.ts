import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { type End, SandboxWorker } from '../../src/live/sandbox-worker.js';
import type { ExitReason, WorkerPort } from '../../src/protocol/sandbox.js';

/** A worker behind a MessageChannel whose `call` answers `input[0]` after `input[1]` ms. */
function fakePort() {
  const { port1, port2 } = new MessageChannel();
  const state = { terminated: 0, exit: (_reason: ExitReason) => {} };
  expose(
    {
      ping: () => true,
      call: (input: number[]) =>
        new Promise((resolve) => setTimeout(() => resolve(input[0]), input[1] ?? 0)),
    },
    port1,
  );
  const port: WorkerPort = {
    endpoint: port2,
    terminate: () => {
      state.terminated += 1;
      port1.close();
      port2.close();
    },
    onExit: (listener) => {
      state.exit = listener;
    },
  };
  return { port, state };
}

const ok = () => null;

describe('SandboxWorker', () => {
  it('settles a request with its answer and leaves the worker running', async () => {
    const { port, state } = fakePort();
    const ends: SandboxWorker[] = [];
    const worker = new SandboxWorker(port, (w) => ends.push(w));
    const settled = await worker.invoke<unknown>((api) => api.call([7, 0]), 1000, ok);
    expect(settled).toEqual({ kind: 'value', value: 7 });
    expect(await worker.invoke<unknown>((api) => api.ping(), 1000, ok)).toEqual({
      kind: 'value',
      value: true,
    });
    expect([worker.ended, state.terminated, ends.length]).toEqual([false, 0, 0]);
    worker.end({ kind: 'disposed' });
  });

  it('ends the worker when a budget runs out, telling its owner once, then every request', async () => {
    const { port, state } = fakePort();
    const told: string[] = [];
    const worker = new SandboxWorker(port, () => told.push('owner'));
    const slow = worker.invoke<unknown>((api) => api.call([1, 500]), 30, ok);
    const waiting = worker.invoke<unknown>((api) => api.call([2, 500]), 10_000, ok);
    void slow.then((s) => told.push(`slow ${s.kind}`));
    void waiting.then((s) => told.push(`waiting ${s.kind}`));
    expect((await slow).kind).toBe('timeout');
    expect((await waiting).kind).toBe('timeout');
    expect(told).toEqual(['owner', 'slow timeout', 'waiting timeout']);
    expect([worker.ended, state.terminated]).toEqual([true, 1]);
    worker.end({ kind: 'disposed' });
    expect([told.length, state.terminated]).toEqual([3, 1]);
  });

  it('starts a budget when `after` settles, not when the request is sent', async () => {
    const { port } = fakePort();
    const worker = new SandboxWorker(port, () => {});
    const after = new Promise((resolve) => setTimeout(resolve, 100));
    // Answers after 150 ms: past a 100 ms budget from the send, within it from `after`.
    const settled = await worker.invoke<unknown>((api) => api.call([5, 150]), 100, ok, after);
    expect(settled).toEqual({ kind: 'value', value: 5 });
    worker.end({ kind: 'disposed' });
  });

  it('ends as malformed on an answer its check refuses, and as an exit when the worker dies', async () => {
    const { port, state } = fakePort();
    const worker = new SandboxWorker(port, () => {});
    const refused = await worker.invoke<unknown>(
      (api) => api.ping(),
      1000,
      () => 'a ping answers false',
    );
    expect(refused).toEqual({ kind: 'malformed', problem: 'a ping answers false' });
    expect(state.terminated).toBe(1);

    const second = fakePort();
    const dying = new SandboxWorker(second.port, () => {});
    const hanging = dying.invoke<unknown>((api) => api.call([1, 2000]), 10_000, ok);
    const reason = { name: 'OutOfMemory', message: 'fake' };
    second.state.exit(reason);
    expect(await hanging).toEqual<End>({ kind: 'exit', reason });
    expect([dying.ended, second.state.terminated]).toEqual([true, 1]);
  });
});
