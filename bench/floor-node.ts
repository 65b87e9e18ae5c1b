import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FLOOR_TRIALS, TRIAL_MESSAGE, type TransportFloor } from './floor.js';
import { type Rate, rate } from './rates.js';
import { timeRuns } from './stats.js';

const ECHO = "process.on('message', (m) => process.send(m));";

/** The per-trial floor over Node's IPC, measured in this process. */
export async function nodeEchoRate(runs = 5): Promise<Rate> {
  const echoes = [echo(), echo()];
  const one = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(TRIAL_MESSAGE);
    });
  try {
    const times = await timeRuns(runs, async () => {
      for (let i = 0; i < FLOOR_TRIALS; i++) await Promise.all(echoes.map(one));
    });
    return rate(FLOOR_TRIALS, times);
  } finally {
    for (const child of echoes) child.kill();
  }
}

function echo(): ChildProcess {
  return spawn(process.execPath, ['-e', ECHO], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'json',
    env: {},
  });
}

/** The Node floor, spread over the cores as the system likes, and on one core. */
export async function measureNodeFloor(runs = 5): Promise<TransportFloor> {
  const perTrial = await nodeEchoRate(runs);
  const pinned = spawnSync(
    'taskset',
    ['-c', '0', process.execPath, fileURLToPath(import.meta.url), String(runs)],
    { encoding: 'utf8' },
  );
  const oneCore = pinned.status === 0 ? (JSON.parse(pinned.stdout) as Rate) : null;
  return { perTrial, oneCore, sameProcess: null };
}

// Run as a script (under taskset): prints the floor measured in this process.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(await nodeEchoRate(Number(process.argv[2] ?? 5))));
}
