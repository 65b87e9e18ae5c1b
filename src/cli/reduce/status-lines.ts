import type { RunStatus } from '../../core/run/status.js';

/** Prints where a run is on stderr, one line each time (the text format's progress). */
export function statusLines(): (status: RunStatus) => void {
  return (status) => {
    const tally = Object.entries(status.outcomes)
      .map(([outcome, count]) => `${count} ${outcome}`)
      .join(', ');
    const where =
      status.phase === 'search'
        ? `searching: ${status.attempts} attempts${tally ? ` (${tally})` : ''}`
        : `${status.phase === 'verify' ? 'verifying' : 'reducing'}: ${status.executions} executions`;
    const judging = status.judging > 1 ? `, judging ${status.judging} inputs` : '';
    process.stderr.write(
      `deltalab: ${where}${judging}, ${(status.elapsedMs / 1000).toFixed(0)} s\n`,
    );
  };
}
