import { ARTICLE_GENERATOR, InputStream } from '../../core/generate/generator.js';
import { integer, parse, seed } from '../args.js';
import { UsageError } from '../usage-error.js';

export const GENERATE_HELP = `Usage: deltalab generate [options]

Prints generated inputs, one JSON array per line, exactly as CPython's
random.Random(seed) with randint(min, max) draws them.

Options:
  --seed S         the seed (any integer; default 1103)
  --length N       elements per input (default 12)
  --max-length N   draw each length from randint(length, max-length)
  --min A          smallest element (default -9)
  --max B          largest element (default 9)
  --count K        how many inputs (default 1)
  --help           show this help`;

/** `deltalab generate`. */
export function generate(args: string[], out: (line: string) => void): number {
  const { values } = parse(args, {
    seed: { type: 'string' },
    length: { type: 'string' },
    'max-length': { type: 'string' },
    min: { type: 'string' },
    max: { type: 'string' },
    count: { type: 'string' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    out(GENERATE_HELP);
    return 0;
  }
  const count = integer(values.count, 'count', 1) as number;
  if (count < 0) throw new UsageError('--count must not be negative');
  const maxLength = integer(values['max-length'], 'max-length');
  let stream: InputStream;
  try {
    stream = new InputStream({
      seed: seed(values.seed, ARTICLE_GENERATOR.seed) as number | string,
      length: integer(values.length, 'length', ARTICLE_GENERATOR.length) as number,
      ...(maxLength !== undefined ? { maxLength } : {}),
      min: integer(values.min, 'min', ARTICLE_GENERATOR.min) as number,
      max: integer(values.max, 'max', ARTICLE_GENERATOR.max) as number,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (let i = 0; i < count; i++) out(JSON.stringify(stream.next()));
  return 0;
}
