import type { RoleError } from '../../core/code/compile-error.js';
import { INT_ARRAY, type Shape } from '../../core/input/kinds.js';
import type { RunStatus } from '../../core/run/status.js';
import type { Frame } from '../../core/run/timeline.js';
import type { RunReply } from '../../protocol/reducer.js';
import { t } from '../i18n/i18n.js';
import { failureText } from './failure-text.js';
import { narrate } from './narrate.js';
import { errorText } from './verdict-text.js';

/** A message an editor shows at a place in its code (1-based). */
export interface CodeMarker {
  line: number;
  column: number;
  message: string;
}

/** A marker for one role's editor. */
export interface RoleMarker extends CodeMarker {
  role: RoleError['role'];
}

/**
 * The sentence under the cells: why the run failed, that it is running, or the narration of
 * the frame shown.
 */
export function statusText(
  frame: Frame | undefined,
  reply: RunReply | null,
  running: boolean,
  shape: Shape = INT_ARRAY,
  previous?: Frame,
  veiled = false,
) {
  if (reply && !reply.ok) {
    if ('errors' in reply) return t('status.compileError');
    return reply.failure.kind === 'internal'
      ? t('status.internal', { message: failureText(reply.failure) })
      : failureText(reply.failure);
  }
  if (!frame && running) return t('reduce.running');
  return narrate(frame, shape, previous, veiled);
}

/** What a run in progress is doing: searching (how far, how long), or waiting for trial `k`. */
export function progressText(frames: readonly Frame[], status: RunStatus | null = null): string {
  if (status?.phase === 'search') {
    const seconds = (status.elapsedMs / 1000).toFixed(1);
    return t('reduce.searching', { attempts: status.attempts, seconds });
  }
  if (!frames.some((frame) => frame.type === 'confirmed')) return t('reduce.running');
  return t('reduce.waiting', {
    trial: frames.filter((frame) => frame.type === 'trial').length + 1,
  });
}

/**
 * The editor markers to show: the code's compile errors, else the line the frame's crash came
 * from.
 */
export function markersOf(errors: readonly RoleError[], frame: Frame | undefined): RoleMarker[] {
  if (errors.length > 0) {
    return errors.map(({ role, line, column, message, name }) => ({
      role,
      line,
      column,
      message: errorText({ name, message }),
    }));
  }
  const error =
    frame?.type === 'trial' || frame?.type === 'confirmed' || frame?.type === 'found'
      ? frame.verdict.error
      : undefined;
  if (error?.role && error.line !== undefined) {
    return [
      {
        role: error.role,
        line: error.line,
        column: error.column ?? 1,
        message: errorText(error),
      },
    ];
  }
  return [];
}

/**
 * Where the player is, in the words the narration uses: "Trial 2 of 4" on a trial (counting the
 * trials so far), else the step and the number of steps.
 */
export function positionText(frames: readonly Frame[], cursor: number): string {
  const frame = frames[cursor];
  if (frame?.type !== 'trial') {
    return frames.length > 0 ? t('reduce.stepOf', { at: cursor + 1, total: frames.length }) : '';
  }
  const trials = frames.reduce((count, f) => count + (f.type === 'trial' ? 1 : 0), 0);
  return t('reduce.trialOf', { trial: frame.trial, total: trials });
}
