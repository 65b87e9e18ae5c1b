import { describe, expect, it } from 'vitest';
import { syntaxTreeProblem } from '../../../src/core/input/syntax.js';
import { Cancelled } from '../../../src/core/reduce/runner.js';
import { problemText } from '../../../src/core/text/problems.js';
import { parserOf } from '../../../src/live/syntax/parse-program.js';
import { GrammarError } from '../../../src/live/syntax/parser.js';
import { unparsedRefusal } from '../../../src/live/syntax/refuse.js';
import { nodeGrammarFiles } from '../../../workers/process/grammar-files.js';

/** `<b>` nested `depth` deep around `inside`. */
const nested = (depth: number, inside = 'x') =>
  `${'<b>'.repeat(depth)}${inside}${'</b>'.repeat(depth)}`;

/** HTML that takes tree-sitter-html about a second: 20,000 elements inside 200 open ones. */
const SLOW = nested(200, '<i>x</i> '.repeat(20_000));

describe('a parse, bounded and interruptible', { timeout: 60_000 }, () => {
  it('does not read HTML nested deeper than 512, and says so in English and Chinese', async () => {
    const parser = await parserOf('html', nodeGrammarFiles());
    const started = performance.now();
    // tree-sitter-html alone took 18 s over it.
    const refused = await parser.parse(nested(50_000)).catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(refused).toBeInstanceOf(GrammarError);
    const { message, problem } = refused as GrammarError;
    expect(message).toBe(
      'the html program nests its elements more than 512 deep, deeper than its grammar reads',
    );
    expect(problem).toEqual({ code: 'syntax.too-deep', values: { language: 'html', max: 512 } });
    expect(problemText(problem as NonNullable<typeof problem>, 'zh')).toBe(
      '这段 html 程序的元素嵌套超过 512 层，超出了它的语法能读取的深度',
    );
    expect(parser.parses(nested(513))).toBe(false);
    const tree = await parser.parse(nested(512));
    expect(tree.errors).toBe(false);
    expect(parser.parses(nested(512))).toBe(true);
  });

  it('refuses a trial that nests deeper than the program did, saying why', async () => {
    const parser = await parserOf('html', nodeGrammarFiles());
    const program = '<b></b>'.repeat(600);
    const refuse = unparsedRefusal(parser, await parser.parse(program));
    expect(refuse?.('<b></b>'.repeat(10))).toBeUndefined();
    // Its end tags cut: 600 elements open inside one another.
    expect(refuse?.('<b>'.repeat(600))).toMatch(/more than 512 deep/);
  });

  it('lets other work run while it parses, and gives the same tree however its slices fall', async () => {
    const parser = await parserOf('html', nodeGrammarFiles());
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    try {
      const tree = await parser.parse(SLOW);
      expect(ticks).toBeGreaterThan(0);
      expect(tree.errors).toBe(false);
      expect(syntaxTreeProblem(tree, SLOW.length)).toBeNull();
      expect(await parser.parse(SLOW)).toEqual(tree);
    } finally {
      clearInterval(ticker);
    }
  });

  it('stops at its next slice when cancelled, and other parses go on meanwhile', async () => {
    const parser = await parserOf('html', nodeGrammarFiles());
    let cancel = false;
    const parsing = parser.parse(SLOW, () => cancel);
    // A trial checked while the parse waits for its next slice.
    expect(parser.parses('<p>x</p>')).toBe(true);
    expect(parser.parses('<p>x</p')).toBe(false);
    cancel = true;
    await expect(parsing).rejects.toBeInstanceOf(Cancelled);
    expect((await parser.parse('<p>x</p>')).errors).toBe(false);
  });

  it('does not build a tree of more than a million nodes', async () => {
    const parser = await parserOf('json', nodeGrammarFiles());
    const huge = `[${'0,'.repeat(500_000)}0]`;
    await expect(parser.parse(huge)).rejects.toThrow(
      'the json program’s syntax tree has more than 1000000 nodes',
    );
  });
});
