import { describe, expect, it } from 'vitest';
import { programLines, unparsedBefore } from '../../../src/ui/model/program-view.js';
import { exampleFrames } from '../../core/session/sessions.js';

const text = (line: { pieces: { text: string; mark: string }[] }) =>
  line.pieces.map((p) => (p.mark === 'plain' ? p.text : `[${p.mark}:${p.text}]`)).join('');

describe('a program drawn as lines', () => {
  it('numbers its lines and marks what a trial cuts, as the code reads', () => {
    const { lines, above, below } = programLines('let a = 1;\nlet b = 2;\nf(a);', [
      [4, 12],
      [15, 16],
    ]);
    expect([above, below]).toEqual([0, 0]);
    expect(lines.map(text)).toEqual(['let [cut:a = 1;\n]', '[cut:l]et [cut:b] = 2;', 'f(a);']);
    expect(lines.map((line) => [line.number, line.marked])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
  });

  it('outlines the node a hoist keeps in its ancestor’s place', () => {
    const program = 'if (c) { b(); }';
    const { lines } = programLines(
      program,
      [
        [0, 9],
        [13, 15],
      ],
      true,
    );
    expect(lines.map(text)).toEqual(['[cut:if (c) { ][hoisted:b();][cut: }]']);
  });

  it('makes a cut of white space alone visible', () => {
    const { lines } = programLines('a;\n\n  b;', [
      [2, 3],
      [3, 6],
    ]);
    expect(lines.map(text)).toEqual(['a;[cut:↵]', '[cut:↵]', '[cut:··]b;']);
  });

  it('draws at most the lines asked for, and counts the rest', () => {
    const { lines, above, below } = programLines('a\nb\nc\nd', [], false, 2);
    expect(lines.map(text)).toEqual(['a', 'b']);
    expect([above, below]).toEqual([0, 2]);
  });

  it('draws the lines around the first mark of a long program, counting those above and below', () => {
    const program = Array.from({ length: 10_000 }, (_, i) => `line${i};`).join('\n');
    const at = program.indexOf('line7000;');
    const { lines, above, below } = programLines(program, [[at, at + 9]], false, 5);
    expect(lines.map(text)).toEqual([
      'line6998;',
      'line6999;',
      '[cut:line7000;]',
      'line7001;',
      'line7002;',
    ]);
    expect(lines[2]?.number).toBe(7001);
    expect([above, below]).toEqual([6998, 2997]);
  });

  it('draws a long line from just before its first mark, counting the characters left out', () => {
    const program = `${'{'.repeat(100_000)}x;${'}'.repeat(100_000)}`;
    const { lines } = programLines(program, [[100_000, 100_002]], false, 400, 100);
    expect(lines.map(text)).toEqual([`${'{'.repeat(40)}[cut:x;]${'}'.repeat(58)}`]);
    expect(lines.map((line) => [line.before, line.after, line.marked])).toEqual([
      [99_960, 99_942, true],
    ]);
  });

  it('never splits a surrogate pair where it cuts a long line', () => {
    const program = '😀'.repeat(1000);
    const { lines } = programLines(program, [[500, 501]], false, 400, 101);
    const [line] = lines;
    const drawn = line?.pieces.map((piece) => piece.text).join('') ?? '';
    expect(drawn).toMatch(/^(😀)+$/u);
    expect((line?.before ?? 0) + [...drawn].length + (line?.after ?? 0)).toBe(1000);
    expect(line?.pieces.find((piece) => piece.mark === 'cut')?.text).toBe('😀');
  });

  it('counts code points, not UTF-16 units', () => {
    const { lines } = programLines('s = "😀";', [[5, 6]]);
    expect(lines.map(text)).toEqual(['s = "[cut:😀]";']);
  });

  it('counts the trials refused unparsed among the frames shown so far', () => {
    const { frames } = exampleFrames('program-crash');
    expect(unparsedBefore(frames, frames.length)).toBe(7);
    expect(unparsedBefore(frames, 0)).toBe(0);
    const first = frames.findIndex(
      (f) => f.type === 'trial' && f.verdict.error?.name === 'Unparsed',
    );
    expect(unparsedBefore(frames, first)).toBe(0);
    expect(unparsedBefore(frames, first + 1)).toBe(1);
  });
});
