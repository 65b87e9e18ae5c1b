import { InputStream } from '../../generate/generator.js';
import { type Edit, editUnits } from '../../input/edit.js';
import { KINDS } from '../../input/kinds/registry.js';
import { copyInput, type Json, type Shape, shapeOf } from '../../input/kinds.js';
import { removeAt } from '../../input/tree.js';
import { fromUnits, toUnits } from '../../input/units.js';
import { sizeOf } from '../../input/value.js';
import { LIMITS } from '../../limits.js';
import { DEFAULT_MAX_ATTEMPTS } from '../config.js';
import type { DecisionEvent, Header, SessionEvent } from '../events.js';
import { LimitError } from './limit-error.js';

/** The edit a decision event describes. */
export function editOf(decision: DecisionEvent): Edit {
  if (decision.op === 'set')
    return { op: 'set', index: decision.index ?? 0, value: decision.value ?? 0 };
  if (decision.op === 'cut') {
    const text = decision.text !== undefined ? { text: decision.text } : {};
    return { op: 'cut', spans: decision.spans ?? [], ...text };
  }
  const edit: Edit = { op: decision.op, lo: decision.lo ?? 0, hi: decision.hi ?? 0 };
  if (decision.op === 'delete' && decision.level !== undefined)
    return { ...edit, level: decision.level } as Edit;
  if (decision.op === 'keep' && decision.from !== undefined)
    return { ...edit, from: decision.from, to: decision.to ?? decision.from } as Edit;
  return edit;
}

/**
 * What can be derived from a session's events so far: the current input of the reduction, the
 * generator stream, and the last attempt, execution and trial numbers. The packer and the
 * unpacker both follow a session through one of these, so they agree by construction.
 */
export class SessionState {
  /** The input the reduction is at (the start, then each accepted trial). */
  current: Json | null = null;
  /** How the session's inputs are cut into units. */
  readonly shape: Shape;
  /** `current` as units, once asked for (flat shapes). */
  #units: Json[] | null = null;
  /** The last execution number and trial number seen. */
  execution = 0;
  trial = 0;
  /** The last attempt number seen. */
  attempt = 0;
  /** The most attempts the header allows. */
  readonly maxAttempts: number;
  readonly #header: Header;
  #stream: InputStream | null = null;
  /** The generated input of attempt `attempt + 1`, once asked for. */
  #next: Json | null = null;
  /** Attempts were not consecutive: the stream can no longer be followed. */
  #lost = false;
  /** Numbers packed rows may still rebuild (see {@link charge}). */
  #rebuildable: number = LIMITS.rebuilt;

  constructor(header: Header) {
    this.#header = header;
    this.maxAttempts = header.config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.shape = shapeOf(header.config);
    this.#setCurrent(header.config.input === undefined ? null : copyInput(header.config.input));
  }

  #setCurrent(value: Json | null): void {
    this.current = value;
    this.#units = null;
  }

  /** The current input as units (null for a tree, and before there is an input). */
  units(): Json[] | null {
    if (this.current === null || KINDS[this.shape.kind].tree) return null;
    this.#units ??= toUnits(this.current, this.shape);
    return this.#units;
  }

  /** The size of the current input in units (0 before there is one). */
  size(): number {
    if (this.current === null) return 0;
    return KINDS[this.shape.kind].tree
      ? sizeOf(this.current, this.shape)
      : (this.units()?.length ?? 0);
  }

  /**
   * Counts `numbers` about to be rebuilt from packed rows, and refuses them past
   * {@link LIMITS.rebuilt}: a few bytes of a hostile file must not make a reader allocate
   * gigabytes.
   */
  charge(numbers: number): void {
    this.#rebuildable -= numbers;
    if (this.#rebuildable < 0) {
      throw new LimitError({ code: 'session.too-many', values: { max: LIMITS.rebuilt } });
    }
  }

  /** The generated input of `attempt`, when it is the next attempt and a generator is known. */
  generated(attempt: number): Json | null {
    const generator = this.#header.config.generator;
    if (!generator || this.#lost || attempt !== this.attempt + 1) return null;
    this.#stream ??= new InputStream(generator, this.shape.kind);
    this.#next ??= this.#stream.next();
    return this.#next;
  }

  /** The trial a decision tried, applied to the current input. */
  trialOf(decision: DecisionEvent): Json | null {
    if (this.current === null) return null;
    const edit = editOf(decision);
    if (KINDS[this.shape.kind].tree) {
      if (edit.op !== 'delete' || edit.level === undefined) {
        throw new Error('a tree is only edited by removing nodes of a level');
      }
      return removeAt(this.current, edit.level, edit.lo, edit.hi);
    }
    return fromUnits(editUnits(this.units() ?? [], edit), this.shape);
  }

  /** The current input without unit `at` (flat shapes), or null when there is no such unit. */
  without(at: number): Json | null {
    const units = this.units();
    if (KINDS[this.shape.kind].tree || !units || at < 0 || at >= units.length) return null;
    return fromUnits([...units.slice(0, at), ...units.slice(at + 1)], this.shape);
  }

  /** Advances past one event. */
  observe(event: SessionEvent): void {
    switch (event.type) {
      case 'attempt':
        // Draw the attempt's input even if nobody asked, so the stream stays in step.
        if (this.generated(event.attempt) === null) this.#lost = true;
        this.#next = null;
        this.attempt = event.attempt;
        return;
      case 'found':
        this.#setCurrent(copyInput(event.input));
        return;
      case 'call':
        this.execution = event.execution;
        if (event.phase === 'confirm') this.#setCurrent(copyInput(event.input));
        return;
      case 'decision':
        this.trial = event.trial;
        if (event.accepted && this.current !== null) this.#setCurrent(this.trialOf(event));
        return;
      default:
        return;
    }
  }
}
