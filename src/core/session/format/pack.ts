import { KINDS } from '../../input/kinds/registry.js';
import type { Json } from '../../input/kinds.js';
import { toUnits, unitNoun } from '../../input/units.js';
import { sameValue, sizeOf } from '../../input/value.js';
import { type Input, sameInput } from '../../oracle/oracle.js';
import type {
  AttemptEvent,
  CallEvent,
  DecisionEvent,
  Header,
  SessionEvent,
  StoredVerdict,
} from '../events.js';
import { SessionState } from './state.js';

/**
 * The rows of the canonical packed form. Each packs a maximal run of events that can be rebuilt
 * from what came before, so packing is a pure function of the events:
 *
 * - `attempts`: passing generator attempts whose inputs are the generator's own;
 * - `trials`: reducer trials, each a reduction call and its decision (or a cached decision
 *   alone), whose inputs are the current input with the decision's edit applied;
 * - `deletions`: verification calls, each the current input without one element.
 */
export type PackedRow =
  | { seq: number; type: 'attempts'; attempt: number; count: number }
  | { seq: number; type: 'trials'; rows: TrialRow[] }
  | { seq: number; type: 'deletions'; rows: DeletionRow[] };

/** One trial in a `trials` row: the decision's fields and, unless cached, the call's verdict. */
export type TrialRow = Omit<DecisionEvent, 'seq' | 'type' | 'trial' | 'size' | 'cached'> &
  Omit<StoredVerdict, 'outcome'> & { cached?: true };

/** One verification call in a `deletions` row: which element was left out, and the verdict. */
export type DeletionRow = StoredVerdict & { at: number };

/** Every packed row type. */
export const PACKED_TYPES: readonly PackedRow['type'][] = ['attempts', 'trials', 'deletions'];

/** A stored line: an event or a packed row. */
export type Row = SessionEvent | PackedRow;

const VERDICT_KEYS = ['expected', 'actual', 'error', 'ms', 'flaky'] as const;

/** Packs events into the canonical packed rows. */
export function pack(header: Header, events: readonly SessionEvent[]): Row[] {
  const state = new SessionState(header);
  const rows: Row[] = [];
  let open: PackedRow | null = null;
  const extend = (type: PackedRow['type'], seq: number): PackedRow => {
    if (open?.type === type) return open;
    const row: PackedRow =
      type === 'attempts'
        ? { seq, type, attempt: state.attempt + 1, count: 0 }
        : { seq, type, rows: [] };
    rows.push(row);
    open = row;
    return row;
  };
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as SessionEvent;
    const next = events[i + 1];
    if (event.type === 'attempt' && packableAttempt(event, state)) {
      (extend('attempts', event.seq) as { count: number }).count++;
      state.observe(event);
      continue;
    }
    if (event.type === 'decision' && event.cached && packableDecision(event, state)) {
      const row = extend('trials', event.seq) as { rows: TrialRow[] };
      row.rows.push({ ...decisionFields(event), cached: true });
      state.observe(event);
      continue;
    }
    if (
      event.type === 'call' &&
      event.phase === 'reduce' &&
      next?.type === 'decision' &&
      !next.cached &&
      next.seq === event.seq + 1 &&
      next.outcome === event.outcome &&
      event.execution === state.execution + 1 &&
      packableDecision(next, state) &&
      sameOrNull(event.input, state.trialOf(next))
    ) {
      const row = extend('trials', event.seq) as { rows: TrialRow[] };
      row.rows.push({ ...decisionFields(next), ...pickVerdictExtras(event) });
      state.observe(event);
      state.observe(next);
      i++;
      continue;
    }
    if (
      event.type === 'call' &&
      event.phase === 'verify' &&
      event.execution === state.execution + 1
    ) {
      const at = deletedIndex(state, event.input);
      if (at !== null) {
        const row = extend('deletions', event.seq) as { rows: DeletionRow[] };
        row.rows.push({ at, outcome: event.outcome, ...pickVerdictExtras(event) });
        state.observe(event);
        continue;
      }
    }
    open = null;
    rows.push(event);
    state.observe(event);
  }
  return rows;
}

/**
 * Expands packed rows back into events. Throws an `Error` naming the problem when a row cannot
 * be expanded (the reader adds the line number).
 */
export function unpackRow(row: Row, state: SessionState): SessionEvent[] {
  switch (row.type) {
    case 'attempts': {
      const limit = state.maxAttempts;
      if (row.attempt + row.count - 1 > limit) {
        throw new Error(`the attempts row goes past the header's attempt limit (${limit})`);
      }
      const events: AttemptEvent[] = [];
      for (let k = 0; k < row.count; k++) {
        const attempt = row.attempt + k;
        const input = state.generated(attempt);
        state.charge(input === null ? 0 : sizeOf(input, state.shape));
        if (!input) throw new Error(`attempt ${attempt} cannot be regenerated from the header`);
        const event: AttemptEvent = {
          seq: row.seq + k,
          type: 'attempt',
          attempt,
          input,
          outcome: 'PASS',
        };
        state.observe(event);
        events.push(event);
      }
      return events;
    }
    case 'trials': {
      const events: SessionEvent[] = [];
      let seq = row.seq;
      for (const trialRow of row.rows) {
        const { cached, ...rest } = trialRow;
        const decision = makeDecision(rest, seq, state, cached === true);
        if (!cached) {
          state.charge(state.size());
          const input = state.trialOf(decision);
          if (input === null)
            throw new Error('a trial row has no current input to apply its edit to');
          const call: CallEvent = {
            seq: seq++,
            type: 'call',
            phase: 'reduce',
            execution: state.execution + 1,
            input,
            outcome: decision.outcome,
            ...pickVerdictExtras(rest),
          };
          decision.seq = seq;
          state.observe(call);
          events.push(call);
        }
        seq++;
        state.observe(decision);
        events.push(decision);
      }
      return events;
    }
    case 'deletions': {
      const events: CallEvent[] = [];
      row.rows.forEach(({ at, outcome, ...extras }, k) => {
        state.charge(Math.max(0, state.size() - 1));
        const input = state.without(at);
        if (input === null) {
          throw new Error(
            `a deletion row leaves out ${unitNoun(state.shape)} ${at}, which does not exist`,
          );
        }
        const call: CallEvent = {
          seq: row.seq + k,
          type: 'call',
          phase: 'verify',
          execution: state.execution + 1,
          input,
          outcome,
          ...pickVerdictExtras(extras),
        };
        state.observe(call);
        events.push(call);
      });
      return events;
    }
    default:
      state.observe(row);
      return [row];
  }
}

function packableAttempt(event: AttemptEvent, state: SessionState): boolean {
  if (event.outcome !== 'PASS' || VERDICT_KEYS.some((key) => event[key] !== undefined))
    return false;
  return sameOrNull(event.input, state.generated(event.attempt));
}

function packableDecision(event: DecisionEvent, state: SessionState): boolean {
  return event.trial === state.trial + 1 && state.current !== null && event.size === state.size();
}

function decisionFields(event: DecisionEvent): TrialRow {
  const { seq: _seq, type: _type, trial: _trial, size: _size, cached: _cached, ...fields } = event;
  return fields;
}

function makeDecision(
  fields: Omit<TrialRow, 'cached'>,
  seq: number,
  state: SessionState,
  cached: boolean,
): DecisionEvent {
  if (state.current === null) throw new Error('a trial row has no current input');
  const decision: DecisionEvent = {
    seq,
    type: 'decision',
    trial: state.trial + 1,
    op: fields.op,
    size: state.size(),
    outcome: fields.outcome,
    accepted: fields.accepted,
    cached,
  };
  if (fields.lo !== undefined) decision.lo = fields.lo;
  if (fields.hi !== undefined) decision.hi = fields.hi;
  if (fields.level !== undefined) decision.level = fields.level;
  if (fields.from !== undefined) decision.from = fields.from;
  if (fields.to !== undefined) decision.to = fields.to;
  if (fields.spans !== undefined) decision.spans = fields.spans;
  if (fields.text !== undefined) decision.text = fields.text;
  if (fields.move !== undefined) decision.move = fields.move;
  if (fields.stage !== undefined) decision.stage = fields.stage;
  if (fields.index !== undefined) decision.index = fields.index;
  if (fields.value !== undefined) decision.value = fields.value;
  if (fields.granularity !== undefined) decision.granularity = fields.granularity;
  return decision;
}

function pickVerdictExtras(source: Partial<StoredVerdict>): Omit<StoredVerdict, 'outcome'> {
  const extras: Omit<StoredVerdict, 'outcome'> = {};
  for (const key of VERDICT_KEYS) {
    if (source[key] !== undefined) (extras as Record<string, unknown>)[key] = source[key];
  }
  return extras;
}

/** Which unit of the current input `input` leaves out, when it is the current input without one. */
function deletedIndex(state: SessionState, input: Input): number | null {
  const current = state.units();
  if (!current || KINDS[state.shape.kind].tree) return null;
  let units: Json[];
  try {
    units = toUnits(input, state.shape);
  } catch {
    return null;
  }
  if (units.length !== current.length - 1) return null;
  let i = 0;
  while (i < units.length && sameValue(units[i] as Json, current[i] as Json)) i++;
  for (let j = i; j < units.length; j++) {
    if (!sameValue(units[j] as Json, current[j + 1] as Json)) return null;
  }
  // A string's units may join differently than they were cut (lines without a final newline).
  return sameOrNull(input, state.without(i)) ? i : null;
}

function sameOrNull(a: Input, b: Input | null): boolean {
  return b !== null && sameInput(a, b);
}
