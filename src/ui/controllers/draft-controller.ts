import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { t } from '../i18n/i18n.js';
import { draftFor, isDraftsEvent, listDrafts, rememberCurrent, saveDraft } from '../io/draft.js';
import type { Workspace } from '../model/workspace.js';
import type { Notice, NoticeController } from './notice-controller.js';

/**
 * Keeps the workspace shown autosaved, and nothing lost: it follows one draft (by key and
 * revision) and saves every edit there. Another tab's save of the same draft is taken in (the
 * `storage` event); an edit made meanwhile is kept as a copy rather than written over it. While
 * storage refuses to save, a warning with "Export my drafts" stays until a save works again.
 */
export class DraftController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #notices: NoticeController;
  readonly #adopt: (workspace: Workspace) => void;
  #key: string | null = null;
  #rev = 0;
  /** The storage warning shown, while saving fails. */
  #failing: Notice | null = null;

  /** `adopt` shows a workspace saved by another tab in place of the one shown. */
  constructor(
    host: ReactiveControllerHost,
    notices: NoticeController,
    adopt: (workspace: Workspace) => void,
  ) {
    this.#host = host;
    this.#notices = notices;
    this.#adopt = adopt;
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('storage', this.#onStorage);
  }

  hostDisconnected(): void {
    window.removeEventListener('storage', this.#onStorage);
  }

  /** The key edits are saved under (null: nothing is saved, as for a link's workspace). */
  get key(): string | null {
    return this.#key;
  }

  /**
   * Follows the draft `key` from now on: its stored revision when there is one, else a new
   * draft made at the first save. `remember` makes it the one a reload opens.
   */
  follow(key: string | null, remember = false): void {
    this.#key = key;
    this.#rev = key === null ? 0 : (draftFor(key)?.rev ?? 0);
    if (key !== null && remember) this.#report(rememberCurrent(key));
  }

  /** Saves `workspace` under the draft followed (under `key` when none is followed yet). */
  save(workspace: Workspace, key?: string): void {
    this.#key ??= key ?? null;
    if (this.#key === null) return;
    const result = saveDraft(this.#key, workspace, this.#rev, () =>
      t('draft.copyName', { name: this.#key ?? '' }),
    );
    this.#report(result);
    if (!result.ok) return;
    this.#rev = result.rev;
    if (result.copied) {
      this.#key = result.key;
      this.#notices.show({ kind: 'warn', text: t('draft.copied', { name: result.key }) });
    }
  }

  /** Every draft and the workspace shown, as a file the user can keep (JSON). */
  exportText(shown: Workspace): string {
    const drafts = listDrafts().map(({ key, workspace, saved }) => ({ key, saved, workspace }));
    return `${JSON.stringify({ format: 'deltalab-drafts', version: 1, shown, drafts }, null, 2)}\n`;
  }

  /** Shows the storage warning while saving fails; takes it away once a save works. */
  #report(result: { ok: true } | { ok: false; reason: 'blocked' | 'full' }): void {
    if (result.ok) {
      if (this.#failing && this.#notices.notice === this.#failing) this.#notices.dismiss();
      this.#failing = null;
      return;
    }
    if (this.#failing && this.#notices.notice === this.#failing) return;
    const failing: Notice = {
      kind: 'warn',
      text: t(result.reason === 'full' ? 'storage.full' : 'storage.blocked'),
      actions: [{ label: t('storage.export'), event: 'dl-export-drafts' }],
      sticky: true,
    };
    this.#failing = failing;
    this.#notices.show(failing);
  }

  readonly #onStorage = (event: StorageEvent) => {
    if (!isDraftsEvent(event) || this.#key === null) return;
    const stored = draftFor(this.#key);
    if (!stored || stored.rev === this.#rev) return;
    this.#rev = stored.rev;
    this.#adopt(stored.workspace);
    this.#notices.show({ kind: 'info', text: t('draft.fromOtherTab') });
    this.#host.requestUpdate();
  };
}
