import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { runtimeOf } from '../../core/code/runtimes/registry.js';
import type { RunSummary } from '../../core/run/run.js';
import { clipText } from '../../core/text/clip.js';
import { t } from '../i18n/i18n.js';
import { download, fileName } from '../io/download.js';
import { REGRESSION_TESTS } from '../model/regression-tests.js';
import type { Workspace } from '../model/workspace.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** The most characters of an export shown on the page (Copy and Download take all of it). */
const PREVIEW_CHARS = 6000;

/** The two exports: a regression test, and the result as JSON. */
type Export = 'test' | 'json';

/** Exports a finished reduction: as a Vitest regression test, and as JSON. */
@customElement('dl-export-panel')
export class DlExportPanel extends LocalizedElement {
  static override styles = [
    shared,
    css`
      details {
        margin-top: 0.4rem;
      }
      summary {
        cursor: pointer;
        font-weight: 600;
      }
      pre {
        max-height: 16rem;
        overflow: auto;
        background: var(--surface-2);
        padding: 0.6rem;
        border-radius: 6px;
        font-size: 0.8rem;
      }
    `,
  ];

  @property({ attribute: false }) workspace!: Workspace;
  @property({ attribute: false }) summary: RunSummary | null = null;
  @state() private _copied = '';
  /** The exports opened, whose previews are drawn. */
  @state() private _open: ReadonlySet<Export> = new Set();
  /**
   * The exports of the summary shown, each made when first opened, copied or downloaded: both
   * read the whole summary (a session's history may hold megabytes of inputs) and the code.
   */
  private _made: Partial<Record<Export, string>> | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('workspace') && !changed.has('summary')) return;
    this._made = this.summary?.status === 'reduced' ? {} : null;
  }

  /** The regression test of the workspace's code, as its runtime has it. */
  get #test() {
    return REGRESSION_TESTS[runtimeOf(this.workspace.language)];
  }

  /** The text of an export, made once per summary. */
  #text(id: Export): string {
    const made = this._made ?? {};
    const summary = this.summary as RunSummary;
    made[id] ??=
      id === 'test'
        ? this.#test.write(this.workspace, summary)
        : `${JSON.stringify(summary, null, 2)}\n`;
    return made[id];
  }

  override render() {
    if (!this._made) return html``;
    const test = this.#test;
    return html`<section class="panel" aria-labelledby="export-title">
      <h3 id="export-title">${t('export.heading')}</h3>
      ${this.#item('test', t(test.title), test.file(this.workspace.lesson), test.type)}
      ${this.#item('json', t('export.json'), fileName(this.workspace.lesson, 'result', '.result.json'), 'application/json')}
    </section>`;
  }

  #item(id: Export, title: string, file: string, type: string) {
    const open = this._open.has(id);
    return html`<details ?open=${open} @toggle=${(event: Event) => this.#toggle(id, event)}>
      <summary>${title}</summary>
      <div class="row">
        <button @click=${() => this.#copy(id)}>${this._copied === id ? t('export.copied') : t('export.copy')}</button>
        <button @click=${() => download(file, this.#text(id), type)}>${t('export.download')}</button>
      </div>
      ${open ? html`<pre class="mono" tabindex="0" aria-label=${title}>${clipText(this.#text(id), PREVIEW_CHARS)}</pre>` : nothing}
    </details>`;
  }

  #toggle(id: Export, event: Event) {
    const open = (event.target as HTMLDetailsElement).open;
    if (open === this._open.has(id)) return;
    const next = new Set(this._open);
    if (open) next.add(id);
    else next.delete(id);
    this._open = next;
  }

  async #copy(id: Export) {
    await navigator.clipboard.writeText(this.#text(id));
    this._copied = id;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-export-panel': DlExportPanel;
  }
}
