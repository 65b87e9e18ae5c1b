import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { type CommandSpec, judgingRoles } from '../../core/code/refs.js';
import { LANGUAGE_NAMES, LANGUAGES } from '../../core/code/runtimes/registry.js';
import type { Split } from '../../core/input/kinds.js';
import type { Role } from '../../core/oracle/verdict.js';
import type { ReducerName } from '../../core/reduce/types.js';
import { fieldValue, fire } from '../events.js';
import type { MessageKey } from '../i18n/en.js';
import { LocaleController, t } from '../i18n/i18n.js';
import {
  editorMode,
  PROGRAM_LANGUAGES,
  PROGRAM_NAMES,
  type ProgramLanguage,
} from '../model/program-language.js';
import type { RoleMarker } from '../model/status-text.js';
import type { Workspace } from '../model/workspace.js';
import { codeOf } from '../model/workspace.js';
import './dl-code-editor.js';

const TITLES: Record<Role, MessageKey> = {
  candidate: 'editor.candidate',
  reference: 'editor.reference',
  outcome: 'editor.outcome',
};

/**
 * The code: the candidate and the reference (or an outcome predicate), JavaScript or TypeScript,
 * with errors marked at their lines and listed below; when the input is a program, the program
 * too, in an editor of its language. Light DOM, so that Monaco's styles apply.
 *
 * @fires dl-workspace - `detail: Partial<Workspace>`, code or settings the user changed.
 */
@customElement('dl-editor-pane')
export class DlEditorPane extends LitElement {
  @property({ attribute: false }) workspace!: Workspace;
  @property({ attribute: false }) markers: readonly RoleMarker[] = [];

  protected readonly localeController = new LocaleController(this);

  protected override createRenderRoot() {
    return this;
  }

  override render() {
    const ws = this.workspace;
    if (ws.command) return this.#command(ws.command);
    const roles = judgingRoles(codeOf(ws));
    return html`
      <div class="editor-settings">
        <label>${t('editor.mode')}
          <select @change=${(e: Event) => this.#patch({ mode: fieldValue(e) as Workspace['mode'] })}>
            <option value="pair" ?selected=${ws.mode === 'pair'}>${t('editor.mode.pair')}</option>
            <option value="outcome" ?selected=${ws.mode === 'outcome'}>${t('editor.mode.outcome')}</option>
          </select>
        </label>
        <label>${t('editor.language')}
          <select @change=${(e: Event) => this.#patch({ language: fieldValue(e) as Workspace['language'] })}>
            ${LANGUAGE_NAMES.map(
              (name) =>
                html`<option value=${name} ?selected=${ws.language === name}>${LANGUAGES[name].label}</option>`,
            )}
          </select>
        </label>
      </div>
      ${ws.changes !== null && ws.mode === 'pair' ? this.#yesterday(ws.changes) : nothing}
      ${roles.map((role) => {
        const markers = this.markers.filter((marker) => marker.role === role);
        return html`<section class="editor-block" aria-label=${t(TITLES[role])}>
          <h2 class="editor-title">${t(TITLES[role])}</h2>
          <dl-code-editor
            .value=${ws[role]}
            .language=${ws.language}
            .label=${t(TITLES[role])}
            .markers=${markers}
            @dl-code-change=${(e: CustomEvent<string>) => this.#patch({ [role]: e.detail })}
          ></dl-code-editor>
          ${markers.map(
            (marker) => html`<p class="editor-error" role="alert">
              ${t('editor.errorAt', { role: t(TITLES[role]), line: marker.line, column: marker.column, message: marker.message })}
            </p>`,
          )}
        </section>`;
      })}
      ${ws.program !== undefined ? this.#program(ws.program, ws.failing) : nothing}
    `;
  }

  /** The program the run reduces (the failing input), in an editor of its language. */
  #program(language: ProgramLanguage, source: string) {
    return html`<section class="editor-block program" aria-label=${t('program.heading')}>
      <h2 class="editor-title">${t('program.heading')}</h2>
      <div class="editor-settings">
        <label>${t('program.language')}
          <select @change=${(e: Event) => this.#patch({ program: fieldValue(e) as ProgramLanguage })}>
            ${PROGRAM_LANGUAGES.map(
              (name) =>
                html`<option value=${name} ?selected=${name === language}>${name === 'other' ? t('program.other') : PROGRAM_NAMES[name]}</option>`,
            )}
          </select>
        </label>
      </div>
      <dl-code-editor
        .value=${source}
        .mode=${editorMode(language)}
        .label=${t('program.heading')}
        @dl-code-change=${(e: CustomEvent<string>) => this.#patch({ failing: e.detail })}
      ></dl-code-editor>
    </section>`;
  }

  /** Yesterday's candidate, which passes, when the run isolates the change that makes today's fail. */
  #yesterday(source: string) {
    return html`<section class="editor-block" aria-label=${t('editor.yesterday')}>
      <h2 class="editor-title">${t('editor.yesterday')}</h2>
      <dl-code-editor
        .value=${source}
        .language=${this.workspace.language}
        .label=${t('editor.yesterday')}
        @dl-code-change=${(e: CustomEvent<string>) => this.#patch({ changes: e.detail })}
      ></dl-code-editor>
    </section>`;
  }

  /** A session judged by a command on the command line: the command, and how to run it. */
  #command(command: CommandSpec) {
    const flags = [
      `--oracle-cmd ${shellWord(command.run)}`,
      command.invalidExit !== undefined ? `--invalid-exit ${command.invalidExit}` : '',
      command.expectStderr !== undefined
        ? `--expect-stderr ${shellWord(command.expectStderr)}`
        : '',
      command.expectStdout !== undefined
        ? `--expect-stdout ${shellWord(command.expectStdout)}`
        : '',
      `--input-file ${shellWord(command.name)}`,
      ...splitFlags(this.workspace.reducer, this.workspace.split),
    ];
    const line = `deltalab reduce ${flags.filter(Boolean).join(' ')}`;
    return html`<section class="editor-block command" aria-labelledby="command-title">
      <h2 class="editor-title" id="command-title">${t('editor.command')}</h2>
      <p>${t('editor.commandNote')}</p>
      <pre class="mono">${line}</pre>
    </section>`;
  }

  #patch(patch: Partial<Workspace>) {
    fire(this, 'dl-workspace', patch);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-editor-pane': DlEditorPane;
  }
}

/** A word for a POSIX shell: in single quotes unless it needs none. */
function shellWord(text: string): string {
  return /^[\w./=:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * How a command reduction's reducer is named on the command line: nothing for the pipeline (the
 * one command), else its split, and the reducer when it is not that split's default.
 */
function splitFlags(reducer: ReducerName, split: Split | undefined): string[] {
  if (reducer === 'pipeline') return [];
  const named = reducer === 'syntax' || reducer === 'bisect' ? [] : [`--reducer ${reducer}`];
  return [`--split ${split ?? 'lines'}`, ...named];
}
