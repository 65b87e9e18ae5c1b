import type { PresentPanel } from './model/present-panels.js';
import type { Workspace } from './model/workspace.js';

/** A player command. */
export type PlayerAction = 'play' | 'pause' | 'step' | 'back' | 'reset';

/**
 * Every event Delta Lab's elements fire, by name, with its `detail` (`undefined`: none). They
 * bubble and cross shadow roots, and fire on user action only, never when an owner sets a
 * property.
 */
export interface DlEvents {
  /** An edit of the workspace: the fields that changed. */
  'dl-workspace': Partial<Workspace>;
  /** Run the workspace live. */
  'dl-run': undefined;
  /** Run the workspace live and stop at the failing input found. */
  'dl-find': undefined;
  /** A run may come soon (the pointer or the focus is on Run): get sandboxes ready. */
  'dl-warm': undefined;
  /** Stop the run in progress. */
  'dl-cancel': undefined;
  'dl-player': PlayerAction;
  /** Show this frame of the timeline. */
  'dl-seek': number;
  /** Presenter mode: show this panel below the stage. */
  'dl-present-panel': PresentPanel;
  /** Show the first this many tests of a history's bisection. */
  'dl-bisect-step': number;
  /** Show the bisection of a history (true) or the dd of the change it found (false). */
  'dl-bisecting': boolean;
  /** Turn "predict first" on or off. */
  'dl-predict': boolean;
  /** Play at this speed (an index into the speeds). */
  'dl-speed': number;
  /** Open this lesson. */
  'dl-lesson': string;
  /** Put the lesson's own code and settings back. */
  'dl-lesson-reset': undefined;
  /** A blank workspace of one's own is asked for. */
  'dl-blank': undefined;
  /** An editor's new text. */
  'dl-code-change': string;
  /** The banner's actions. */
  'dl-dismiss': undefined;
  'dl-keep': undefined;
  'dl-back': undefined;
  /** Download every draft (storage refuses to save them). */
  'dl-export-drafts': undefined;
  /** Open the user's own draft saved under this key. */
  'dl-draft': string;
  /** Delete the user's own draft saved under this key. */
  'dl-draft-delete': string;
  /** Run although the per-call budget is longer than the safe one. */
  'dl-confirm-budget': undefined;
  /** The header's actions. */
  'dl-gallery': undefined;
  'dl-present': undefined;
  'dl-share': undefined;
  'dl-import': undefined;
  'dl-export': undefined;
}

/** The name of one of Delta Lab's events. */
export type DlEventName = keyof DlEvents;

/** The events that carry no detail (a plain signal, such as a banner's action). */
export type DlSignal = {
  [K in DlEventName]: DlEvents[K] extends undefined ? K : never;
}[DlEventName];

/** One of Delta Lab's events, with its detail. */
export type DlEvent<K extends DlEventName> = CustomEvent<DlEvents[K]>;

type DlEventMap = { [K in DlEventName]: DlEvent<K> };

declare global {
  interface HTMLElementEventMap extends DlEventMap {}
}

/** Fires one of Delta Lab's events from `target`: bubbling, crossing shadow roots. */
export function fire<K extends DlEventName>(
  target: EventTarget,
  type: K,
  ...detail: DlEvents[K] extends undefined ? [] : [DlEvents[K]]
): void {
  target.dispatchEvent(new CustomEvent(type, { detail: detail[0], bubbles: true, composed: true }));
}

/** The value of the form field (input, select or text area) an event came from. */
export function fieldValue(event: Event): string {
  return (event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value;
}
