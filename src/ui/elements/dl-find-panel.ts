import { css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import { INT_ARRAY, type Shape, type Split, shapeOf } from '../../core/input/kinds.js';
import type { RunStatus } from '../../core/run/status.js';
import type { Frame, SearchProgress } from '../../core/run/timeline.js';
import { problemText } from '../../core/text/problems.js';
import { fieldValue, fire } from '../events.js';
import { locale, t } from '../i18n/i18n.js';
import { argumentTypes } from '../model/call-generator.js';
import { pastedInput, pastedKind } from '../model/pasted.js';
import { PROGRAM_NAMES } from '../model/program-language.js';
import { inputText, sizeText } from '../model/units-view.js';
import { outputText } from '../model/verdict-text.js';
import type { Workspace } from '../model/workspace.js';
import { MAX_PASTED } from '../model/workspace-parse.js';
import { shared } from '../styles/shared.js';
import './dl-search-progress.js';
import { kindMenu } from './kind-menu.js';
import { LocalizedElement } from './localized-element.js';

/**
 * Where the failing input comes from: seeded random generation (seed, length, value range,
 * attempt limit) with a progress bar, or an input pasted in. Shows the failing input found.
 *
 * @fires dl-workspace - `detail: Partial<Workspace>`, a setting the user changed.
 * @fires dl-find - the user asked to find a failure.
 */
@customElement('dl-find-panel')
export class DlFindPanel extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.3rem 1.5rem;
        margin-bottom: 0.4rem;
      }
      h2 {
        margin: 0;
      }
      fieldset {
        border: none;
        padding: 0;
        margin: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 1rem;
      }
      fieldset label {
        flex-direction: row;
        align-items: center;
        gap: 0.3rem;
        font-size: 0.9rem;
        color: var(--text);
      }
      .found {
        margin-top: 0.5rem;
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2rem 0.8rem;
      }
      .input {
        font-family: var(--mono);
        font-size: 1.05rem;
        overflow-wrap: anywhere;
      }
      .paste {
        width: min(100%, 34rem);
      }
      .paste textarea {
        width: 100%;
        resize: vertical;
        font-size: 1rem;
      }
      .hint {
        margin: 0.2rem 0 0;
        font-size: 0.85rem;
      }
      input.alphabet {
        width: 8em;
      }
      input.seed {
        width: 9em;
      }
      input[type='number'] {
        width: 5.5em;
      }
      .error {
        color: var(--fail);
        font-size: 0.85rem;
      }
    `,
  ];

  @property({ attribute: false }) workspace!: Workspace;
  /** How the inputs of the run shown are cut into units. */
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  /** What became of the last file dropped on the text box. */
  @state() private dropped = '';
  @property({ attribute: false }) progress: SearchProgress | null = null;
  /** The frame with the failing input, once found. */
  @property({ attribute: false }) found: Extract<Frame, { type: 'found' }> | undefined;
  @property({ type: Boolean }) running = false;
  /** Where the live run is, while it searches (attempts, outcomes so far, time). */
  @property({ attribute: false }) status: RunStatus | null = null;

  override render() {
    const ws = this.workspace;
    const generate = ws.source === 'generate';
    const pasted = generate || ws.failing.trim() === '' ? null : pastedInput(ws.failing, ws.kind);
    const badPaste = pasted !== null && !pasted.ok;
    const text = KINDS[ws.kind].text;
    const call = KINDS[ws.kind].call;
    const types = call ? argumentTypes(ws.failing) : [];
    return html`<section class="panel" aria-labelledby="find-title">
      <div class="head">
      <h2 id="find-title">${t('find.heading')}</h2>
      <fieldset>
        <legend class="visually-hidden">${t('find.source')}</legend>
        <label><input type="radio" name="source" .checked=${generate} ?disabled=${KINDS[ws.kind].generator === null || ws.program !== undefined} @change=${() => this.#patch({ source: 'generate' })} />${t('find.generate')}</label>
        <label><input type="radio" name="source" .checked=${!generate} @change=${() => this.#patch({ source: 'paste' })} />${t('find.paste')}</label>
      </fieldset>
      ${kindMenu(ws, (patch) => this.#patch(patch))}
      </div>
      ${
        generate
          ? html`<div class="row">
            <label>${t('find.seed')}<input class="mono seed" inputmode="numeric" .value=${ws.seed} @change=${(e: Event) => this.#patch({ seed: fieldValue(e) })} /></label>
            ${this.#number('find.length', 'length', ws.length, 0)}
            <label>${t('find.maxLength')}<input type="number" min="0" step="1" placeholder=${t('reduce.none')}
              .value=${ws.maxLength === null ? '' : String(ws.maxLength)}
              @change=${(e: Event) => {
                const text = fieldValue(e).trim();
                const n = Number(text);
                if (text === '') this.#patch({ maxLength: null });
                else if (Number.isSafeInteger(n) && n >= 0) this.#patch({ maxLength: n });
              }} /></label>
            ${
              text || (call && types.includes('string'))
                ? html`<label>${t('find.alphabet')}<input class="mono alphabet" .value=${ws.alphabet}
                    @change=${(e: Event) => this.#patch({ alphabet: fieldValue(e) })} /></label>`
                : nothing
            }
            ${
              !text && (!call || types.some((type) => type !== 'string'))
                ? html`${this.#number('find.min', 'min', ws.min)} ${this.#number('find.max', 'max', ws.max)}`
                : nothing
            }
            ${this.#number('find.attempts', 'maxAttempts', ws.maxAttempts, 1)}
            <label>${t('find.searchMs')}<input type="number" min="0" step="100" placeholder=${t('reduce.none')}
              .value=${ws.searchMs === null ? '' : String(ws.searchMs)}
              @change=${(e: Event) => {
                const text = fieldValue(e).trim();
                const n = Number(text);
                if (text === '') this.#patch({ searchMs: null });
                else if (Number.isFinite(n) && n >= 0) this.#patch({ searchMs: n });
              }} /></label>
            <button class="primary" ?disabled=${this.running} @click=${this.#find}>${t('find.run')}</button>
          </div>
          ${call ? html`<p class="muted hint call-types">${t('find.callTypes', { types: types.join(', ') })}</p>` : nothing}`
          : ws.program !== undefined
            ? this.#program(ws)
            : html`<div class="row">
            <label class="paste">${t('find.pasteLabel')}
              <textarea class="mono" .value=${ws.failing} rows=${text ? 5 : 2} spellcheck="false"
                placeholder=${text ? '<SELECT NAME="priority" MULTIPLE SIZE=7>' : call ? '["foo", "foobar"]' : '[3, 1, 4, 1, 5]'}
                aria-invalid=${badPaste} aria-describedby="paste-hint"
                @paste=${this.#onPaste} @dragover=${this.#onDragOver} @drop=${this.#onDrop}
                @input=${(e: Event) => this.#patch({ failing: fieldValue(e) })}></textarea></label>
            <button class="primary" ?disabled=${this.running || badPaste} @click=${this.#find}>${t('find.run')}</button>
          </div>
          <p id="paste-hint" class="muted hint">${t(text ? 'find.pasteText' : call ? 'find.pasteArgs' : 'find.pasteJson')}${
            pasted?.ok ? ` · ${sizeText(pasted.input, shapeOf(ws))}` : ''
          }${this.dropped ? ` · ${this.dropped}` : ''}</p>
          ${
            pasted && !pasted.ok
              ? html`<p class="error" role="alert">${t('find.pasteBad', { reason: problemText(pasted.problem, locale()) })}</p>`
              : nothing
          }`
      }
      ${
        generate
          ? html`<dl-search-progress .max=${ws.maxAttempts} .status=${this.running ? this.status : null}
              .progress=${this.running ? null : this.progress}></dl-search-progress>`
          : nothing
      }
      ${this.found ? this.#found(this.found) : nothing}
    </section>`;
  }

  #number(
    label: Parameters<typeof t>[0],
    key: 'length' | 'min' | 'max' | 'maxAttempts',
    current: number,
    min?: number,
  ) {
    return html`<label>${t(label)}<input type="number" .value=${String(current)} min=${min ?? ''} step="1"
      @change=${(e: Event) => {
        // Any number is taken: one that cannot run is listed with the settings' problems.
        const text = fieldValue(e).trim();
        const n = Number(text);
        if (text !== '' && Number.isFinite(n)) this.#patch({ [key]: n });
      }} /></label>`;
  }

  #found(found: Extract<Frame, { type: 'found' }>) {
    return html`<div class="found">
      <span class="muted">${found.attempt === null ? t('find.given') : t('find.found', { attempt: found.attempt })}</span>
      <span class="input">${this.shape.split === 'syntax' ? sizeText(found.input, this.shape) : inputText(found.input, this.shape, 64)}</span>
      <span>${t('find.expected')} <b class="mono">${outputText(found.verdict.expected)}</b>,
        ${t('find.actual')} <b class="mono outcome-${found.verdict.outcome}">${outputText(found.verdict.actual)}</b>
        <span class="outcome-${found.verdict.outcome}">(${found.verdict.outcome})</span></span>
    </div>`;
  }

  /** A program is edited in its own editor (in the code column): here its size and how it is cut. */
  #program(ws: Workspace) {
    const program = ws.program ?? 'other';
    const size = [ws.split === 'lines' ? 'lines' : 'chars', 'lines'].map((split) =>
      sizeText(ws.failing, { kind: 'string', split: split as Split }),
    );
    return html`<div class="row">
        <p class="hint program-hint">${t('program.hint', { size: size.join(', ') })}</p>
        <button class="primary" ?disabled=${this.running || ws.failing === ''} @click=${this.#find}>${t('find.run')}</button>
      </div>
      ${ws.split === 'syntax' ? html`<p class="muted hint">${program === 'other' ? t('program.generic') : t('program.grammar', { language: PROGRAM_NAMES[program] })}</p>` : nothing}`;
  }

  /** Pasting over the whole box picks the kind from what is pasted (a JSON value, or text). */
  readonly #onPaste = (event: ClipboardEvent) => {
    const box = event.target as HTMLTextAreaElement;
    const whole = box.selectionStart === 0 && box.selectionEnd === box.value.length;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    const picked = whole ? pastedKind(text, this.workspace.kind) : null;
    if (!picked) return;
    event.preventDefault();
    this.dropped = '';
    this.#patch(picked);
  };

  readonly #onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.stopPropagation();
  };

  /** A file dropped on the box is its input (text, or JSON when it parses as one). */
  readonly #onDrop = async (event: DragEvent) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    if (file.size > MAX_PASTED) {
      this.dropped = t('find.pasteBad', {
        reason: problemText({ code: 'input.not-string', values: { max: MAX_PASTED } }, locale()),
      });
      return;
    }
    const text = await file.text();
    const picked = KINDS[this.workspace.kind].text
      ? { kind: this.workspace.kind, failing: text }
      : pastedKind(text, this.workspace.kind);
    if (!picked) return;
    this.#patch(picked);
    this.dropped = t('find.dropped', {
      name: file.name,
      size: sizeText(picked.failing, shapeOf({ kind: picked.kind, split: this.workspace.split })),
    });
  };

  #patch(patch: Partial<Workspace>) {
    fire(this, 'dl-workspace', patch);
  }

  #find() {
    fire(this, 'dl-find');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-find-panel': DlFindPanel;
  }
}
