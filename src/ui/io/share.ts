import { encodeLink, LINK_WARN, type LinkState, linkSession } from './permalink.js';

/**
 * Writes a permalink for `state` into the address bar (with `history.replaceState`: no history
 * entry, no reload), with `session` when the whole link stays within {@link LINK_WARN}
 * characters; returns the link and whether it carries the session.
 */
export async function shareLink(
  state: Omit<LinkState, 'session'>,
  session: string | null,
): Promise<{ url: string; withSession: boolean }> {
  const base = location.href.split('#')[0] ?? '';
  let hash = await encodeLink(session ? { ...state, session: linkSession(session) } : state);
  let withSession = !!session;
  if (session && base.length + 1 + hash.length > LINK_WARN) {
    hash = await encodeLink(state);
    withSession = false;
  }
  history.replaceState(null, '', `#${hash}`);
  return { url: `${base}#${hash}`, withSession };
}
