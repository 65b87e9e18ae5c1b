import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DlSignal } from '../events.js';
import { t } from '../i18n/i18n.js';

/** A notice for the banner. */
export interface Notice {
  kind: 'info' | 'warn' | 'error';
  text: string;
  /** A progress bar (0..1) while something long is under way. */
  progress?: number;
  /** Stays until its cause is gone (no Dismiss button). */
  sticky?: boolean;
  /** Buttons, by the event each fires. */
  actions?: readonly { label: string; event: DlSignal }[];
}

/** The actions of the banner of a link's workspace: keep it as a draft, or go back to mine. */
export function linkActions(): Notice['actions'] {
  return [
    { label: t('link.keep'), event: 'dl-keep' },
    { label: t('link.back'), event: 'dl-back' },
  ];
}

/** The one notice the banner shows: the latest one given, until it is dismissed or replaced. */
export class NoticeController implements ReactiveController {
  #notice: Notice | null = null;
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  /** The notice shown, if any. */
  get notice(): Notice | null {
    return this.#notice;
  }

  /** Shows `notice` in place of the one shown. */
  show(notice: Notice): void {
    this.#notice = notice;
    this.#host.requestUpdate();
  }

  /** Hides the notice. */
  dismiss(): void {
    this.#notice = null;
    this.#host.requestUpdate();
  }
}
