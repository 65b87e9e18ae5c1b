import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { clipText } from '../../core/text/clip.js';
import { messageOf } from '../../core/text/error-text.js';
import { Debounced } from '../async/debounce.js';
import { locale, onLocaleChange, t } from '../i18n/i18n.js';
import { currentDraft, draftFor, dropDraft, freeKey } from '../io/draft.js';
import { decodeLink, encodeLink, isLinkHash } from '../io/permalink.js';
import { shareLink } from '../io/share.js';
import { failureText } from '../model/failure-text.js';
import { fitKind } from '../model/fit-kind.js';
import {
  codeText,
  DEFAULT_LESSON,
  findLesson,
  lessonNamed,
  relocalized,
} from '../model/lessons.js';
import { ownIfEdited, saveBlank } from '../model/own.js';
import { type Workspace, workspaceOf, workspaceOfConfig } from '../model/workspace.js';
import { workspaceKey } from '../model/workspace-key.js';
import { checkedWorkspace } from '../model/workspace-parse.js';
import { DraftController } from './draft-controller.js';
import { linkActions, type NoticeController } from './notice-controller.js';
import type { PlayerController } from './player-controller.js';
import type { RunController } from './run-controller.js';
import type { TimelineController } from './timeline-controller.js';
import type { Turn } from './turns.js';

/** Where the workspace shown came from. A link's workspace is never autosaved over the draft. */
export type Origin = 'lesson' | 'draft' | 'link' | 'import';

/** The controllers a workspace controller works with. */
export interface WorkspaceParts {
  timeline: TimelineController;
  runs: RunController;
  player: PlayerController;
  notices: NoticeController;
}

/**
 * What is shown and where it came from: a lesson, the autosaved draft, a link or an imported
 * session; the user's edits (autosaved, or kept in the address bar for a link); sharing.
 */
export class WorkspaceController implements ReactiveController {
  #workspace: Workspace;
  #origin: Origin = 'lesson';
  readonly #host: ReactiveControllerHost;
  readonly #parts: WorkspaceParts;
  readonly #linkRewrite = new Debounced(300);
  readonly #drafts: DraftController;
  #unlisten: (() => void) | null = null;

  constructor(host: ReactiveControllerHost, parts: WorkspaceParts) {
    this.#host = host;
    this.#parts = parts;
    this.#workspace = workspaceOf(lessonNamed(DEFAULT_LESSON));
    this.#drafts = new DraftController(host, parts.notices, (workspace) => this.#adopt(workspace));
    host.addController(this);
  }

  hostConnected(): void {
    this.#unlisten ??= onLocaleChange(() => this.#relocalize());
  }

  hostDisconnected(): void {
    this.#unlisten?.();
    this.#unlisten = null;
  }

  /** The code and settings shown. */
  get workspace(): Workspace {
    return this.#workspace;
  }

  /** Where the workspace shown came from. */
  get origin(): Origin {
    return this.#origin;
  }

  /** Opens what the page was opened with: a link, `lesson` (`?lesson=`), the last draft, or the article. */
  async start(lesson?: string | null): Promise<void> {
    if (isLinkHash(location.hash)) return this.openLink(location.hash);
    if (lesson && findLesson(lesson)) return this.openLesson(lesson);
    return this.#openLast();
  }

  /** Opens the draft open last: a lesson's, or one of the user's own; else the default lesson. */
  async #openLast(): Promise<void> {
    const draft = currentDraft();
    if (draft && !findLesson(draft.key)) return this.openDraft(draft.key);
    return this.openLesson(draft?.key || DEFAULT_LESSON);
  }

  /** Opens one of the user's own drafts (an import or a link they edited), with nothing run. */
  async openDraft(key: string): Promise<void> {
    const draft = draftFor(key);
    if (!draft) return this.openLesson(DEFAULT_LESSON);
    this.#drafts.follow(key, true);
    this.#showOwn(draft.workspace, this.#parts.timeline.begin());
  }

  /**
   * Opens a permalink: its code and settings, replayed at its step when it carries a session.
   * Nothing from it runs until the user presses Run, and the user's draft is left alone. A link
   * that cannot be opened shows why, and the default lesson.
   */
  async openLink(hash: string): Promise<void> {
    const turn = this.#parts.timeline.begin();
    try {
      const link = await decodeLink(hash);
      if (!turn.current) return;
      this.#drafts.follow(null);
      this.#show(link.workspace, 'link');
      this.#parts.notices.show({ kind: 'info', text: t('link.banner'), actions: linkActions() });
      if (!link.session) {
        this.#parts.runs.clear(turn);
        return;
      }
      const answer = await this.#parts.runs.replay(turn, link.session, { report: false });
      if (!answer) return;
      if (answer.reply.ok) this.#parts.player.seek(link.step);
      else if ('failure' in answer.reply) {
        const reason = failureText(answer.reply.failure);
        this.#parts.notices.show({
          kind: 'error',
          text: t('link.session', { reason }),
          actions: linkActions(),
        });
      }
    } catch (error) {
      if (!turn.current) return;
      history.replaceState(null, '', location.pathname + location.search);
      // Shown in the link's place, not chosen: the draft open last stays the one restored.
      await this.openLesson(DEFAULT_LESSON, { remember: false });
      this.#parts.notices.show({
        kind: 'error',
        text: t('link.broken', { reason: clipText(messageOf(error)) }),
      });
    }
  }

  /**
   * Opens a lesson: the user's draft of it when there is one, else its own code (replayed).
   * `remember` makes it the workspace a reload restores; a lesson shown instead of a broken link
   * is not remembered.
   */
  async openLesson(name: string, options: { remember?: boolean } = {}): Promise<void> {
    const turn = this.#parts.timeline.begin();
    const chosen = findLesson(name) ? name : DEFAULT_LESSON;
    const pristine = workspaceOf(lessonNamed(chosen), locale());
    const draft = draftFor(chosen);
    this.#drafts.follow(chosen, options.remember !== false);
    this.#show(draft?.workspace ?? pristine, draft ? 'draft' : 'lesson');
    if (workspaceKey(this.#workspace) !== workspaceKey(pristine)) {
      this.#showOwn(this.#workspace, turn);
      return;
    }
    // Fetched as part of the replay, so that a Run pressed meanwhile waits for it.
    await this.#parts.runs.replay(turn, lessonNamed(chosen).session());
  }

  /** Opens a blank workspace of one's own, kept as a draft of its own (nothing run). */
  async openBlank(): Promise<void> {
    const key = saveBlank(locale(), t('own.draftName'));
    if (key) await this.openDraft(key);
    this.#parts.notices.dismiss();
  }

  /** Puts a lesson's own code and settings back, forgetting the user's draft of it. */
  async resetLesson(): Promise<void> {
    if (this.#drafts.key === this.#workspace.lesson) dropDraft(this.#workspace.lesson);
    this.#parts.notices.dismiss();
    await this.openLesson(this.#workspace.lesson);
  }

  /** Imports a session file: replays it and takes its code; a bad file changes nothing. */
  async importFile(file: File): Promise<void> {
    const turn = this.#parts.timeline.begin();
    const name = file.name || 'session';
    const reading = (progress: number) =>
      this.#parts.notices.show({ kind: 'info', text: t('import.reading', { name }), progress });
    reading(0);
    try {
      const answer = await this.#parts.runs.replay(turn, file, {
        atomic: true,
        onReading: reading,
      });
      if (!answer) return;
      const { reply } = answer;
      if (!reply.ok) {
        throw new Error('failure' in reply ? failureText(reply.failure) : 'it did not replay');
      }
      const checked = checkedWorkspace(
        workspaceOfConfig(reply.config, (ref) => codeText(ref, locale())),
      );
      answer.commit();
      // Its own workspace: saved under a key of its own at the first edit, never over a draft.
      this.#drafts.follow(freeKey(t('draft.importName', { name })));
      this.#show(checked, 'import');
      this.#parts.notices.show({ kind: 'info', text: t('import.done', { name: clipText(name) }) });
    } catch (error) {
      if (!turn.current) return;
      this.#parts.notices.show({
        kind: 'error',
        text: t('import.failed', { name: clipText(name), reason: clipText(messageOf(error)) }),
      });
    }
  }

  /**
   * Applies the user's edit and keeps it: a draft is autosaved; a link's workspace stays apart
   * from the draft, in the address bar (rewritten soon after), kept by a reload, never drafted.
   */
  edit(patch: Partial<Workspace>): void {
    const was = this.#workspace;
    this.#workspace = ownIfEdited(was, fitKind({ ...was, ...patch }), locale());
    if (this.#origin === 'link') {
      this.#linkRewrite.schedule(async () => {
        const hash = await encodeLink({
          workspace: this.#workspace,
          step: this.#parts.player.cursor,
        });
        if (this.#origin === 'link') history.replaceState(null, '', `#${hash}`);
      });
    } else {
      if (isLinkHash(location.hash)) {
        history.replaceState(null, '', location.pathname + location.search);
      }
      this.#origin = 'draft';
      this.#drafts.save(this.#workspace, this.#workspace.lesson || DEFAULT_LESSON);
    }
    this.#host.requestUpdate();
  }

  /**
   * Makes a link's workspace one of the user's own drafts (it was kept apart until now), under a
   * key of its own: it never replaces a draft the user has.
   */
  keepAsDraft(): void {
    const key = freeKey(t('draft.linkName', { name: this.#workspace.lesson || 'workspace' }));
    this.#drafts.follow(key);
    this.#origin = 'draft';
    if (isLinkHash(location.hash))
      history.replaceState(null, '', location.pathname + location.search);
    this.#drafts.save(this.#workspace);
    this.#parts.notices.show({ kind: 'info', text: t('draft.saved', { name: key }) });
  }

  /** Leaves a link for the user's own draft. */
  async backToDraft(): Promise<void> {
    history.replaceState(null, '', location.pathname + location.search);
    this.#parts.notices.dismiss();
    await this.#openLast();
  }

  /** Every draft and the workspace shown, as a file to keep (for when storage is full). */
  draftsText(): string {
    return this.#drafts.exportText(this.#workspace);
  }

  /** Shows a workspace another tab saved under the draft followed. */
  #adopt = (workspace: Workspace): void => {
    this.#workspace = workspace;
    this.#host.requestUpdate();
  };

  /**
   * Writes a permalink for the workspace and the step shown into the address bar, with the
   * session shown when the link stays short enough (see {@link shareLink}).
   */
  async share(): Promise<{ url: string; withSession: boolean }> {
    const state = { workspace: this.#workspace, step: this.#parts.player.cursor };
    return shareLink(state, await this.#parts.runs.sessionText());
  }

  /**
   * Shows an untouched lesson's code with its comments in the page's new language (the same
   * code: what ran and what is replayed still match it). Drafts, links and imports stay as they
   * are: the user's text is never rewritten.
   */
  #relocalize(): void {
    if (this.#origin !== 'lesson') return;
    this.#workspace = relocalized(this.#workspace, locale());
    this.#host.requestUpdate();
  }

  /** Shows a workspace that came from somewhere. */
  #show(workspace: Workspace, origin: Origin): void {
    this.#workspace = workspace;
    this.#origin = origin;
    this.#host.requestUpdate();
  }

  /** Shows a workspace of the user's own, restored from the draft, with nothing run yet. */
  #showOwn(workspace: Workspace, turn: Turn): void {
    this.#show(workspace, 'draft');
    this.#parts.runs.clear(turn);
    this.#parts.notices.show({ kind: 'info', text: t('draft.restored') });
  }
}
