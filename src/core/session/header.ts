import type { SessionConfig } from './config.js';
import { FORMAT, type Header, VERSION } from './events.js';

/** The volatile parts of a header, supplied by the platform (core has no clock or ids). */
export interface HeaderStamp {
  id: string;
  created: string;
  tool: string;
}

/** A session header for `config`. */
export function createHeader(config: SessionConfig, stamp: HeaderStamp): Header {
  return { type: 'header', format: FORMAT, version: VERSION, ...stamp, config };
}
