import { css } from 'lit';

/**
 * How `dl-cells` draws a frame: blocks of cells (the block under trial highlighted, a removed one
 * fading, a rejected one coming back, a veiled one struck out), bars for long inputs, lines as
 * rows, a tree as an outline, and the trial's result.
 */
export const cells = css`
  .blocks {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6rem 0.9rem;
    align-items: flex-start;
    min-height: 4.6rem;
  }
  .block {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.2rem;
    transition: opacity 0.5s ease;
  }
  .cells {
    display: flex;
    flex-wrap: wrap;
    row-gap: 0.3rem;
    border-radius: 6px;
    outline: 2px solid transparent;
    outline-offset: 3px;
  }
  .cell {
    min-width: 2.6em;
    height: 2.6em;
    padding: 0 0.3em;
    display: grid;
    place-items: center;
    font-family: var(--mono);
    font-size: 1.25rem;
    font-variant-numeric: tabular-nums;
    background: var(--block-a);
    border: 1px solid var(--border);
    margin-left: -1px;
  }
  .block:nth-child(even) .cell {
    background: var(--block-b);
  }
  .cell:first-child {
    border-radius: 6px 0 0 6px;
    margin-left: 0;
  }
  .cell:last-child {
    border-radius: 0 6px 6px 0;
  }
  .name {
    font-size: 0.85rem;
    color: var(--muted);
  }
  .tried .cells {
    outline-color: var(--accent);
  }
  .tried .cell {
    background: var(--trial);
  }
  /* The cells fade, the block's label does not: it names the block the narration speaks of. */
  .gone .cells {
    animation: fade 0.9s ease forwards;
  }
  .gone .cell {
    text-decoration: line-through;
    text-decoration-thickness: 2px;
    animation: tried 0.9s ease;
  }
  /* A number is struck through corner to corner: a line through its middle would merge with a
     minus sign (every number of the article is negative). */
  .blocks:not(.lines) .gone .cell,
  .blocks:not(.lines) .pending .cell {
    text-decoration: none;
    background-image: linear-gradient(
      to top right,
      transparent calc(50% - 1.5px),
      var(--fail) calc(50% - 1.5px),
      var(--fail) calc(50% + 1.5px),
      transparent calc(50% + 1.5px)
    );
  }
  @keyframes tried {
    from {
      background-color: var(--trial);
    }
  }
  /* Removed, then put back (a rejected trial): it comes back from faded, and stays marked until
     the next step, in shape as well as colour: hatched, a thick dashed outline, and its label
     "↩ put back". */
  .restored .cells {
    outline: 3px dashed var(--pass);
    animation: back 0.4s ease;
  }
  .block.restored .cell,
  .bar .segment.restored,
  .tree .node.restored {
    background-image: repeating-linear-gradient(
      135deg,
      transparent 0 7px,
      color-mix(in srgb, var(--pass) 28%, transparent) 7px 10px
    );
  }
  .back {
    font-size: 0.85rem;
    font-weight: 700;
    color: var(--pass);
    white-space: nowrap;
  }
  @keyframes back {
    from {
      opacity: 0.3;
    }
  }
  /* Under trial, the verdict not yet shown: struck out, not yet gone or back. */
  .pending .cells {
    outline: 2px dashed var(--accent);
  }
  .pending .cell {
    text-decoration: line-through;
    background-color: var(--trial);
  }
  @keyframes fade {
    from {
      opacity: 1;
    }
    to {
      opacity: 0.8;
    }
  }
  .cell.changed {
    background: var(--trial);
    font-size: 1rem;
  }
  .bar {
    display: flex;
    width: 100%;
    gap: 3px;
  }
  .segment {
    min-width: 2.5rem;
    height: 2.6rem;
    display: grid;
    place-items: center;
    background: var(--block-a);
    border: 1px solid var(--border);
    border-radius: 6px;
    font-family: var(--mono);
    font-size: 0.85rem;
  }
  .segment:nth-child(even) {
    background: var(--block-b);
  }
  .segment.tried {
    background: var(--trial);
    outline: 2px solid var(--accent);
  }
  .segment.gone {
    animation: fade 0.7s ease forwards;
  }
  .segment.restored {
    outline: 3px dashed var(--pass);
    animation: back 0.4s ease;
  }
  .segment.pending {
    background: var(--trial);
    outline: 2px dashed var(--accent);
  }
  /* Capped by the page in presenter mode (--cells-max-height); scrolled to the trial. */
  .picture {
    max-height: var(--cells-max-height, none);
    overflow: auto;
  }
  /* The trial's input in full (the narration says it again), or in as many lines and as
     wide as the page allows (--cells-trial-lines and -width, in presenter mode). */
  .trial {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--cells-trial-lines, none);
    overflow: hidden;
    max-width: var(--cells-trial-width, none);
  }
  .result {
    overflow-wrap: anywhere;
    margin-top: 0.8rem;
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem 1rem;
    align-items: baseline;
    font-size: 1.05rem;
  }
  .badge {
    font-weight: 700;
    padding: 0.1rem 0.55rem;
    border-radius: 999px;
    border: 2px solid currentColor;
  }
  .badge.predict {
    color: var(--accent);
  }
  .granularity {
    font-size: 0.85rem;
    color: var(--muted);
    margin-bottom: 0.4rem;
  }
  .text .cell {
    min-width: 1.3em;
    padding: 0 0.1em;
  }
  .lines {
    flex-direction: column;
    align-items: stretch;
    gap: 0.5rem;
  }
  .lines .block {
    align-items: stretch;
  }
  /* A block of lines is named above its rows, as a heading: below them it would read as the
     next block's. */
  .lines .name,
  .lines .back {
    order: -1;
  }
  .lines .cells {
    flex-direction: column;
  }
  .lines .cell {
    place-items: center start;
    height: auto;
    min-height: 1.7em;
    margin-left: 0;
    margin-top: -1px;
    border-radius: 0;
    white-space: pre;
    font-size: 1.05rem;
    padding: 0 0.6em;
  }
  .tree {
    font-family: var(--mono);
    font-size: 1.05rem;
    line-height: 1.6;
    max-height: 24rem;
    overflow: auto;
  }
  .node .key {
    color: var(--muted);
    margin-right: 0.4em;
  }
  .node.gone {
    text-decoration: line-through;
    animation: fade 0.9s ease forwards;
    background: var(--trial);
  }
  .node.pending {
    text-decoration: line-through;
    background: var(--trial);
  }
  .node.restored {
    /* Removed, then put back: marked along its left edge, readable as it was. */
    border-left: 4px dashed var(--pass);
    background-color: var(--block-b);
  }
  .node {
    border-left: 4px solid transparent;
  }
`;
