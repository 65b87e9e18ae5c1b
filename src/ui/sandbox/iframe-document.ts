import { iframeScript } from './iframe-script.js';

/**
 * The sandbox iframe's content security policy: nothing may be loaded or connected to (no
 * `fetch`, XHR, WebSocket, EventSource, no remote script or `import()`), only the frame's own
 * inline script runs, and workers come only from blobs. Workers started from a blob inherit it.
 * `'unsafe-eval'` is what evaluating user code needs.
 */
export const IFRAME_POLICY =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' blob:; worker-src blob:";

/**
 * The frame's document (its `srcdoc`): the policy, and {@link iframeScript} as its one inline
 * script (the frame, an opaque origin under that policy, can load no script from anywhere).
 */
export function iframeDocument(): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${IFRAME_POLICY}"><script>(${iframeScript.toString()})();</script>`;
}
