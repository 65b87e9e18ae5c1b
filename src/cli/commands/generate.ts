import { ARTICLE_GENERATOR, InputStream } from '../../core/generate/generator.js';
import { integer, parse, seed } from '../args.js';
import { UsageError } from '../usage-error.js';

export const GENERATE_HELP = `Usage: deltalab generate [options]

Prints generated inputs, one JSON value per line, exactly as CPython's random.Random(seed)
draws them: arrays of randint(min, max), or with --alphabet strings of
''.join(r.choice(CHARS) for _ in range(n)).

Options:
  --seed S         the seed (any integer; default 1103)
  --length N       elements per input (default 12)
  --max-length N   draw each length from randint(length, max-length)
  --min A          smallest element (default -9)
  --max B          largest element (default 9)
  --alphabet CHARS print strings of these characters instead of arrays
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
    alphabet: { type: 'string' },
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
  const { alphabet } = values;
  if (alphabet === '') throw new UsageError('--alphabet must not be empty');
  if (alphabet !== undefined && (values.min !== undefined || values.max !== undefined)) {
    throw new UsageError('--min and --max bound integers: strings take only --alphabet');
  }
  let stream: InputStream;
  try {
    stream = new InputStream(
      {
        seed: seed(values.seed, ARTICLE_GENERATOR.seed) as number | string,
        length: integer(values.length, 'length', ARTICLE_GENERATOR.length) as number,
        ...(maxLength !== undefined ? { maxLength } : {}),
        ...(alphabet === undefined
          ? {
              min: integer(values.min, 'min', ARTICLE_GENERATOR.min) as number,
              max: integer(values.max, 'max', ARTICLE_GENERATOR.max) as number,
            }
          : { alphabet }),
      },
      alphabet === undefined ? 'int-array' : 'string',
    );
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (let i = 0; i < count; i++) out(JSON.stringify(stream.next()));
  return 0;
}
