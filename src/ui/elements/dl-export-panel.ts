import { css, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { RunSummary } from '../../core/run/run.js';
import { clipText } from '../../core/text/clip.js';
import { t } from '../i18n/i18n.js';
import { download, fileName } from '../io/download.js';
import { regressionTest } from '../model/regression-test.js';
import { pythonRegressionTest } from '../model/regression-test-py.js';
import type { Workspace } from '../model/workspace.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** The most characters of an export shown on the page (Copy and Download take all of it). */
const PREVIEW_CHARS = 6000;

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
  /** The exports of the summary shown, made when the workspace or the summary changes. */
  private _made: { test: string; json: string } | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Made once per change, not per render: both read the whole summary and the user's code.
    if (!changed.has('workspace') && !changed.has('summary')) return;
    const summary = this.summary;
    if (summary?.status !== 'reduced') {
      this._made = null;
      return;
    }
    const python = this.workspace.language === 'py';
    this._made = {
      test: (python ? pythonRegressionTest : regressionTest)(this.workspace, summary),
      json: `${JSON.stringify(summary, null, 2)}\n`,
    };
  }

  override render() {
    if (!this._made) return html``;
    const { test, json } = this._made;
    const python = this.workspace.language === 'py';
    const testFile = python
      ? `test_${fileName(this.workspace.lesson, 'candidate', '_regression.py').replaceAll('-', '_')}`
      : fileName(this.workspace.lesson, 'candidate', '.regression.test.js');
    return html`<section class="panel" aria-labelledby="export-title">
      <h3 id="export-title">${t('export.heading')}</h3>
      ${this.#item('test', t(python ? 'export.pytest' : 'export.test'), test, testFile, python ? 'text/x-python' : 'text/javascript')}
      ${this.#item('json', t('export.json'), json, fileName(this.workspace.lesson, 'result', '.result.json'), 'application/json')}
    </section>`;
  }

  #item(id: string, title: string, text: string, file: string, type: string) {
    return html`<details>
      <summary>${title}</summary>
      <div class="row">
        <button @click=${() => this.#copy(id, text)}>${this._copied === id ? t('export.copied') : t('export.copy')}</button>
        <button @click=${() => download(file, text, type)}>${t('export.download')}</button>
      </div>
      <pre class="mono" tabindex="0" aria-label=${title}>${clipText(text, PREVIEW_CHARS)}</pre>
    </details>`;
  }

  async #copy(id: string, text: string) {
    await navigator.clipboard.writeText(text);
    this._copied = id;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-export-panel': DlExportPanel;
  }
}
