import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { addressParam, setAddressParam } from '../io/address.js';
import type { Workspace } from '../model/workspace.js';
import type { Origin } from './workspace-controller.js';

/** What the address keeps of the page: the page itself, as far as this controller reads it. */
export interface AddressHost extends ReactiveControllerHost {
  readonly workspaces: { readonly workspace: Workspace; readonly origin: Origin };
  readonly player: { readonly predicting: boolean };
  hasAttribute(name: 'presenting'): boolean;
}

/**
 * Keeps the page's view in its address after each render, so that the address (a teacher's
 * bookmark) opens it again: the lesson picked or opened by the address (`?lesson=name`, while
 * it is shown: not for a link, an import or a workspace of one's own), `?present` and `?predict`.
 */
export class AddressController implements ReactiveController {
  readonly #host: AddressHost;

  constructor(host: AddressHost) {
    this.#host = host;
    host.addController(this);
  }

  /** A lesson the user picked: the address names it (answers the lesson). */
  picked(lesson: string): string {
    setAddressParam('lesson', lesson);
    return lesson;
  }

  hostUpdated(): void {
    const { workspace, origin } = this.#host.workspaces;
    // The address keeps the lesson it names while that lesson is shown (not one shown in a
    // broken link's place, which a reload does not open either).
    const lesson = origin === 'lesson' || origin === 'draft' ? workspace.lesson : '';
    const named = addressParam('lesson');
    if (named !== null && (named !== lesson || workspace.own)) setAddressParam('lesson', null);
    setAddressParam('present', this.#host.hasAttribute('presenting'));
    setAddressParam('predict', this.#host.player.predicting);
  }
}
