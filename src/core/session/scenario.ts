import type { CodeRef, SessionCode } from '../code/refs.js';
import type { Json } from '../input/kinds.js';
import type { LocalText } from '../text/local-text.js';
import { type SessionConfig, type StoredConfig, taskConfig } from './task.js';

/**
 * A scenario folder's `input.json`: a lesson (shown in the gallery when `gallery` is set) and the
 * snapshot test that replays its recorded session. Code lives in shared files under
 * `examples/code/`, stored once and referenced.
 */
export interface Scenario {
  /** Gallery position; scenarios without one are snapshot tests only. */
  gallery?: number;
  title: LocalText;
  /** One sentence for the gallery card. */
  summary: LocalText;
  /** The lesson, a few short paragraphs separated by blank lines. */
  lesson: LocalText;
  code: SessionCode;
  /** A fixed version of the candidate, for lessons that show the repair. */
  corrected?: CodeRef;
  /** Its config as files store it (see `StoredConfig`). */
  config: Omit<StoredConfig, 'code' | 'example'>;
  /** The scenario ships a `replay.override.json` (its behaviour cannot be rebuilt from the log). */
  overridden?: boolean;
  /** Recording cancels the run once this oracle call has started (for an overridden scenario). */
  cancelAtCall?: number;
  /** The scenario also keeps its independent raw recording, `session.raw.jsonl`. */
  rawRecording?: boolean;
  /** A lesson whose given input a slider makes longer or shorter (see {@link Stretch}). */
  stretch?: Stretch;
}

/**
 * An input of any length `n` from `min` to `max` (powers of two between them): `head`, then
 * `fill` repeated, then `tail`, `n` elements in all. The lesson's own input is one of them.
 */
export interface Stretch {
  head: Json[];
  fill: Json;
  tail: Json[];
  min: number;
  max: number;
}

/** The session config a scenario records: its config, its code, and its name. */
export function scenarioConfig(
  name: string,
  scenario: Pick<Scenario, 'code' | 'config'>,
): SessionConfig {
  return taskConfig({ example: name, code: scenario.code, ...scenario.config });
}
