import { css } from 'lit';

/**
 * A program in `dl-cells`: its lines of code, numbered, in a box that scrolls; the characters a
 * trial cuts struck (while veiled), fading (accepted) or hatched and outlined (put back), and a
 * hoisted node outlined in its ancestor's place. In presenter mode, projector type.
 */
export const cellsProgram = css`
  .program {
    font-family: var(--mono);
    font-size: 1.05rem;
    line-height: 1.5;
    max-height: 24rem;
    overflow: auto;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .pline {
    display: flex;
    gap: 0.8em;
  }
  .pline .ln {
    flex: none;
    min-width: 2.2em;
    text-align: right;
    color: var(--muted);
    user-select: none;
  }
  .pline code {
    font: inherit;
  }
  .program .elided {
    color: var(--muted);
    font-family: var(--font);
    font-size: 0.85em;
  }
  .program .cut {
    border-radius: 3px;
    outline: 2px solid var(--accent);
    background: var(--trial);
  }
  .program .cut.pending {
    text-decoration: line-through;
    text-decoration-thickness: 2px;
    outline-style: dashed;
  }
  .program .cut.gone {
    text-decoration: line-through;
    text-decoration-color: var(--fail);
    text-decoration-thickness: 2px;
    animation: program-fade 0.9s ease forwards;
  }
  .program .cut.restored {
    outline: 2px dashed var(--pass);
    background: repeating-linear-gradient(
      135deg,
      transparent 0 7px,
      color-mix(in srgb, var(--pass) 28%, transparent) 7px 10px
    );
  }
  /* The node a hoist keeps: solid, thick and tinted, unlike the dashed, hatched cut around it. */
  .program .hoisted {
    border-radius: 3px;
    outline: 3px solid var(--accent);
    outline-offset: 1px;
    background: color-mix(in srgb, var(--accent) 14%, transparent);
    font-weight: 700;
  }
  @keyframes program-fade {
    to {
      opacity: 0.45;
    }
  }
  :host([presenting]) .program {
    font-size: var(--present-type, 1.25rem);
    line-height: 1.4;
    max-height: none;
    overflow: visible;
  }
`;
