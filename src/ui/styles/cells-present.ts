import { css } from 'lit';

/**
 * `dl-cells` and `dl-sides` in presenter mode (`presenting`): the picture takes the room the
 * stage has left and scrolls to the block under trial; cells, the trial's input and its verdict
 * in the page's projector type (`--present-type`, no smaller than the narration); the labels a
 * little smaller; long outputs kept to one line (clipped, with their length).
 */
export const cellsPresent = css`
  :host([presenting]) {
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  :host([presenting]) .picture {
    flex: 1 1 0;
    min-height: 2.4em;
    font-size: var(--present-type, 1.25rem);
  }
  :host([presenting]) .blocks {
    min-height: 0;
    gap: 0.3em 0.6em;
  }
  :host([presenting]) .cell {
    font-size: var(--present-type, 1.25rem);
    height: 2.1em;
    min-width: 2.1em;
  }
  :host([presenting]) .text .cell {
    min-width: 1.2em;
  }
  :host([presenting]) .lines {
    gap: 0.25em;
  }
  :host([presenting]) .lines .cell {
    height: auto;
    min-height: 1.45em;
    line-height: 1.35;
  }
  :host([presenting]) .tree {
    font-size: var(--present-type, 1.25rem);
    line-height: 1.4;
    /* The picture is the box that scrolls. */
    max-height: none;
    overflow: visible;
  }
  :host([presenting]) .name,
  :host([presenting]) .back,
  :host([presenting]) .granularity,
  :host([presenting]) .sides,
  :host([presenting]) .segment {
    font-size: calc(var(--present-type, 1.25rem) * 0.8);
  }
  :host([presenting]) .segment {
    height: 2em;
  }
  :host([presenting]) .granularity,
  :host([presenting]) .sides {
    margin-bottom: 0.2em;
  }
  :host([presenting]) .result {
    font-size: var(--present-type, 1.25rem);
    margin-top: 0.35em;
    flex-wrap: nowrap;
    gap: 0.2em 0.7em;
    align-items: center;
    min-width: 0;
  }
  :host([presenting]) .result > * {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    flex: 0 1 auto;
    min-width: 0;
  }
  /* The trial and its verdict keep their room; the outputs and an error give theirs up first. */
  :host([presenting]) .result > .badge {
    flex: none;
  }
  :host([presenting]) .result > .trial {
    flex: none;
    max-width: 45%;
  }
  :host([presenting]) .result > .error {
    flex-shrink: 100;
  }
  :host([presenting]) .trial {
    display: block;
    max-width: none;
  }
`;
