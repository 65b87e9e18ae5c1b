import { html, nothing } from 'lit';
import { KINDS } from '../../core/input/kinds/registry.js';
import {
  ALL_SPLITS,
  INPUT_KINDS,
  type InputKind,
  SPLITS,
  type Split,
} from '../../core/input/kinds.js';
import { fieldValue } from '../events.js';
import { t } from '../i18n/i18n.js';
import type { Workspace } from '../model/workspace.js';

/** The kinds the menu offers: the inputs' kinds, and a program (text in an editor of its language). */
type MenuKind = InputKind | 'program';

/**
 * The input kind's menu and, for text, a call's arguments and programs, how it is cut into
 * units (a program may also be cut by its syntax). `patch` is told what the user chose.
 */
export function kindMenu(ws: Workspace, patch: (change: Partial<Workspace>) => void) {
  const chosen: MenuKind = ws.program !== undefined ? 'program' : ws.kind;
  const kinds: MenuKind[] = [...INPUT_KINDS.slice(0, 2), 'program', ...INPUT_KINDS.slice(2)];
  const pick = (kind: MenuKind) =>
    kind === 'program'
      ? patch({ kind: 'string', program: ws.program ?? 'javascript', split: 'syntax' })
      : patch({ kind, program: undefined });
  const splits: readonly Split[] = ws.program !== undefined ? ALL_SPLITS : SPLITS;
  return html`<label>${t('find.kind')}
      <select .value=${chosen} @change=${(e: Event) => pick(fieldValue(e) as MenuKind)}>
        ${kinds.map((kind) => html`<option value=${kind} ?selected=${kind === chosen}>${t(`kind.${kind}`)}</option>`)}
      </select></label>
    ${
      KINDS[ws.kind].splits
        ? html`<label>${t('find.split')}
          <select .value=${ws.split} @change=${(e: Event) => patch({ split: fieldValue(e) as Split })}>
            ${splits.map((split) => html`<option value=${split} ?selected=${split === ws.split}>${t(`split.${split}`)}</option>`)}
          </select></label>`
        : nothing
    }`;
}
