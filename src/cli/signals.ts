/**
 * Makes the command, ended from outside (Ctrl-C, a kill), exit through Node's 'exit' event,
 * which ends every sandbox process it started (they run in process groups of their own, so the
 * signal does not reach them). A command that stops cleanly on Ctrl-C (`reduce --oracle-cmd`)
 * listens for the signal itself and is left to it. Called by the entry before it starts any
 * sandbox.
 */
export function exitOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      if (process.listenerCount(signal) > 0) return;
      process.stderr.write(`deltalab: stopped by ${signal}\n`);
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}

/**
 * Runs `work` so that Ctrl-C stops it cleanly: the first SIGINT turns `stopped()` true (a run
 * stops at its next trial and keeps what it found), a second one ends the command at once
 * (exit 130, through Node's 'exit' event). Resolves to what `work` gave and whether it was
 * stopped.
 */
export async function stoppable<T>(
  work: (stopped: () => boolean) => Promise<T>,
): Promise<{ result: T; stopped: boolean }> {
  let stopped = false;
  const onSigint = () => {
    if (stopped) {
      process.stderr.write('deltalab: stopped by SIGINT\n');
      process.exit(130);
    }
    stopped = true;
  };
  process.on('SIGINT', onSigint);
  try {
    const result = await work(() => stopped);
    return { result, stopped };
  } finally {
    process.off('SIGINT', onSigint);
  }
}
