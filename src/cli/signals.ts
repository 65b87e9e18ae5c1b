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
