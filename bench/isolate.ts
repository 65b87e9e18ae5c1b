import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { allUnits, configUnits } from '../src/core/isolate/configuration.js';
import { isolateSync } from '../src/core/isolate/sync.js';
import type { Configuration, IsolationMode, Resolution } from '../src/core/isolate/types.js';
import { drive } from '../src/core/reduce/driver.js';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import { mixedSuite } from '../src/core/reduce/suite.js';

// `npm run prepare && node dist/bench/isolate.js BOOK_CODE_DIR`, from the repository's root: our
// dd against the Debugging Book's own (bench/isolate-anchor.py says what BOOK_CODE_DIR is). Both
// judge through a cache keyed by configuration and count the distinct configurations judged,
// the start's two included (`c_pass = ∅` and `c_fail` = every unit, as the book's dd starts).
// `npm run bench` runs `measureLargeIsolation` (ours only: dd against ddmin on one cause in 10⁵),
// and the whole comparison with `-- --book BOOK_CODE_DIR`.

/** A case both sides isolate, from `c_pass = ∅` to `c_fail` = all `n` units (the book's start). */
export interface IsolationCase {
  name: string;
  n: number;
  judge: (config: Configuration) => Resolution;
}

/** One case in one mode: distinct executions (the start's two confirmations included). */
export interface IsolationRow {
  case: string;
  mode: IsolationMode;
  n: number;
  ours: number;
  book: number;
  /**
   * The book's dd with its blocks cut from the units in index order, as ours are (a diagnostic:
   * the book's sets iterate in hash order, so for small sets of large indices its blocks are
   * not contiguous).
   */
  bookIndexOrder: number;
  /** Units in the final difference. */
  oursDifference: number;
  bookDifference: number;
  /** Ours verified 1-minimal (extra executions, not counted above). */
  verified: boolean;
}

/**
 * One cause in 10⁵ units: distinct executions of each isolation, confirmations included (two for
 * `dd`, of `c_pass = ∅` and `c_fail` = all; one for the `ddmin` reducer, of its start).
 */
export interface LargeCase {
  n: number;
  cause: number;
  executions: Record<string, number>;
}

/** Ours against the book's. */
export interface IsolationReport {
  rows: IsolationRow[];
  /** Per mode: executions summed over the suite, and the cases where ours needs more. */
  totals: Record<
    IsolationMode,
    {
      ours: number;
      book: number;
      bookIndexOrder: number;
      worse: string[];
      worseIndexOrder: string[];
    }
  >;
  large: LargeCase;
}

const MODES: readonly IsolationMode[] = ['+-', '-', '+'];

/** The mixed suite of `src/core/reduce/suite.ts`, on unit indices; INVALID is unresolved. */
export function isolationCases(): IsolationCase[] {
  return mixedSuite().map(({ name, start, judge }) => ({
    name,
    n: start.length,
    judge: (config) => {
      const outcome = judge(configUnits(start, config));
      return outcome === 'FAIL' || outcome === 'PASS' ? outcome : 'UNRESOLVED';
    },
  }));
}

/**
 * Runs our `dd` and the book's (bench/isolate-anchor.py, with `python3`) on every case in every
 * mode, and both and `ddmin` on one cause in 10⁵ units, counting distinct executions.
 */
export async function measureIsolation(bookCode: string): Promise<IsolationReport> {
  const book = startBook(bookCode);
  try {
    const rows: IsolationRow[] = [];
    for (const c of isolationCases()) {
      for (const mode of MODES) {
        const ours = isolateSync({ pass: [], fail: allUnits(c.n) }, mode, judgeOf(c));
        const theirs = await book.run(c, mode);
        const indexOrder = await book.run(c, mode, 'index');
        rows.push({
          case: c.name,
          mode,
          n: c.n,
          ours: ours.executions,
          book: theirs.executions,
          bookIndexOrder: indexOrder.executions,
          oursDifference: ours.result.difference.length,
          bookDifference: theirs.fail.length - theirs.pass.length,
          verified: ours.verification.verified,
        });
      }
    }
    const totals = Object.fromEntries(
      MODES.map((mode) => {
        const of = rows.filter((row) => row.mode === mode);
        type Count = 'ours' | 'book' | 'bookIndexOrder';
        const sum = (key: Count) => of.reduce((total, row) => total + row[key], 0);
        const worse = (key: Count) =>
          of.filter((row) => row.ours > row[key]).map((row) => row.case);
        return [
          mode,
          {
            ours: sum('ours'),
            book: sum('book'),
            bookIndexOrder: sum('bookIndexOrder'),
            worse: worse('book'),
            worseIndexOrder: worse('bookIndexOrder'),
          },
        ];
      }),
    ) as IsolationReport['totals'];
    return { rows, totals, large: await measureLarge(book) };
  } finally {
    book.close();
  }
}

const LARGE_N = 100_000;
const LARGE_CAUSE = 37_000;
const large: IsolationCase = {
  name: 'one@100000',
  n: LARGE_N,
  judge: (config) => (config.includes(LARGE_CAUSE) ? 'FAIL' : 'PASS'),
};

/**
 * One cause in 10⁵ units, ours only: distinct executions of `dd` (`+-` and `-`) and of the
 * `ddmin` reducer on the same input.
 */
export function measureLargeIsolation(): LargeCase {
  const ours = (mode: IsolationMode) =>
    isolateSync({ pass: [], fail: allUnits(LARGE_N) }, mode, judgeOf(large)).executions;
  const reducer = drive(allUnits(LARGE_N), { reducer: 'ddmin', verify: false });
  const reduced = stepThroughSync(reducer, (input) => ({
    outcome: (input as number[]).includes(LARGE_CAUSE) ? 'FAIL' : 'PASS',
  }));
  return {
    n: LARGE_N,
    cause: LARGE_CAUSE,
    executions: {
      'dd +-': ours('+-'),
      'dd -': ours('-'),
      'ddmin reducer': reduced.counters.executions,
    },
  };
}

/** The same, with the book's dd beside ours. */
async function measureLarge(book: Book): Promise<LargeCase> {
  const ours = measureLargeIsolation();
  return {
    ...ours,
    executions: {
      ...ours.executions,
      'book dd +-': (await book.run(large, '+-')).executions,
      'book dd +- (index order)': (await book.run(large, '+-', 'index')).executions,
      'book dd -': (await book.run(large, '-')).executions,
      'book dd - (index order)': (await book.run(large, '-', 'index')).executions,
    },
  };
}

const judgeOf = (c: IsolationCase) => (config: Configuration) => {
  const result = c.judge(config);
  return {
    outcome: result === 'UNRESOLVED' ? ('INVALID' as const) : result,
    chased: result === 'FAIL',
  };
};

interface BookResult {
  pass: number[];
  fail: number[];
  executions: number;
  calls: number;
}

interface Book {
  run(c: IsolationCase, mode: IsolationMode, order?: 'index'): Promise<BookResult>;
  close(): void;
}

/** The book's dd in a python3 process, asking us for every outcome. */
function startBook(bookCode: string): Book {
  if (spawnSync('python3', ['--version']).error) throw new Error('python3 is not installed');
  const child = spawn('python3', ['bench/isolate-anchor.py', bookCode], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const send = (value: unknown) => child.stdin.write(`${JSON.stringify(value)}\n`);
  return {
    async run(c, mode, order) {
      send({ case: c.name, n: c.n, mode, ...(order ? { order } : {}) });
      for (;;) {
        const line = await lines.next();
        if (line.done) throw new Error(`isolate-anchor.py ended during ${c.name} (${mode})`);
        const message = JSON.parse(line.value) as
          | { config: number[] }
          | { done: BookResult }
          | { error: string };
        if ('config' in message) send({ outcome: c.judge(message.config) });
        else if ('done' in message) return message.done;
        else throw new Error(`the book's dd on ${c.name} (${mode}): ${message.error}`);
      }
    },
    close() {
      child.stdin.end();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bookCode = process.argv[2];
  if (!bookCode) {
    process.stderr.write('usage: node dist/bench/isolate.js BOOK_CODE_DIR\n');
    process.exit(2);
  }
  const report = await measureIsolation(bookCode);
  const count = (value: number) => String(value).padStart(5);
  for (const row of report.rows) {
    const cells = [
      `${row.case.padEnd(20)} ${row.mode.padEnd(2)}`,
      `ours ${count(row.ours)}`,
      `book ${count(row.book)} (index order ${count(row.bookIndexOrder)})`,
      `|Δ| ${row.oursDifference}/${row.bookDifference}`,
      ...(row.verified ? [] : ['NOT VERIFIED']),
      ...(row.ours > row.book ? ['<- more'] : []),
    ];
    process.stdout.write(`${cells.join('  ')}\n`);
  }
  process.stdout.write(
    `${JSON.stringify({ totals: report.totals, large: report.large }, null, 2)}\n`,
  );
}
