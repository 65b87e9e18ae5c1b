import { runtimeHome } from '../code/runtimes/registry.js';
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
 * code's runtime came later (Python); 2.2 for calls with several arguments; 2.4 when it isolates
 * (its trials' sides: formats 2.1 and 2.3 isolations, and 2.3's histories, are still read); 2.5
 * when the pipeline reduces it (its decisions name their stage).
 */
export function versionFor(config: SessionConfig): string {
  const first =
    config.kind === undefined &&
    config.split === undefined &&
    runtimeHome(config.code.language).inFirstFormat;
  if (config.task !== 'reduce') return VERSIONS.sides;
  if (config.reducer === 'pipeline') return VERSIONS.pipeline;
  if (config.kind && KINDS[config.kind].call) return VERSIONS.args;
  return first ? VERSIONS.ints : VERSIONS.kinds;
}

/** A session header for `config`. */
export function createHeader(config: SessionConfig, stamp: HeaderStamp): Header {
  return { type: 'header', format: FORMAT, version: versionFor(config), ...stamp, config };
}
