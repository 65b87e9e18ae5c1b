import { runtimeHome } from '../code/runtimes/registry.js';
import type { SessionConfig } from './config.js';
import { FORMAT, type Header, VERSIONS } from './events.js';

/** The volatile parts of a header, supplied by the platform (core has no clock or ids). */
export interface HeaderStamp {
  id: string;
  created: string;
  tool: string;
}

/**
 * The lowest format version that holds a session of `config`: 1.0 unless it names a kind or its
 * code's runtime came later (Python); 2.1 when it isolates, 2.2 for calls with several arguments, 2.3 when it bisects a
 * history of versions (its `bisect` calls).
 */
export function versionFor(config: SessionConfig): string {
  const first =
    config.kind === undefined &&
    config.split === undefined &&
    runtimeHome(config.code.language).inFirstFormat;
  if (config.changes?.versions) return VERSIONS.history;
  if (config.kind === 'args') return VERSIONS.args;
  if (config.isolate) return VERSIONS.isolate;
  return first ? VERSIONS.ints : VERSIONS.kinds;
}

/** A session header for `config`. */
export function createHeader(config: SessionConfig, stamp: HeaderStamp): Header {
  return { type: 'header', format: FORMAT, version: versionFor(config), ...stamp, config };
}
