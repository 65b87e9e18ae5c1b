import type { ReduceTask, SessionConfig } from '../../src/core/session/config.js';

/** `config` as a reduction's, for tests that read a reduction's fields (its reducer, its tree). */
export function reduction(config: SessionConfig): ReduceTask {
  if (config.task !== 'reduce') throw new Error(`expected a reduction, not a ${config.task}`);
  return config;
}
