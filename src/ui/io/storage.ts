/**
 * Local storage that may be blocked (private modes, policies) or full. Reads fall back to
 * nothing, writes report failure instead of throwing, so the page degrades with a message.
 */
export type StoreResult = { ok: true } | { ok: false; reason: 'blocked' | 'full' };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored text under `key`, or null. */
export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`. */
export function writeStored(key: string, value: string): StoreResult {
  const store = storage();
  if (!store) return { ok: false, reason: 'blocked' };
  try {
    store.setItem(key, value);
    return { ok: true };
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    return { ok: false, reason: name === 'QuotaExceededError' ? 'full' : 'blocked' };
  }
}
