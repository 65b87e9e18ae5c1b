import { expose } from 'comlink';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/core/oracle/classify.js';
import { JUDGED_AHEAD } from '../../src/core/reduce/exhaustive.js';
import { SandboxClient } from '../../src/live/sandbox-client.js';
import { transpile } from '../../src/live/transpile.js';
import { batchInput, batchLength, encodeResults } from '../../src/protocol/batch.js';
import type {
  BatchInputs,
  CodeSpec,
  ExitReason,
  LoadSpec,
  Spawn,
} from '../../src/protocol/sandbox.js';
import { createSandboxApi } from '../../workers/sandbox/api.js';

/** First elements that make the fake worker misbehave. */
const HANG = 1000; // never answers
const DIE = 2000; // the worker dies during the call
const DIE_ON_CUE = 2500; // the worker dies during the call when the test says `cue()`
const SLOW = 3000; // answers after input[1] ms
const FORGE = 4000; // answers with forged result number input[1]

/** Answers a sandbox could not have sent: what a worker reached by user code might try. */
const FORGED: unknown[] = [
  { ok: false, timeout: true, error: { name: 'Timeout', message: 'ran longer' }, ms: 1 },
  { ok: false, error: { name: 'Error', message: 'x', role: 'reference' }, ms: 1 },
  { ok: true, value: 1, ms: -1 },
  { ok: true, value: { nested: [Number.NaN] }, ms: 1 },
  { ok: 'yes', value: 1, ms: 1 },
  // Objects that are not plain data: they arrive as real objects of the host's realm.
  { ok: true, value: new Date(0), ms: 1 },
  { ok: true, value: [new Map([[1, 2]])], ms: 1 },
  { ok: true, value: { a: /x/ }, ms: 1 },
  { ok: true, value: new ArrayBuffer(8), ms: 1 },
  { ok: true, value: new Uint8Array(4), ms: 1 },
  // Tags no sandbox writes, or writes otherwise; more than a sandbox answers.
  { ok: true, value: { $: 'evil' }, ms: 1 },
  { ok: true, value: { $: 'long', n: 1, v: '', h: '0123456789abcdef' }, ms: 1 },
  { ok: true, value: { $: 'undefined', extra: 1 }, ms: 1 },
  { ok: true, value: 'x'.repeat(5000), ms: 1 },
  { ok: false, error: { name: 'Error', message: 'm'.repeat(3000) }, ms: 1 },
  { ok: true, value: JSON.parse(`${'['.repeat(80)}1${']'.repeat(80)}`), ms: 1 },
];

const CODE: CodeSpec = {
  source: 'export function candidate(a: number[]): number {\n  return a.length;\n}',
  language: 'ts',
  role: 'candidate',
};

/**
 * An in-process stand-in for a worker: the real sandbox API behind a MessageChannel, with
 * inputs that hang or kill it (a real hang would block the test's own thread).
 */
function fakeSpawn(options: { loadHangs?: boolean; spawnThrows?: boolean; pingMs?: number } = {}) {
  const counts = { load: 0, call: 0, callBatch: 0 };
  /** What the worker heard and answered, in order. */
  const heard: string[] = [];
  /** The first number of each batch sent, in the order the workers heard them. */
  const firsts: number[] = [];
  const workers: { terminated: boolean }[] = [];
  /** Deaths waiting for the test's cue. */
  const cued: (() => void)[] = [];
  const cue = () => {
    for (const die of cued.splice(0)) die();
  };
  const spawn: Spawn = () => {
    if (options.spawnThrows) throw new Error('no workers here');
    const { port1, port2 } = new MessageChannel();
    const inner = createSandboxApi();
    const listeners: ((reason: ExitReason) => void)[] = [];
    const worker = { terminated: false };
    const behave = (input: number[]): CallResult | Promise<CallResult> => {
      if (input[0] === HANG) return new Promise(() => {});
      const die = () => {
        if (worker.terminated) return;
        for (const listener of listeners) listener({ name: 'OutOfMemory', message: 'fake OOM' });
      };
      if (input[0] === DIE) {
        setTimeout(die, 5);
        return new Promise(() => {});
      }
      if (input[0] === DIE_ON_CUE) {
        cued.push(die);
        return new Promise(() => {});
      }
      if (input[0] === FORGE) return FORGED[input[1] ?? 0] as CallResult;
      if (input[0] === SLOW)
        return new Promise((resolve) => setTimeout(() => resolve(inner.call(input)), input[1]));
      return inner.call(input);
    };
    // A worker takes one message at a time, in the order sent: so does this one with its calls.
    let busy: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(work: () => T | Promise<T>): Promise<T> => {
      const turn = busy.then(work);
      busy = turn.catch(() => undefined);
      return turn;
    };
    expose(
      {
        load: (spec: LoadSpec) => {
          counts.load += 1;
          heard.push('load');
          return options.loadHangs ? new Promise(() => {}) : inner.load(spec);
        },
        call: (input: number[]) => {
          counts.call += 1;
          heard.push(`call ${input[0]}`);
          return inTurn(() => behave(input));
        },
        callBatch: (inputs: BatchInputs) => {
          counts.callBatch += 1;
          const name = `batch ${counts.callBatch}`;
          heard.push(`${name} sent`);
          firsts.push((batchInput(inputs, 0) as number[])[0] ?? -1);
          return inTurn(async () => {
            // One result short of the batch: a reply no sandbox sends.
            if ((batchInput(inputs, 0) as number[])[0] === FORGE) return encodeResults([]);
            const results: CallResult[] = [];
            for (let i = 0; i < batchLength(inputs); i++)
              results.push(await behave(batchInput(inputs, i) as number[]));
            heard.push(`${name} answered`);
            return encodeResults(results);
          });
        },
        ping: () => {
          heard.push('ping');
          const pingMs = options.pingMs;
          if (pingMs === undefined) return true;
          return new Promise((resolve) =>
            setTimeout(() => {
              heard.push('ping answered');
              resolve(true);
            }, pingMs),
          );
        },
      },
      port1,
    );
    workers.push(worker);
    return {
      endpoint: port2,
      terminate() {
        worker.terminated = true;
        port1.close();
        port2.close();
      },
      onExit(listener) {
        listeners.push(listener);
      },
    };
  };
  return { spawn, counts, workers, heard, firsts, cue };
}

/** Lets the client send what it was asked for so far. */
function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function value(result: CallResult | undefined): unknown {
  if (!result) return 'missing';
  if (result.ok) return result.value;
  return result.timeout ? 'TIMEOUT' : result.error.name;
}

describe('SandboxClient', () => {
  it('starts a worker only when first needed and loads the code once', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile);
    expect(client.spawned).toBe(0);
    expect(await client.load()).toEqual({ ok: true, exports: ['candidate'], entry: 'candidate' });
    await client.load();
    expect(await client.call([4, 5])).toMatchObject({ ok: true, value: 2 });
    expect([client.spawned, client.alive, fake.counts.load]).toEqual([1, 1, 1]);
    client.dispose();
  });

  it('times out a hanging call, terminates the worker, and reloads on a fresh one', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 100 });
    const result = await client.call([HANG]);
    expect(result).toMatchObject({
      ok: false,
      timeout: true,
      error: { name: 'Timeout', message: 'ran longer than 100 ms', role: 'candidate' },
    });
    expect(result.ms).toBeGreaterThanOrEqual(95);
    expect([client.terminated, client.alive, fake.workers[0]?.terminated]).toEqual([1, 0, true]);
    expect(await client.call([1, 2, 3])).toMatchObject({ ok: true, value: 3 });
    expect([client.spawned, client.alive, fake.counts.load]).toEqual([2, 1, 2]);
    client.dispose();
  });

  it('reports a worker that dies as a crash and recovers', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile);
    expect(await client.call([DIE])).toMatchObject({
      ok: false,
      error: { name: 'OutOfMemory', message: 'fake OOM', role: 'candidate' },
    });
    expect(await client.call([1])).toMatchObject({ ok: true, value: 1 });
    expect([client.spawned, client.terminated]).toEqual([2, 1]);
    client.dispose();
  });

  it('runs a batch that fits in its budget in one round trip', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile);
    expect((await client.callBatch([[1], [1, 2], []])).map(value)).toEqual([1, 2, 0]);
    expect(await client.callBatch([])).toEqual([]);
    expect([fake.counts.callBatch, fake.counts.call]).toEqual([1, 0]);
    client.dispose();
  });

  it('re-runs an overrunning batch input by input: only the hanging input times out', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 100 });
    expect((await client.callBatch([[1], [HANG], [1, 2, 3]])).map(value)).toEqual([
      1,
      'TIMEOUT',
      3,
    ]);
    expect((await client.callBatch([[1], [DIE], [1, 2]])).map(value)).toEqual([
      1,
      'OutOfMemory',
      2,
    ]);
    expect((await client.callBatch([[HANG]])).map(value)).toEqual(['TIMEOUT']);
    client.dispose();
  });

  it('gives a batch the budget as a whole, and each call its own', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 250 });
    await client.load();
    const batch = await client.callBatch([
      [SLOW, 150],
      [SLOW, 150],
    ]);
    expect(batch.map(value)).toEqual([2, 2]);
    expect([fake.counts.callBatch, fake.counts.call]).toEqual([1, 2]);
    // Queued calls wait their turn: the budget times the call, not the queue.
    const queued = await Promise.all([
      client.call([SLOW, 150]),
      client.call([SLOW, 150]),
      client.call([SLOW, 150]),
    ]);
    expect(queued.map(value)).toEqual([2, 2, 2]);
    client.dispose();
  });

  it('sends a batch asked for while the only one in flight runs right behind it', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 400 });
    await client.callBatch([[1]]); // the first batch times the calls: nothing is sent ahead of it
    // Each batch takes 300 ms of a 400 ms budget: the one sent ahead, its budget running from
    // the answer before it, fits as well (from its sending, it would need 600 ms).
    const first = client.callBatch([[SLOW, 300]]);
    await tick();
    const second = client.callBatch([
      [SLOW, 300],
      [1, 2, 3],
    ]);
    expect((await first).map(value)).toEqual([2]);
    expect((await second).map(value)).toEqual([2, 3]);
    expect(fake.heard.filter((line) => line.startsWith('batch'))).toEqual([
      'batch 1 sent',
      'batch 1 answered',
      'batch 2 sent',
      'batch 3 sent',
      'batch 2 answered',
      'batch 3 answered',
    ]);
    expect([client.spawned, fake.counts.call]).toEqual([1, 0]);
    client.dispose();
  });

  it('sends up to JUDGED_AHEAD batches behind the one in flight, and the next one after them', async () => {
    expect(JUDGED_AHEAD).toBe(2);
    const fake = fakeSpawn();
    // A budget that still takes a batch of two such calls in one round trip once timed.
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 1000 });
    await client.callBatch([[1]]);
    const asked: Promise<CallResult[]>[] = [];
    for (let i = 0; i < 4; i++) {
      // Each takes 200 ms of its budget, which runs from the answer before it: all four are
      // asked for long before the first is answered.
      asked.push(client.callBatch([[SLOW, 200], [i]]));
      await tick();
    }
    expect((await Promise.all(asked)).map((results) => results.map(value))).toEqual([
      [2, 1],
      [2, 1],
      [2, 1],
      [2, 1],
    ]);
    expect(fake.heard.filter((line) => line.startsWith('batch')).slice(2)).toEqual([
      'batch 2 sent',
      'batch 3 sent',
      'batch 4 sent',
      'batch 2 answered',
      'batch 3 answered',
      'batch 4 answered',
      'batch 5 sent',
      'batch 5 answered',
    ]);
    expect([client.spawned, fake.counts.call]).toEqual([1, 0]);
    client.dispose();
  });

  it('sends a batch asked for with nothing queued at once, and those asked for with it right behind', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 400 });
    await client.callBatch([[1]]);
    // As a check asks for a batch and the two it announces, in one go: each goes out in the
    // order asked for, before the first is answered, and the one after them once one is.
    const asked = [10, 11, 12].map((first) => client.callBatch([[first], [SLOW, 150]]));
    await asked[0];
    asked.push(client.callBatch([[13], [SLOW, 150]]));
    expect((await Promise.all(asked)).map((results) => results.map(value))).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(fake.firsts).toEqual([1, 10, 11, 12, 13]);
    expect(fake.heard.filter((line) => line.startsWith('batch')).slice(2)).toEqual([
      'batch 2 sent',
      'batch 3 sent',
      'batch 4 sent',
      'batch 2 answered',
      'batch 5 sent',
      'batch 3 answered',
      'batch 4 answered',
      'batch 5 answered',
    ]);
    client.dispose();
  });

  it('sends no batch ahead of a call queued before it', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 400 });
    await client.callBatch([[1]]);
    // The call waits for its turn (a microtask): the batch behind it must not overtake it by
    // following the batch that was answered before either was asked for.
    const call = client.call([5, 5]);
    const batch = client.callBatch([[6]]);
    expect([value(await call), (await batch).map(value)]).toEqual([2, [1]]);
    expect(fake.heard.slice(-3)).toEqual(['call 5', 'batch 2 sent', 'batch 2 answered']);
    client.dispose();
  });

  it('runs the batches sent ahead again when the one before them hangs or kills the worker', async () => {
    // The hang's budget is long enough, and the death waits for its cue, so that both batches
    // are sent ahead before the worker ends, however loaded the machine.
    for (const [bad, expected, budgetMs] of [
      [HANG, 'TIMEOUT', 1000],
      [DIE_ON_CUE, 'OutOfMemory', 100],
    ] as const) {
      const fake = fakeSpawn();
      const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs });
      await client.callBatch([[1]]);
      const first = client.callBatch([[bad]]);
      await tick();
      const second = client.callBatch([[1], [1, 2]]);
      await tick();
      const third = client.callBatch([[1, 2, 3]]);
      await tick();
      expect(fake.heard.filter((line) => line.endsWith('sent'))).toHaveLength(4);
      fake.cue();
      expect((await first).map(value)).toEqual([expected]);
      // Not blamed for the worker's end: each run again, in one round trip, on a fresh worker.
      expect((await second).map(value)).toEqual([1, 2]);
      expect((await third).map(value)).toEqual([3]);
      expect(fake.heard.filter((line) => line.endsWith('sent'))).toHaveLength(6);
      expect([client.spawned, client.alive, fake.counts.call]).toEqual([2, 1, 0]);
      client.dispose();
    }
  });

  it('sends no batch ahead of batches sent to a worker that ended, which run again first', async () => {
    const fake = fakeSpawn();
    // A budget long enough that the second and third are sent before the hang is given up.
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 1000 });
    await client.callBatch([[1]]);
    const first = client.callBatch([[HANG]]);
    await tick();
    const second = client.callBatch([[SLOW, 50]]);
    await tick();
    const third = client.callBatch([[5]]);
    expect((await first).map(value)).toEqual(['TIMEOUT']);
    await tick();
    // Asked for while the second runs again on a fresh worker, the third waiting to.
    const fourth = client.callBatch([[7]]);
    expect((await Promise.all([second, third, fourth])).map((r) => r.map(value))).toEqual([
      [2],
      [1],
      [1],
    ]);
    expect(fake.firsts).toEqual([1, HANG, SLOW, 5, SLOW, 5, 7]);
    client.dispose();
  });

  it('answers batches asked for one behind the other in order, whatever hangs or dies', async () => {
    type Kind = 'ok' | 'slow' | 'hang' | 'die';
    const inputOf = (kind: Kind) =>
      kind === 'hang' ? [HANG] : kind === 'die' ? [DIE] : kind === 'slow' ? [SLOW, 30] : [7, 7];
    const expectedOf = (kind: Kind) =>
      kind === 'hang' ? 'TIMEOUT' : kind === 'die' ? 'OutOfMemory' : 2;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Kind>('ok', 'slow', 'slow', 'hang', 'die'), {
          minLength: 1,
          maxLength: 5,
        }),
        async (kinds) => {
          const fake = fakeSpawn();
          const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 150 });
          await client.callBatch([[1]]);
          const pending: Promise<unknown[]>[] = [];
          for (const kind of kinds) {
            // As a runner asks: the next batch while the last is in flight.
            pending.push(client.callBatch([[1], inputOf(kind)]).then((r) => r.map(value)));
            await tick();
          }
          expect(await Promise.all(pending)).toEqual(kinds.map((kind) => [1, expectedOf(kind)]));
          expect(client.alive).toBeLessThanOrEqual(1);
          client.dispose();
          expect(fake.workers.every((worker) => worker.terminated)).toBe(true);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('returns a compile error from load and from every call, without starting a worker', async () => {
    const fake = fakeSpawn();
    const code: CodeSpec = {
      source: 'export function candidate(a) {\n  return a +;\n}',
      language: 'js',
      role: 'reference',
    };
    const client = new SandboxClient(fake.spawn, code, transpile);
    const loaded = await client.load();
    expect(loaded).toMatchObject({ ok: false, error: { name: 'SyntaxError', line: 2 } });
    const result = await client.call([1]);
    expect(result).toMatchObject({
      ok: false,
      error: { name: 'SyntaxError', line: 2, role: 'reference' },
    });
    await client.callBatch([[1], [2]]);
    // The code is transpiled on the host: a syntax error needs no worker at all.
    expect([client.spawned, client.alive]).toEqual([0, 0]);
  });

  it('reloads other code in the running worker: fresh module state, no new worker', async () => {
    const fake = fakeSpawn();
    const counting = (step: number) =>
      `let calls = 0;\nexport function candidate(a) {\n  calls += ${step};\n  return calls;\n}`;
    const client = new SandboxClient(fake.spawn, { ...CODE, source: counting(1) }, transpile, {
      budgetMs: 100,
    });
    expect(await client.call([1])).toMatchObject({ ok: true, value: 1 });
    expect(await client.call([1])).toMatchObject({ ok: true, value: 2 });
    // Queued behind a call: the call still runs the old code.
    const before = client.call([1]);
    const reloaded = client.reload(counting(10));
    expect(await before).toMatchObject({ ok: true, value: 3 });
    expect(await reloaded).toMatchObject({ ok: true, entry: 'candidate' });
    expect(await client.call([1])).toMatchObject({ ok: true, value: 10 });
    expect(await client.callBatch([[1], [2]])).toMatchObject([{ value: 20 }, { value: 30 }]);
    expect([client.spawned, client.alive, fake.counts.load]).toEqual([1, 1, 2]);
    // A worker started later (after a timeout) gets the new code too.
    expect(await client.call([HANG])).toMatchObject({ ok: false, timeout: true });
    expect(await client.call([1])).toMatchObject({ ok: true, value: 10 });
    expect([client.spawned, fake.counts.load]).toEqual([2, 3]);
    client.dispose();
  });

  it('answers a reload of broken code with its error, in every call after it', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile);
    expect(await client.call([1, 2])).toMatchObject({ ok: true, value: 2 });
    const broken = 'export function candidate(a) {\n  return a +;\n}';
    expect(await client.reload(broken)).toMatchObject({
      ok: false,
      error: { name: 'SyntaxError', line: 2 },
    });
    expect(await client.call([1])).toMatchObject({
      ok: false,
      error: { name: 'SyntaxError', line: 2, role: 'candidate' },
    });
    // And back: the worker that kept running takes working code again.
    expect(await client.reload(CODE.source)).toMatchObject({ ok: true });
    expect(await client.call([1, 2, 3])).toMatchObject({ ok: true, value: 3 });
    expect(client.spawned).toBe(1);
    client.dispose();
  });

  it('gives a load that hangs a budget of its own', async () => {
    const client = new SandboxClient(fakeSpawn({ loadHangs: true }).spawn, CODE, transpile, {
      loadBudgetMs: 100,
    });
    expect(await client.load()).toEqual({
      ok: false,
      error: {
        name: 'Timeout',
        message: 'loading the candidate code ran longer than 100 ms',
        line: 1,
        column: 1,
      },
    });
    expect(await client.call([1])).toMatchObject({
      ok: false,
      error: { name: 'Timeout', role: 'candidate' },
    });
    expect(client.alive).toBe(0);
  });

  it('sends the code right behind the ping, its budget running from the answer on', async () => {
    // A worker slow to start: the ping answers after 150 ms, longer than the load budget.
    const fake = fakeSpawn({ pingMs: 150 });
    const client = new SandboxClient(fake.spawn, CODE, transpile, { loadBudgetMs: 100 });
    expect(await client.load()).toEqual({ ok: true, exports: ['candidate'], entry: 'candidate' });
    // The code was there before the ping was answered: one round trip, not two.
    expect(fake.heard).toEqual(['ping', 'load', 'ping answered']);
    expect(await client.call([4, 5])).toMatchObject({ ok: true, value: 2 });
    client.dispose();
  });

  it('reports a spawn that fails as a load error', async () => {
    const client = new SandboxClient(fakeSpawn({ spawnThrows: true }).spawn, CODE, transpile);
    expect(await client.load()).toMatchObject({
      ok: false,
      error: {
        name: 'WorkerError',
        message: 'the sandbox worker could not start: no workers here',
      },
    });
  });

  it('on dispose rejects the running, the queued and later calls, and leaves no worker', async () => {
    const fake = fakeSpawn();
    const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 10_000 });
    await client.load();
    const running = client.call([HANG]);
    const queued = client.callBatch([[1]]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    client.dispose();
    await expect(running).rejects.toThrow('the sandbox was disposed');
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    await expect(client.call([1])).rejects.toThrow('disposed');
    await expect(client.load()).rejects.toThrow('disposed');
    expect(client.alive).toBe(0);
    expect(fake.workers.every((worker) => worker.terminated)).toBe(true);
  });

  it('answers every call in order, whatever hangs or dies, with at most one worker', async () => {
    type Step = { kind: 'ok' | 'hang' | 'die'; batch: boolean };
    const step = fc.record({
      kind: fc.constantFrom<Step['kind']>('ok', 'ok', 'ok', 'hang', 'die'),
      batch: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        const fake = fakeSpawn();
        const client = new SandboxClient(fake.spawn, CODE, transpile, { budgetMs: 200 });
        const inputOf = (kind: Step['kind']) =>
          kind === 'hang' ? [HANG] : kind === 'die' ? [DIE] : [7, 7];
        const expectedOf = (kind: Step['kind']) =>
          kind === 'hang' ? 'TIMEOUT' : kind === 'die' ? 'OutOfMemory' : 2;
        const pending = steps.map(({ kind, batch }) =>
          batch
            ? client.callBatch([[1], inputOf(kind)]).then((results) => results.map(value))
            : client.call(inputOf(kind)).then(value),
        );
        const answers = await Promise.all(pending);
        expect(answers).toEqual(
          steps.map(({ kind, batch }) => (batch ? [1, expectedOf(kind)] : expectedOf(kind))),
        );
        expect(client.alive).toBeLessThanOrEqual(1);
        client.dispose();
        expect(client.alive).toBe(0);
        expect(fake.workers.every((worker) => worker.terminated)).toBe(true);
      }),
      { numRuns: 8 },
    );
  });
});

describe('SandboxClient: answers a sandbox could not have sent', () => {
  it('stops with a SandboxReplyError instead of taking a forged result as a verdict', async () => {
    for (const [index, forged] of FORGED.entries()) {
      const fake = fakeSpawn();
      const client = new SandboxClient(fake.spawn, CODE, transpile);
      await expect(client.call([FORGE, index]), JSON.stringify(forged)).rejects.toMatchObject({
        name: 'SandboxReplyError',
        message: expect.stringMatching(/^the candidate sandbox sent a malformed reply \(.+\)/),
      });
      // The worker that sent it is ended; the next call gets a fresh one.
      expect(client.alive).toBe(0);
      expect(await client.call([1, 2, 3])).toMatchObject({ ok: true, value: 3 });
      client.dispose();
    }
  });

  it('stops on a batch answer of the wrong length', async () => {
    const client = new SandboxClient(fakeSpawn().spawn, CODE, transpile);
    await expect(client.callBatch([[FORGE], [1]])).rejects.toMatchObject({
      name: 'SandboxReplyError',
      message: expect.stringContaining('a batch of 2 needs 2 numbers'),
    });
    client.dispose();
  });
});
