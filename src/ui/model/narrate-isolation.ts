import type { Shape } from '../../core/input/kinds.js';
import type { Frame } from '../../core/run/timeline.js';
import { t } from '../i18n/i18n.js';
import { blockName } from './block-name.js';
import { spokenInput } from './spoken.js';
import { countText, type inputText } from './units-view.js';

/**
 * Whether a frame is one of an isolation's (its sides, its trials, its end). Not a type guard:
 * a reduction's frames are of the same types.
 */
export function isIsolationFrame(frame: Frame | undefined): boolean {
  if (!frame) return false;
  if (frame.type === 'trial') return frame.row.isolation !== undefined;
  if (frame.type === 'confirmed') return frame.side !== undefined;
  return frame.type === 'end' && frame.end.pass !== undefined;
}

/**
 * One plain sentence about a frame of an isolation: a side confirmed, a block added to the
 * passing side or taken from the failing one and the move it made, or the difference found.
 * A `veiled` trial asks what will come of it.
 */
export function narrateIsolation(
  frame: Frame,
  shape: Shape,
  previous?: Frame,
  veiled = false,
): string {
  const text = (input: Parameters<typeof inputText>[0]) => spokenInput(input, shape);
  const units = (count: number) => countText(count, shape);
  if (frame.type === 'confirmed') {
    return t(frame.side === 'pass' ? 'isolate.sidePass' : 'isolate.sideFail', {
      input: text(frame.input),
      outcome: frame.verdict.outcome,
    });
  }
  if (frame.type === 'end') {
    const { end } = frame;
    return t(end.calls === 1 ? 'isolate.doneOne' : 'isolate.done', {
      calls: end.calls,
      pass: text(end.pass ?? []),
      fail: text(end.fail ?? []),
      difference: units(end.difference ?? 0),
      verdict: t(end.verified ? 'isolate.doneVerified' : 'narrate.doneNot'),
    });
  }
  if (frame.type !== 'trial' || !frame.row.isolation) return '';
  const { row } = frame;
  const step = frame.row.isolation;
  const values = {
    trial: frame.trial,
    block: blockName(step.block),
    count: units(step.blockSize),
    trial_input: text(row.trial),
  };
  const move = t(step.move.endsWith('subset') ? 'isolate.add' : 'isolate.take', values);
  const from = previous?.type === 'trial' ? previous.row.granularity : undefined;
  const finer =
    from !== undefined && row.granularity !== undefined && row.granularity > from
      ? t('isolate.finer', { from, to: row.granularity })
      : '';
  if (veiled) return [finer, move, t('isolate.predict')].filter(Boolean).join(' ');
  const result = step.moved
    ? t(`isolate.moved.${step.moved}`, { outcome: row.outcome })
    : t('isolate.unresolved', { outcome: row.outcome });
  const cached = frame.cached ? t('narrate.cached') : '';
  return [finer, move, result, cached].filter(Boolean).join(' ');
}
