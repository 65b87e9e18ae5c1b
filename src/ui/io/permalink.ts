import { readSession } from '../../core/session/format/reader.js';
import { writeSession } from '../../core/session/format/writer.js';
import { withoutDurations } from '../../core/session/normalise.js';
import type { Workspace } from '../model/workspace.js';
import { parseWorkspace } from '../model/workspace-parse.js';
import { deflate, fromBase64Url, inflate, toBase64Url } from './compress.js';

/** The link format version written; links of other versions are refused with a message. */
export const LINK_VERSION = 1;

/** Links longer than this may be cut by mail clients, chats and some servers. */
export const LINK_WARN = 2000;

/** What a permalink carries. */
export interface LinkState {
  workspace: Workspace;
  /** The step shown (a frame index). */
  step: number;
  /** The recorded session, packed JSONL, when it fits. */
  session?: string;
}

/** A link that cannot be opened, with a reason a user can read. */
export class LinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

/** The hash (without `#`) of a link to `state`: `v1.` and the deflated JSON in base64url. */
export async function encodeLink(state: LinkState): Promise<string> {
  const payload = {
    w: state.workspace,
    s: state.step,
    ...(state.session ? { j: state.session } : {}),
  };
  return `v${LINK_VERSION}.${toBase64Url(await deflate(JSON.stringify(payload)))}`;
}

/** A session without its durations, for a shorter link (replays ignore durations). */
export function linkSession(text: string): string {
  const session = readSession(text);
  return writeSession({ header: session.header, events: withoutDurations(session.events) });
}

/** Whether a location hash holds a permalink at all. */
export function isLinkHash(hash: string): boolean {
  return /^#?v\d+\./.test(hash);
}

/** Reads a permalink hash; throws {@link LinkError} when it is broken, foreign or hostile. */
export async function decodeLink(hash: string): Promise<LinkState> {
  const match = /^#?v(\d+)\.(.*)$/s.exec(hash);
  if (!match) throw new LinkError('the link holds no Delta Lab state');
  if (Number(match[1]) !== LINK_VERSION) {
    throw new LinkError(
      `the link is of version ${match[1]}; this Delta Lab reads version ${LINK_VERSION}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(await inflate(fromBase64Url(match[2] ?? ''), 5_000_000));
  } catch (error) {
    throw new LinkError(
      `the link is damaged (${error instanceof Error ? error.message : 'unreadable'})`,
    );
  }
  if (typeof json !== 'object' || json === null)
    throw new LinkError('the link is damaged (no state)');
  const { w, s, j } = json as { w?: unknown; s?: unknown; j?: unknown };
  const parsed = parseWorkspace(w);
  if (!parsed.ok) throw new LinkError(`the link's workspace is unusable: ${parsed.reason}`);
  if (!Number.isSafeInteger(s) || (s as number) < 0)
    throw new LinkError('the link names no valid step');
  if (j !== undefined && typeof j !== 'string')
    throw new LinkError('the link’s session is not text');
  return {
    workspace: parsed.workspace,
    step: s as number,
    ...(typeof j === 'string' ? { session: j } : {}),
  };
}
