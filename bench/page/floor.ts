import { FLOOR_TRIALS, TRIAL_MESSAGE, type TransportFloor } from '../floor.js';
import { rate } from '../rates.js';
import { timeRuns } from '../stats.js';

/** A worker that echoes every message on the port it is sent first. */
const ECHO =
  'onmessage = (e) => { const port = e.ports[0]; port.onmessage = (m) => port.postMessage(m.data); };';

/** A frame of an opaque origin, as the sandbox iframe is, that starts an echo worker per port. */
const FRAME = `<script>
addEventListener('message', (event) => {
  const url = URL.createObjectURL(new Blob([${JSON.stringify(ECHO)}], { type: 'text/javascript' }));
  for (const port of event.ports) new Worker(url).postMessage(null, [port]);
});
</script>`;

/**
 * The per-trial floor in Chromium: from this page's thread to two bare echo workers started by
 * an opaque-origin frame (where the sandbox workers run), both answers awaited per trial; and
 * to two echo workers the page starts itself.
 */
export async function pageEchoFloor(runs = 5): Promise<TransportFloor> {
  const frame = document.createElement('iframe');
  frame.sandbox.add('allow-scripts');
  frame.srcdoc = FRAME;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const framed = [new MessageChannel(), new MessageChannel()];
  frame.contentWindow?.postMessage(
    null,
    '*',
    framed.map((channel) => channel.port2),
  );
  const url = URL.createObjectURL(new Blob([ECHO], { type: 'text/javascript' }));
  const workers = [new Worker(url), new Worker(url)];
  const own = workers.map((worker) => {
    const channel = new MessageChannel();
    worker.postMessage(null, [channel.port2]);
    return channel.port1;
  });
  try {
    return {
      perTrial: await echoRate(
        framed.map((channel) => channel.port1),
        runs,
      ),
      oneCore: null,
      sameProcess: await echoRate(own, runs),
    };
  } finally {
    for (const worker of workers) worker.terminate();
    URL.revokeObjectURL(url);
    frame.remove();
  }
}

/** Trials of one message to each port at once, both answers awaited. */
async function echoRate(ports: MessagePort[], runs: number) {
  const one = (port: MessagePort) =>
    new Promise<void>((resolve) => {
      port.onmessage = () => resolve();
      port.postMessage(TRIAL_MESSAGE);
    });
  const times = await timeRuns(runs, async () => {
    for (let i = 0; i < FLOOR_TRIALS; i++) await Promise.all(ports.map(one));
  });
  for (const port of ports) port.close();
  return rate(FLOOR_TRIALS, times);
}
