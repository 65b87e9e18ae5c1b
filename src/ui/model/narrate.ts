import { INT_ARRAY, type Json, type Shape } from '../../core/input/kinds.js';
import { UNPARSED } from '../../core/oracle/verdict.js';
import { blockAt } from '../../core/reduce/blocks.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import type { Frame } from '../../core/run/timeline.js';
import type { StoredVerdict } from '../../core/session/events.js';
import { locale, t } from '../i18n/i18n.js';
import { blockName } from './block-name.js';
import { argumentTrial } from './call-view.js';
import { isIsolationFrame, narrateIsolation } from './narrate-isolation.js';
import { programMove } from './narrate-program.js';
import { spokenInput, spokenOutput, spokenTrial } from './spoken.js';
import { inputText, sizeText, unitName, unitsBefore } from './units-view.js';
import { errorText, messageText } from './verdict-text.js';

export { blockName } from './block-name.js';

/** Outcomes that are failures of some kind (a reducer accepts only the chased one). */
const FAILURES: ReadonlySet<string> = new Set(['FAIL', 'CRASH', 'TIMEOUT']);

/** What a verdict says beyond its outcome: the outputs, or the error, as one short sentence. */
export function verdictDetail(verdict: StoredVerdict): string {
  const { error } = verdict;
  if (verdict.outcome === 'CRASH' && error) {
    return t('narrate.crashed', { error: errorText(error) });
  }
  if (verdict.outcome === 'TIMEOUT' && error)
    return t('narrate.timedOut', { message: messageText(error.message) });
  if (verdict.expected !== undefined || verdict.actual !== undefined) {
    return t('narrate.outputs', {
      expected: spokenOutput(verdict.expected),
      actual: spokenOutput(verdict.actual),
    });
  }
  if (verdict.outcome === 'INVALID' && error)
    return t('narrate.invalid', { message: messageText(error.message) });
  return '';
}

/** Sentences joined as the UI language writes them (Chinese needs no space after 。). */
function sentences(...parts: string[]): string {
  return parts.filter(Boolean).join(locale() === 'zh' ? '' : ' ');
}

/** An outcome with what was counted of it, e.g. `100000 × CRASH`. */
function tally(outcomes: Partial<Record<string, number>> | undefined): string {
  const parts = Object.entries(outcomes ?? {}).map(([outcome, count]) => `${count} × ${outcome}`);
  return parts.join(', ');
}

/**
 * Why no attempt failed, when every one came out the same way with an error: the function's own
 * error, and for a TypeError on the article's integer arrays, the input kind to choose instead.
 */
export function everyCallText(
  outcomes: Partial<Record<string, number>> | undefined,
  last: StoredVerdict | undefined,
  shape: Shape,
): string {
  const seen = Object.entries(outcomes ?? {});
  const error = last?.error;
  if (seen.length !== 1 || !error || error.name === 'Invalid') return '';
  const [outcome, count] = seen[0] as [string, number];
  const sentence = t('narrate.everyCall', {
    count,
    outcome,
    error: errorText(error),
    role: t(`editor.${error.role ?? 'candidate'}`),
  });
  return shape.kind === 'int-array' && error.name === 'TypeError'
    ? sentences(sentence, t('narrate.kindHint'))
    : sentence;
}

/**
 * One plain sentence about a frame: what was tried and what came of it. With the frame before
 * it, a change in the number of blocks is explained first. A `veiled` trial says what is tried
 * and asks whether it will still fail, keeping its verdict for the next step.
 */
export function narrate(
  frame: Frame | undefined,
  shape: Shape = INT_ARRAY,
  previous?: Frame,
  veiled = false,
): string {
  if (!frame) return t('reduce.idle');
  if (isIsolationFrame(frame)) return narrateIsolation(frame, shape, previous, veiled);
  // Text is said as text (quoted, or its lines counted), never as escaped JSON.
  const listText = (input: Json) => spokenInput(input, shape);
  switch (frame.type) {
    case 'found': {
      const values = { input: listText(frame.input), outcome: frame.verdict.outcome };
      return sentences(
        frame.attempt === null
          ? t(
              frame.verdict.outcome === 'PASS' || frame.verdict.outcome === 'INVALID'
                ? 'narrate.givenPasses'
                : 'narrate.given',
              values,
            )
          : t('narrate.found', { ...values, attempt: frame.attempt }),
        verdictDetail(frame.verdict),
      );
    }
    case 'confirmed':
      return t('narrate.start', { input: listText(frame.input), outcome: frame.verdict.outcome });
    case 'trial': {
      const { row } = frame;
      const values = {
        trial: frame.trial,
        trial_input: spokenTrial(row, shape),
        parts: row.granularity ?? 1,
      };
      const move = row.set
        ? t('narrate.set', {
            ...values,
            unit: unitName(shape),
            index: row.set.index,
            position: row.set.index + 1,
            from: inputText(row.set.from, shape),
            to: inputText(row.set.to, shape),
          })
        : row.cut
          ? programMove(row, values)
          : blockMove(row, shape, values);
      if (veiled) return sentences(granularityChange(previous, frame), move, t('narrate.predict'));
      const error = frame.verdict.error;
      const outcome =
        (row.outcome === 'CRASH' || row.outcome === 'TIMEOUT') && error
          ? `${row.outcome} (${error.name})`
          : row.outcome;
      const result = t(row.accepted ? 'narrate.accept' : 'narrate.reject', { outcome });
      // A failure that is rejected says why: it did not come back when run again, or it is
      // another failure than the one chased.
      const { flaky } = frame.verdict;
      const why = row.accepted
        ? ''
        : flaky
          ? t('narrate.flaky', { outcomes: flaky.join(' → ') })
          : FAILURES.has(row.outcome)
            ? t('narrate.notChased')
            : error?.name === UNPARSED
              ? t('narrate.unparsed')
              : '';
      return sentences(
        granularityChange(previous, frame),
        move,
        result,
        why,
        frame.cached ? t('narrate.cached') : '',
      );
    }
    case 'end': {
      const { end } = frame;
      if (end.status === 'not-failing') {
        const start = frame.start;
        if (start?.flaky) {
          return t('narrate.notFailingFlaky', { outcomes: start.flaky.join(' → ') });
        }
        return sentences(
          t('narrate.notFailing', { outcome: start?.outcome ?? '?' }),
          start ? verdictDetail(start) : '',
        );
      }
      if (end.status === 'cancelled') return t('narrate.cancelled');
      if (end.status === 'not-found') {
        const counted = tally(frame.outcomes);
        return sentences(
          t(counted ? 'narrate.notFoundCounted' : 'narrate.notFound', {
            attempts: frame.attempts ?? 0,
            counted,
          }),
          everyCallText(frame.outcomes, frame.last, shape),
        );
      }
      if (end.status === 'error') return end.message ?? t('narrate.cancelled');
      // The result's own outputs said again: the class sees what is still wrong (-7 vs 0).
      return sentences(
        t(end.calls === 1 ? 'narrate.doneOne' : 'narrate.done', {
          reduced: listText(end.reduced ?? []),
          size: sizeText(end.reduced ?? [], shape),
          calls: end.calls,
          verdict: t(end.verified ? 'narrate.doneVerified' : 'narrate.doneNot'),
        }),
        frame.final ? verdictDetail(frame.final) : '',
      );
    }
  }
}

/**
 * A trial's deletion or keep said: which block of how many, and for a call, of which argument
 * (its blocks are that argument's), or that the argument is emptied.
 */
function blockMove(
  row: HistoryRow,
  shape: Shape,
  values: { trial: number; trial_input: string; parts: number },
): string {
  const called = argumentTrial(row, shape);
  const lo = called ? called.lo : (row.removed ?? row.kept ?? [0])[0];
  const block = blockName(blockAt(lo, row.granularity ?? 1, unitsBefore(row, shape)));
  if (!called) return t(row.removed ? 'narrate.delete' : 'narrate.keep', { ...values, block });
  const argument = called.argument.index + 1;
  if (called.empties && (row.granularity ?? 1) === 1) {
    return t('narrate.emptyArgument', { ...values, argument });
  }
  return t(row.removed ? 'narrate.deleteIn' : 'narrate.keepIn', { ...values, block, argument });
}

/** Why the number of blocks changed since the trial before, when it did. */
function granularityChange(previous: Frame | undefined, frame: Frame & { type: 'trial' }): string {
  const from = previous?.type === 'trial' ? previous.row.granularity : undefined;
  const to = frame.row.granularity;
  if (from === undefined || to === undefined || from === to || frame.row.set) return '';
  return t(to > from ? 'narrate.finer' : 'narrate.coarser', { from, to });
}
