import { html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Language } from '../../core/code/refs.js';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../core/code/runtimes/registry.js';
import { fire } from '../events.js';
import { LocaleController, t } from '../i18n/i18n.js';
import type { CodeMarker } from '../model/status-text.js';
import { loadMonaco, type Monaco, systemTheme } from '../monaco/monaco-loader.js';

/**
 * A code editor: a plain textarea at first paint, replaced by Monaco once it has loaded.
 * Renders into light DOM, because Monaco's styles do not reach into shadow roots.
 *
 * @fires dl-code-change - `detail: string`, the new text, on every edit by the user.
 * @fires dl-run - the user pressed Ctrl/Cmd+Enter in Monaco (which keeps the key to itself; the
 *   page's own shortcut handles it everywhere else).
 */
@customElement('dl-code-editor')
export class DlCodeEditor extends LitElement {
  /** The code. Setting it replaces the editor's text (when it differs). */
  @property({ attribute: false }) value = '';
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Monaco's language to show the text in instead of `language`'s (a program: `c`, `css`…). */
  @property() mode: string | undefined;
  /** The accessible name of the editor. */
  @property() label = '';
  /** Errors to mark (compile errors, the line a crash came from). */
  @property({ attribute: false }) markers: readonly CodeMarker[] = [];

  @state() private _ready = false;
  protected readonly localeController = new LocaleController(this);
  #editor: Monaco.editor.IStandaloneCodeEditor | null = null;
  #monaco: typeof Monaco | null = null;
  #scheme: MediaQueryList | null = null;
  readonly #onScheme = () => this.#monaco?.editor.setTheme(systemTheme());

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#scheme = matchMedia('(prefers-color-scheme: dark)');
    this.#scheme.addEventListener('change', this.#onScheme);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#scheme?.removeEventListener('change', this.#onScheme);
    this.#editor?.getModel()?.dispose();
    this.#editor?.dispose();
    this.#editor = null;
    this._ready = false;
  }

  override render() {
    return html`
      <textarea
        class="code-fallback"
        aria-label=${this.label}
        spellcheck="false"
        ?hidden=${this._ready}
        .value=${this.value}
        @input=${(event: Event) => this.#changed((event.target as HTMLTextAreaElement).value)}
      ></textarea>
      <div class="code-host" ?hidden=${!this._ready} role="group" aria-label=${this.label}></div>
      <p class="code-hint">${this._ready ? t('editor.tabHint') : t('editor.loading')}</p>
    `;
  }

  protected override firstUpdated(): void {
    // After the first paint: the page is usable with the textarea while Monaco arrives.
    setTimeout(() => void this.#mount(), 0);
  }

  protected override updated(changed: PropertyValues<this>): void {
    const editor = this.#editor;
    const monaco = this.#monaco;
    if (!editor || !monaco) return;
    let model = editor.getModel();
    if (!model) return;
    const id = this.mode ?? languageId(this.language);
    if (model.getLanguageId() !== id) {
      // Another language gets a model of its own: the old one's language service (which would
      // mark every line of Python as bad JavaScript) forgets it with its diagnostics, even those
      // it was still computing.
      const next = monaco.editor.createModel(this.value, id);
      editor.setModel(next);
      model.dispose();
      model = next;
    } else if (changed.has('value') && model.getValue() !== this.value) {
      model.setValue(this.value);
    }
    if (
      changed.has('markers') ||
      changed.has('value') ||
      changed.has('language') ||
      changed.has('mode')
    ) {
      monaco.editor.setModelMarkers(
        model,
        'deltalab',
        this.markers.map((marker) => ({
          startLineNumber: marker.line,
          startColumn: marker.column,
          endLineNumber: marker.line,
          endColumn: model.getLineMaxColumn(Math.min(marker.line, model.getLineCount())),
          message: marker.message,
          severity: monaco.MarkerSeverity.Error,
        })),
      );
    }
  }

  async #mount(): Promise<void> {
    const monaco = await loadMonaco();
    const host = this.querySelector<HTMLElement>('.code-host');
    if (!host || !this.isConnected || this.#editor) return;
    this.#monaco = monaco;
    const editor = monaco.editor.create(host, {
      model: monaco.editor.createModel(this.value, this.mode ?? languageId(this.language)),
      theme: systemTheme(),
      automaticLayout: true,
      minimap: { enabled: false },
      // Follow the page's size (it grows on large screens and projectors).
      fontSize: Math.round(parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.82),
      lineNumbersMinChars: 3,
      scrollBeyondLastLine: false,
      // Long comment lines wrap instead of running off a narrow editor or a projector.
      wordWrap: 'on',
      wrappingIndent: 'same',
      tabSize: 2,
      ariaLabel: this.label,
      // Tab moves focus on, so the keyboard is never trapped in an editor (Ctrl+M toggles it).
      tabFocusMode: true,
      fixedOverflowWidgets: true,
    });
    editor.onDidChangeModelContent(() => this.#changed(editor.getValue()));
    // The editor grows with its code, up to most of the window, so a lesson's code shows whole.
    editor.onDidContentSizeChange(({ contentHeight }) => {
      host.style.height = `${Math.min(contentHeight + 2, Math.round(innerHeight * 0.7))}px`;
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => this.#run());
    this.#editor = editor;
    this._ready = true;
    this.requestUpdate('markers');
  }

  #changed(value: string) {
    if (value === this.value) return;
    this.value = value;
    fire(this, 'dl-code-change', value);
  }

  #run() {
    fire(this, 'dl-run');
  }
}

function languageId(language: Language): string {
  return LANGUAGES[language].editor;
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-code-editor': DlCodeEditor;
  }
}
