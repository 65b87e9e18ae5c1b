import { KINDS } from '../input/kinds/registry.js';
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
 * code is Python; 2.1 when it isolates, 2.2 for calls with several arguments, 2.3 when it bisects a
 * history of versions (its `bisect` calls).
 */
export function versionFor(config: SessionConfig): string {
  const first =
    config.kind === undefined && config.split === undefined && config.code.language !== 'py';
  if (config.changes?.versions) return VERSIONS.history;
  if (config.kind && KINDS[config.kind].call) return VERSIONS.args;
  if (config.isolate) return VERSIONS.isolate;
  return first ? VERSIONS.ints : VERSIONS.kinds;
}

/** A session header for `config`. */
export function createHeader(config: SessionConfig, stamp: HeaderStamp): Header {
  return { type: 'header', format: FORMAT, version: versionFor(config), ...stamp, config };
}
