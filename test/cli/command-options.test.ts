import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { commandRun, jobsOption, machineJobs } from '../../src/cli/command-options.js';

describe('--jobs for a command', () => {
  it("defaults to the machine's cores, at most 64", () => {
    expect(machineJobs()).toBe(Math.min(64, availableParallelism()));
    const run = commandRun({ 'oracle-cmd': 'true', input: '"a\\nb"' });
    expect(run.jobs).toBe(machineJobs());
    expect(commandRun({ 'oracle-cmd': 'true', input: '"a"', jobs: '3' }).jobs).toBe(3);
  });

  it('keeps one job for code unless told otherwise, and refuses a count out of range', () => {
    expect(jobsOption(undefined)).toBe(1);
    expect(() => jobsOption('65', machineJobs())).toThrow('--jobs must be from 1 to 64');
  });
});
