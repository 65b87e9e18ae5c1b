import { css } from 'lit';

/**
 * A call's arguments in `dl-cells`: one row each, its name and size above its cells, the row a
 * trial works on set off by a rule at its left, a fixed argument's value in a dashed frame, the
 * arguments not drawn counted above and below.
 */
export const cellsCall = css`
  .call {
    display: flex;
    flex-direction: column;
    gap: 0.7rem;
  }
  .argument {
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
    padding-left: 0.7rem;
    border-left: 4px solid var(--border);
  }
  .argument.worked {
    border-left-color: var(--accent);
  }
  .argument .blocks {
    min-height: 0;
  }
  .argument-name {
    font-size: 0.9rem;
    color: var(--muted);
  }
  .argument.worked .argument-name {
    color: inherit;
    font-weight: 600;
  }
  .fixed-value {
    border-style: dashed;
    border-radius: 6px;
  }
  .more-arguments {
    padding-left: calc(0.7rem + 4px);
    font-size: 0.9rem;
  }
  .empty-argument {
    color: var(--muted);
    font-size: 1.25rem;
    padding: 0.4rem 0;
  }
  :host([presenting]) .call {
    gap: 0.4em;
  }
  :host([presenting]) .argument-name {
    font-size: 0.75em;
  }
`;
