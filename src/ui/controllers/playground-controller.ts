import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RunReply } from '../../../workers/protocol.js';
import type { RoleError } from '../../core/code/compile-error.js';
import type { Comparison } from '../../core/replay/compare.js';
import type { Header } from '../../core/session/events.js';
import { messageOf } from '../../core/text/error-text.js';
import { locale, t } from '../i18n/i18n.js';
import { currentDraft, draftFor, dropDraft, saveDraft } from '../io/draft.js';
import { decodeLink, encodeLink, isLinkHash, LINK_WARN, linkSession } from '../io/permalink.js';
import { readSessionFile } from '../io/session-file.js';
import type { StoreResult } from '../io/storage.js';
import { codeText, DEFAULT_LESSON, findLesson } from '../model/lessons.js';
import {
  codeOf,
  configOf,
  type Workspace,
  workspaceOf,
  workspaceOfConfig,
  workspaceProblems,
} from '../model/workspace.js';
import { parseWorkspace } from '../model/workspace-parse.js';
import type { PlayerController } from './player-controller.js';
import type { ReducerController } from './reducer-controller.js';

/** Where the workspace shown came from. A link's workspace is never autosaved over the draft. */
export type Origin = 'lesson' | 'draft' | 'link' | 'import';

/** A notice for the banner. */
export interface Notice {
  kind: 'info' | 'warn' | 'error';
  text: string;
  progress?: number;
  /** Offer the link actions (keep as draft, back to draft). */
  link?: boolean;
}

/** The identity of what a run ran: when it differs from the workspace, the run is stale. */
export const workspaceKey = (workspace: Workspace) =>
  JSON.stringify([configOf(workspace), codeOf(workspace)]);

/**
 * The playground's behaviour, apart from its layout: which workspace is open and where it came
 * from (a lesson, the autosaved draft, a link, an imported session), running and replaying,
 * comparing a live run with its recording, sharing, importing and exporting sessions.
 */
export class PlaygroundController implements ReactiveController {
  workspace: Workspace;
  origin: Origin = 'lesson';
  notice: Notice | null = null;
  errors: RoleError[] = [];
  /** The key of the workspace the timeline was made from. */
  ranKey: string | null = null;
  /** The workspace the timeline was made from (exports describe the run, not later edits). */
  ran: Workspace | null = null;
  /** The session being replayed (JSONL), to compare a live run with and to share. */
  recording: string | null = null;
  comparison: Comparison | null = null;
  readonly #host: ReactiveControllerHost;
  readonly #reducer: ReducerController;
  readonly #player: PlayerController;
  #storageWarned = false;
  #linkTimer: ReturnType<typeof setTimeout> | null = null;
  #nav = 0;

  constructor(host: ReactiveControllerHost, reducer: ReducerController, player: PlayerController) {
    this.#host = host;
    this.#reducer = reducer;
    this.#player = player;
    this.workspace = workspaceOf(lesson(DEFAULT_LESSON));
    host.addController(this);
  }

  hostConnected(): void {}

  /** Opens what the page was opened with: a link, else the last draft, else the default lesson. */
  async start(): Promise<void> {
    if (isLinkHash(location.hash)) {
      await this.openLink(location.hash);
      return;
    }
    const draft = currentDraft();
    if (draft && !findLesson(draft.lesson)) {
      // The user's own workspace, not a lesson's (e.g. an imported session they edited).
      this.#openOwn(draft);
      return;
    }
    await this.openLesson(draft?.lesson || DEFAULT_LESSON);
  }

  /**
   * Opens a permalink: its code and settings, replayed at its step when it carries a session.
   * Nothing from it runs until the user presses Run, and the user's draft is left alone. A link
   * that cannot be opened shows why, and the default lesson.
   */
  async openLink(hash: string): Promise<void> {
    const current = this.#navigate();
    await this.#reducer.stop();
    try {
      const link = await decodeLink(hash);
      if (!current()) return;
      this.workspace = link.workspace;
      this.origin = 'link';
      this.errors = [];
      this.#notify({ kind: 'info', text: t('link.banner'), link: true });
      if (!link.session) {
        this.#reducer.show('replay', [], null);
        this.ranKey = null;
        this.ran = null;
        this.recording = null;
        return;
      }
      const reply = await this.replay(link.session, false, false);
      if (!current()) return;
      if (reply.ok) this.#player.seek(link.step);
      else if ('failure' in reply) {
        this.#notify({
          kind: 'error',
          text: t('link.session', { reason: reply.failure.message }),
          link: true,
        });
      }
    } catch (error) {
      if (!current()) return;
      history.replaceState(null, '', location.pathname + location.search);
      // Shown in the link's place, not chosen: the draft open last stays the one restored.
      await this.openLesson(DEFAULT_LESSON, false);
      this.#notify({ kind: 'error', text: t('link.broken', { reason: messageOf(error) }) });
    }
  }

  /** Shows a workspace of the user's own, restored from the draft, with nothing run yet. */
  #openOwn(workspace: Workspace): void {
    this.workspace = workspace;
    this.origin = 'draft';
    this.#reducer.show('replay', [], null);
    this.ranKey = null;
    this.ran = null;
    this.recording = null;
    this.#notify({ kind: 'info', text: t('draft.restored') });
  }

  /**
   * Opens a lesson: the user's draft of it when there is one, else its own code (replayed).
   * `remember` makes it the workspace a reload restores; a lesson shown instead of a broken link
   * is not remembered.
   */
  async openLesson(name: string, remember = true): Promise<void> {
    const current = this.#navigate();
    await this.#reducer.stop();
    if (!current()) return;
    const chosen = findLesson(name) ? name : DEFAULT_LESSON;
    const pristine = workspaceOf(lesson(chosen));
    const draft = draftFor(chosen);
    this.workspace = draft ?? pristine;
    this.origin = draft ? 'draft' : 'lesson';
    this.errors = [];
    if (remember) this.#save();
    if (workspaceKey(this.workspace) === workspaceKey(pristine)) {
      const text = await lesson(chosen).session();
      if (current()) await this.replay(text);
    } else {
      this.#openOwn(this.workspace);
    }
  }

  /** Puts a lesson's own code and settings back, forgetting the user's draft of it. */
  async resetLesson(): Promise<void> {
    dropDraft(this.workspace.lesson);
    this.notice = null;
    await this.openLesson(this.workspace.lesson);
  }

  /** Replays a session (no code runs) from its first step. */
  async replay(text: string, atomic = false, report = true): Promise<RunReply> {
    await this.#reducer.stop();
    const reply = await this.#reducer.replay(text, { atomic });
    // A newer run, replay, lesson or link has taken over meanwhile: leave its state alone.
    if (!this.#reducer.isCurrent(reply)) return reply;
    if (reply.ok || !atomic) {
      this.#player.reset();
      this.comparison = null;
      this.recording = reply.ok ? text : null;
      // What the recording was made from, read off its own header: when that is not the code
      // and settings shown (a link may carry both), the replay is marked as out of date.
      this.ran = reply.ok ? recordedWorkspace(text) : null;
      this.ranKey = this.ran ? workspaceKey(this.ran) : null;
    }
    if (!reply.ok && 'failure' in reply && !atomic && report) {
      this.#notify({ kind: 'error', text: reply.failure.message });
    }
    this.#host.requestUpdate();
    return reply;
  }

  /** Runs the workspace live; plays it unless `pause` (Find failure stops at the input found). */
  async run(pause = false): Promise<void> {
    if (this.#reducer.running) return;
    const workspace = this.workspace;
    const problems = workspaceProblems(workspace, locale());
    if (problems.length > 0) {
      this.#notify({ kind: 'error', text: t('run.problems', { problems: problems.join('; ') }) });
      return;
    }
    // Compare with the recording only when it was made from exactly this code and these settings.
    const replayed = this.#reducer.mode === 'replay' && this.ranKey === workspaceKey(workspace);
    const recording = replayed ? this.recording : null;
    this.errors = [];
    this.comparison = null;
    this.ranKey = workspaceKey(workspace);
    this.ran = workspace;
    this.#player.reset();
    if (!pause) this.#player.play();
    const reply = await this.#reducer.run(
      configOf(workspace),
      codeOf(workspace),
      recording ?? undefined,
    );
    // A lesson opened or a file imported meanwhile has taken over: this reply is stale.
    if (!this.#reducer.isCurrent(reply)) return;
    if (!reply.ok && 'errors' in reply) {
      this.errors = reply.errors;
      this.#player.pause();
    }
    if (!reply.ok && 'failure' in reply)
      this.#notify({ kind: 'error', text: reply.failure.message });
    if (reply.ok) {
      this.comparison = reply.comparison ?? null;
      this.recording = null;
    }
    this.#host.requestUpdate();
  }

  /**
   * Applies the user's edit and keeps it: a draft is autosaved; a workspace from a link stays
   * apart from the draft, in the address bar (rewritten shortly after the edit), so a reload
   * keeps it too and the draft is never overwritten.
   */
  edit(patch: Partial<Workspace>): void {
    this.workspace = { ...this.workspace, ...patch };
    if (this.origin === 'link') {
      this.#rewriteLink();
    } else {
      if (isLinkHash(location.hash))
        history.replaceState(null, '', location.pathname + location.search);
      this.origin = 'draft';
      this.#save();
    }
    this.#host.requestUpdate();
  }

  #rewriteLink(): void {
    if (this.#linkTimer !== null) clearTimeout(this.#linkTimer);
    this.#linkTimer = setTimeout(async () => {
      this.#linkTimer = null;
      const hash = await encodeLink({ workspace: this.workspace, step: this.#player.cursor });
      if (this.origin === 'link') history.replaceState(null, '', `#${hash}`);
    }, 300);
  }

  /** Makes a link's workspace the user's own draft (it was kept apart until now). */
  keepAsDraft(): void {
    this.origin = 'draft';
    const result = this.#save();
    this.#notify(
      result.ok ? { kind: 'info', text: t('draft.saved') } : this.#storageNotice(result),
    );
  }

  /** Leaves a link for the user's own draft. */
  async backToDraft(): Promise<void> {
    history.replaceState(null, '', location.pathname + location.search);
    this.notice = null;
    await this.openLesson(currentDraft()?.lesson || DEFAULT_LESSON);
  }

  /** The session shown, as JSONL: the recording being replayed, or the last live run's. */
  sessionText(): string | null {
    const reply = this.#reducer.reply;
    if (this.#reducer.mode === 'replay') return this.recording;
    return reply?.ok ? reply.session : null;
  }

  /**
   * Writes a permalink for the workspace and the step shown into the address bar (with
   * `history.replaceState`), with the session when the link stays within {@link LINK_WARN}.
   */
  async share(): Promise<{ url: string; withSession: boolean }> {
    const base = location.href.split('#')[0] ?? '';
    const session = this.sessionText();
    const state = { workspace: this.workspace, step: this.#player.cursor };
    let hash = await encodeLink(session ? { ...state, session: linkSession(session) } : state);
    let withSession = !!session;
    if (session && base.length + 1 + hash.length > LINK_WARN) {
      hash = await encodeLink(state);
      withSession = false;
    }
    history.replaceState(null, '', `#${hash}`);
    return { url: `${base}#${hash}`, withSession };
  }

  /** Imports a session file: replays it and takes its code; a bad file changes nothing. */
  async importFile(file: File): Promise<void> {
    const current = this.#navigate();
    const name = file.name || 'session';
    this.#notify({ kind: 'info', text: t('import.reading', { name }), progress: 0 });
    try {
      const { session, text } = await readSessionFile(file, (progress) => {
        this.#notify({ kind: 'info', text: t('import.reading', { name }), progress });
      });
      const made = workspaceOfConfig(session.header.config, codeText);
      if (!made.ok) throw new Error(made.reason);
      const checked = parseWorkspace(made.workspace);
      if (!checked.ok) throw new Error(checked.reason);
      if (!current()) return;
      await this.#reducer.stop();
      const reply = await this.#reducer.replay(text, { atomic: true });
      if (!current() || !this.#reducer.isCurrent(reply)) return;
      if (!reply.ok)
        throw new Error('failure' in reply ? reply.failure.message : 'it did not replay');
      this.workspace = checked.workspace;
      this.origin = 'import';
      this.errors = [];
      this.comparison = null;
      this.recording = text;
      this.ran = this.workspace;
      this.ranKey = workspaceKey(this.workspace);
      this.#player.reset();
      this.#notify({ kind: 'info', text: t('import.done', { name }) });
    } catch (error) {
      this.#notify({ kind: 'error', text: t('import.failed', { name, reason: messageOf(error) }) });
    }
  }

  /**
   * Starts a navigation (a lesson, a link, an import). Each one awaits things; when a newer one
   * starts meanwhile, the older one must give way, and asks the returned function.
   */
  #navigate(): () => boolean {
    const token = ++this.#nav;
    return () => token === this.#nav;
  }

  dismiss(): void {
    this.notice = null;
    this.#host.requestUpdate();
  }

  #notify(notice: Notice) {
    this.notice = notice;
    this.#host.requestUpdate();
  }

  #save(): StoreResult {
    const result = saveDraft(this.workspace);
    if (!result.ok && !this.#storageWarned) {
      this.#storageWarned = true;
      this.#notify(this.#storageNotice(result));
    }
    return result;
  }

  #storageNotice(result: StoreResult): Notice {
    const full = !result.ok && result.reason === 'full';
    return { kind: 'warn', text: t(full ? 'storage.full' : 'storage.blocked') };
  }
}

/** The code and settings a recorded session was made with, read off its header. */
function recordedWorkspace(text: string): Workspace | null {
  try {
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Header;
    const made = workspaceOfConfig(header.config, codeText);
    return made.ok ? made.workspace : null;
  } catch {
    return null;
  }
}

function lesson(name: string) {
  const found = findLesson(name);
  if (!found) throw new Error(`no lesson ${name}`);
  return found;
}
