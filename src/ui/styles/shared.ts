import { css } from 'lit';

/** Buttons, fields and panels shared by the elements (the colours come from app.css). */
export const shared = css`
  :host {
    display: block;
  }
  .panel {
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: var(--radius);
    padding: 0.8rem 1rem;
    box-shadow: var(--shadow);
  }
  h2,
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
    letter-spacing: 0.01em;
  }
  button {
    font: inherit;
    color: var(--text);
    background: var(--surface-2);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 0.3rem 0.8rem;
    cursor: pointer;
    min-height: 2rem;
  }
  button:hover:not(:disabled) {
    border-color: var(--accent);
  }
  button.primary {
    background: var(--accent);
    color: var(--accent-text);
    border-color: var(--accent);
    font-weight: 600;
  }
  button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  [tabindex]:focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  label {
    display: inline-flex;
    flex-direction: column;
    gap: 0.15rem;
    font-size: 0.8rem;
    color: var(--muted);
  }
  input,
  select,
  textarea {
    font: inherit;
    font-size: 0.95rem;
    color: var(--text);
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 0.2rem 0.45rem;
    min-height: 1.9rem;
  }
  input[type='number'] {
    width: 6.5em;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 0.75rem;
    align-items: end;
  }
  .mono {
    font-family: var(--mono);
  }
  .muted {
    color: var(--muted);
  }
  .outcome-PASS {
    color: var(--pass);
  }
  .outcome-FAIL {
    color: var(--fail);
  }
  .outcome-INVALID {
    color: var(--invalid);
  }
  .outcome-TIMEOUT {
    color: var(--timeout);
  }
  .outcome-CRASH {
    color: var(--crash);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** A modal dialog over a dimmed page (the lessons gallery, the share dialog). */
export const dialog = css`
  dialog {
    max-height: 88vh;
    border: 1px solid var(--border);
    border-radius: var(--radius);
    background: var(--bg);
    color: var(--text);
    padding: 1rem 1.2rem;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 45%);
  }
`;
