/**
 * Functions that run inside the real app's page (Playwright serialises them, so each one stands
 * alone: no imports, no outer variables). The page's DOM is typed here by the few members used,
 * because the bench runner compiles without the DOM library.
 */

/** The members of a DOM element the probes use. */
interface ProbeElement {
  textContent: string | null;
  shadowRoot: ProbeNode | null;
  disabled?: boolean;
  click(): void;
}

/** A document or shadow root. */
interface ProbeNode {
  querySelector(selector: string): ProbeElement | null;
}

/** The page's global scope, as far as the probes use it. */
export interface ProbeScope {
  document: ProbeNode;
  performance: { now(): number };
  requestAnimationFrame(callback: () => void): number;
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: object): void; disconnect(): void };
  /** Set by {@link watchFirstControl}: ms from navigation start to the first usable control. */
  __deltalabFirstControl?: number;
}

/** What {@link clickRunUntilDone} measured (ms from the click). */
export interface RunTiming {
  /**
   * The narration first told of a result: a text of its own, neither the one before the click
   * nor "Running…" (while the sandboxes start and the first answer is awaited).
   */
  firstResultMs: number;
  /** The narration said "Done:". */
  doneMs: number;
  /** The next animation frame after that (the result on screen). */
  paintedMs: number;
  narration: string;
  /** The label of the button clicked ("Run live" after a replay, "Run" after a live run). */
  label: string;
}

/**
 * An init script: on every animation frame until it is found, looks for the Run / "Run live"
 * button (in `dl-player`'s shadow root) present and enabled, and records when.
 */
export function watchFirstControl(): void {
  const scope = globalThis as unknown as ProbeScope;
  const check = () => {
    const controls = scope.document.querySelector('dl-player');
    const button = controls?.shadowRoot?.querySelector('button.primary');
    const label = button?.textContent?.trim();
    if (button && !button.disabled && (label === 'Run live' || label === 'Run')) {
      scope.__deltalabFirstControl = scope.performance.now();
      return;
    }
    scope.requestAnimationFrame(check);
  };
  scope.requestAnimationFrame(check);
}

/**
 * Clicks Run (or "Run live") and resolves when the narration, having left its old text, starts
 * with "Done:". Times are taken in the page, from just before the click.
 */
export function clickRunUntilDone(): Promise<RunTiming> {
  const scope = globalThis as unknown as ProbeScope;
  return new Promise((resolve, reject) => {
    const narration = scope.document.querySelector('#stage .narration');
    const controls = scope.document.querySelector('dl-player');
    const button = controls?.shadowRoot?.querySelector('button.primary');
    if (!narration || !button) {
      reject(new Error('the narration or the Run button is missing'));
      return;
    }
    const label = button.textContent?.trim() ?? '';
    const before = narration.textContent?.trim() ?? '';
    let left = false;
    let started = 0;
    let firstResultMs = -1;
    const observer = new scope.MutationObserver(() => {
      const text = narration.textContent?.trim() ?? '';
      if (left && firstResultMs < 0 && text !== '' && text !== before && text !== 'Running…') {
        firstResultMs = scope.performance.now() - started;
      }
      if (!text.startsWith('Done:')) {
        left = true;
        return;
      }
      if (!left) return;
      const doneMs = scope.performance.now() - started;
      if (firstResultMs < 0) firstResultMs = doneMs;
      observer.disconnect();
      scope.requestAnimationFrame(() =>
        resolve({
          firstResultMs,
          doneMs,
          paintedMs: scope.performance.now() - started,
          narration: text,
          label,
        }),
      );
    });
    observer.observe(narration, { childList: true, characterData: true, subtree: true });
    started = scope.performance.now();
    button.click();
  });
}
