import { ReplayError } from '../../src/core/replay/replay-oracle.js';
import { SessionFormatError } from '../../src/core/session/format/reader.js';
import { messageOf } from '../../src/core/text/error-text.js';
import { SandboxReplyError } from '../../src/live/replies.js';
import { GrammarError } from '../../src/live/syntax/parser.js';
import type { RunFailure } from '../../src/protocol/reducer.js';

/** Why a run or replay stopped, as the page is told: what kind of failure, and where. */
export function failureOf(error: unknown): RunFailure {
  if (error instanceof SessionFormatError) {
    return {
      kind: 'format',
      message: error.message,
      line: error.line,
      ...(error.column !== undefined ? { column: error.column } : {}),
      ...(error.problem ? { problem: error.problem } : {}),
    };
  }
  if (error instanceof ReplayError) {
    return {
      kind: 'replay',
      message: error.message,
      ...(error.line !== undefined ? { line: error.line } : {}),
      ...(error.call !== undefined ? { call: error.call } : {}),
    };
  }
  if (error instanceof SandboxReplyError) return { kind: 'sandbox', message: error.message };
  // A program's language with no grammar, or a grammar that cannot be had: the run's settings.
  // A program nested deeper than its grammar reads: said in the page's language.
  if (error instanceof GrammarError) {
    return {
      kind: 'config',
      message: error.message,
      ...(error.problem ? { problem: error.problem } : {}),
    };
  }
  return { kind: 'internal', message: messageOf(error) };
}
