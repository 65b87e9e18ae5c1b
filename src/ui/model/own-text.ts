/** What a workspace of one's own says about itself: a title and notes the user writes. */
export interface OwnText {
  title: string;
  notes: string;
}

/** The longest title and notes a workspace keeps (a link or a draft is never bigger). */
export const MAX_TITLE = 200;
export const MAX_NOTES = 20_000;

/** More combining marks in a row than any script writes on one letter (see workspace-parse). */
const MARK_RUN = /\p{M}{33}/u;

/**
 * A workspace's own text from outside (a link, a draft, a session): undefined when there is
 * none, or why it cannot be used.
 */
export function parseOwn(
  value: unknown,
): { ok: true; own?: OwnText } | { ok: false; reason: string } {
  if (value === undefined) return { ok: true };
  if (typeof value !== 'object' || value === null)
    return { ok: false, reason: 'own is not an object' };
  const { title, notes } = value as Record<string, unknown>;
  if (typeof title !== 'string' || title.length > MAX_TITLE || MARK_RUN.test(title)) {
    return { ok: false, reason: 'own.title is not a short text' };
  }
  if (typeof notes !== 'string' || notes.length > MAX_NOTES || MARK_RUN.test(notes)) {
    return { ok: false, reason: 'own.notes is not a text' };
  }
  return { ok: true, own: { title, notes } };
}
