import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isLinkHash } from '../io/permalink.js';

/** What the page does for what it hears from the window. */
export interface WindowActions {
  /** A step forward or back (a presenter's clicker: PageDown, PageUp). */
  step(): void;
  back(): void;
  /** Ctrl/Cmd+Enter. */
  run(): void;
  /** Ctrl/Cmd+S. */
  share(): void;
  /** A file dropped anywhere on the page. */
  importFile(file: File): void;
  /** A permalink pasted into the address bar of the open page. */
  openLink(hash: string): void;
  /** A part of the page that loads late (a language, a panel) could not be fetched. */
  loadFailed(): void;
}

/**
 * What the page hears from the window while it is connected: its keyboard shortcuts, a file
 * dropped on it, a link pasted into the address bar, and a late chunk that failed to load.
 */
export class WindowController implements ReactiveController {
  readonly #actions: WindowActions;

  constructor(host: ReactiveControllerHost, actions: WindowActions) {
    this.#actions = actions;
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('keydown', this.#onKey);
    window.addEventListener('dragover', this.#onDragOver);
    window.addEventListener('drop', this.#onDrop);
    window.addEventListener('hashchange', this.#onHash);
    window.addEventListener('vite:preloadError', this.#onLoadError);
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.#onKey);
    window.removeEventListener('dragover', this.#onDragOver);
    window.removeEventListener('drop', this.#onDrop);
    window.removeEventListener('hashchange', this.#onHash);
    window.removeEventListener('vite:preloadError', this.#onLoadError);
  }

  readonly #onLoadError = () => this.#actions.loadFailed();

  /** A permalink pasted into the address bar of an open page opens like a fresh load of it. */
  readonly #onHash = () => {
    if (isLinkHash(location.hash)) this.#actions.openLink(location.hash);
  };

  readonly #onDragOver = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };

  readonly #onDrop = (event: DragEvent) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    this.#actions.importFile(file);
  };

  readonly #onKey = (event: KeyboardEvent) => {
    // A presenter's clicker sends PageDown / PageUp: a step forward or back, wherever the focus
    // is, except while typing.
    if ((event.key === 'PageDown' || event.key === 'PageUp') && !event.defaultPrevented) {
      const target = event.composedPath()[0];
      const typing =
        target instanceof HTMLElement &&
        (target.isContentEditable ||
          target.closest('input, textarea, select, .monaco-editor') !== null);
      if (typing) return;
      event.preventDefault();
      if (event.key === 'PageDown') this.#actions.step();
      else this.#actions.back();
      return;
    }
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      this.#actions.run();
    } else if (event.key === 's' || event.key === 'S') {
      event.preventDefault();
      this.#actions.share();
    }
  };
}
