import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { drive } from '../src/core/reduce/driver.js';
import { defaultReducer } from '../src/core/reduce/reducers.js';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import { mixedSuite, type SuiteCase } from '../src/core/reduce/suite.js';
import type { ReducerName } from '../src/core/reduce/types.js';
import type { JobsRow } from './jobs-slow.js';
import { roundTo } from './stats.js';
import { geometricMean } from './suite.js';

// `npm run prepare && node dist/bench/flat-default.js [BOOK_CODE_DIR]`, from the repository's
// root: the default flat reducer against Zeller's DD.py-style ddmin (bench/ddmin-anchor.py, in
// python3) over the mixed suite, counting distinct executions as DD.py's outcome cache does; with
// BOOK_CODE_DIR, the Debugging Book's own `dd` in mode `-` (bench/isolate-anchor.py) beside it.
// `npm run bench` runs it as section 14 (the book with `-- --book BOOK_CODE_DIR`).

/** An anchor's run of one case: what it ends with and what it executed. */
export interface AnchorRun {
  /** Distinct configurations judged (the anchor's own cache; the empty one included). */
  executions: number;
  /** Distinct inputs among them (a cache keyed by content, as ours is). */
  contents: number;
  size: number;
}

/** One case of the mixed suite. */
export interface FlatDefaultRow {
  case: string;
  /** Ours: oracle executions of the confirmation and the reduction (after our cache). */
  executions: number;
  /** Ours: further executions of the verification (the result run again, untried neighbours). */
  verifyExecutions: number;
  size: number;
  verified: boolean;
  /** The previous default, `chunks-resume`: executions and size. */
  previous: { executions: number; size: number };
  ddpy: AnchorRun;
  book?: AnchorRun;
}

/** Ours over an anchor: geometric mean of the per-case ratios, and the ratio of the totals. */
export interface Ratio {
  geometricMean: number;
  total: number;
}

/** Section 14. */
export interface FlatDefaultReport {
  reducer: ReducerName;
  rows: FlatDefaultRow[];
  /** Ours (reduction executions) over DD.py's distinct configurations, and its distinct inputs. */
  toDdpy: Ratio;
  toDdpyContents: Ratio;
  /** The previous default over DD.py's distinct configurations (issue 42 measured 0.71–0.75). */
  previousToDdpy: Ratio;
  /** Over the book's `dd -` (with a book). */
  toBook?: Ratio;
  /** Cases where ours ends larger than DD.py's ddmin (none expected). */
  larger: string[];
  /** Whole `deltalab reduce --oracle-cmd` runs on a slow test with 1 and 2 jobs (bench/jobs-slow.ts). */
  jobs?: JobsRow[];
}

/**
 * Runs the default flat reducer, `chunks-resume` and DD.py's ddmin (and the book's `dd -` when
 * `bookCode` is given) on every case of the mixed suite, each through its own cache.
 */
export async function measureFlatDefault(bookCode?: string): Promise<FlatDefaultReport> {
  const reducer = defaultReducer('int-array');
  const ddpy = startAnchor(['bench/ddmin-anchor.py']);
  const book = bookCode ? startAnchor(['bench/isolate-anchor.py', bookCode]) : null;
  try {
    const rows: FlatDefaultRow[] = [];
    for (const c of mixedSuite()) {
      const ours = run(c, reducer);
      const previous = run(c, 'chunks-resume');
      rows.push({
        case: c.name,
        executions: ours.counters.executions,
        verifyExecutions: ours.verification.executions,
        size: (ours.reduced as number[]).length,
        verified: ours.verification.verified,
        previous: {
          executions: previous.counters.executions,
          size: (previous.reduced as number[]).length,
        },
        ddpy: await ddpy.run(c, {}),
        ...(book ? { book: await book.run(c, { mode: '-' }) } : {}),
      });
    }
    const ratio = (ours: (r: FlatDefaultRow) => number, theirs: (r: FlatDefaultRow) => number) => ({
      geometricMean: roundTo(geometricMean(rows.map((r) => ours(r) / theirs(r))), 3),
      total: roundTo(sum(rows, ours) / sum(rows, theirs), 3),
    });
    const executions = (r: FlatDefaultRow) => r.executions;
    return {
      reducer,
      rows,
      toDdpy: ratio(executions, (r) => r.ddpy.executions),
      toDdpyContents: ratio(executions, (r) => r.ddpy.contents),
      previousToDdpy: ratio(
        (r) => r.previous.executions,
        (r) => r.ddpy.executions,
      ),
      ...(book ? { toBook: ratio(executions, (r) => r.book?.executions ?? Number.NaN) } : {}),
      larger: rows.filter((r) => r.size > r.ddpy.size).map((r) => r.case),
    };
  } finally {
    ddpy.close();
    book?.close();
  }
}

function run(c: SuiteCase, reducer: ReducerName) {
  return stepThroughSync(drive(c.start, { reducer }), (input) => ({
    outcome: c.judge(input as number[]),
  }));
}

function sum(rows: readonly FlatDefaultRow[], f: (row: FlatDefaultRow) => number): number {
  return rows.reduce((total, row) => total + f(row), 0);
}

interface Anchor {
  run(c: SuiteCase, extra: Record<string, string>): Promise<AnchorRun>;
  close(): void;
}

/**
 * An anchor script in a python3 process, asking us for the outcome of every distinct
 * configuration (indices into the case's start); INVALID is its UNRESOLVED.
 */
function startAnchor(argv: readonly string[]): Anchor {
  if (spawnSync('python3', ['--version']).error) throw new Error('python3 is not installed');
  const child = spawn('python3', [...argv], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const send = (value: unknown) => child.stdin.write(`${JSON.stringify(value)}\n`);
  return {
    async run(c, extra) {
      send({ case: c.name, n: c.start.length, ...extra });
      const contents = new Set<string>();
      for (;;) {
        const line = await lines.next();
        if (line.done) throw new Error(`${argv[0]} ended during ${c.name}`);
        const message = JSON.parse(line.value) as
          | { config: number[] }
          | { done: { fail: number[]; executions: number } }
          | { error: string };
        if ('config' in message) {
          const input = message.config.map((i) => c.start[i] as number);
          contents.add(JSON.stringify(input));
          const outcome = c.judge(input);
          send({ outcome: outcome === 'INVALID' ? 'UNRESOLVED' : outcome });
        } else if ('done' in message) {
          const { fail, executions } = message.done;
          return { executions, contents: contents.size, size: fail.length };
        } else throw new Error(`${argv[0]} on ${c.name}: ${message.error}`);
      }
    },
    close() {
      child.stdin.end();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await measureFlatDefault(process.argv[2]);
  const count = (value: number | undefined) => String(value ?? '—').padStart(5);
  for (const row of report.rows) {
    const cells = [
      row.case.padEnd(20),
      `${report.reducer} ${count(row.executions)} (+${row.verifyExecutions} verify) → ${count(row.size)}`,
      `DD.py ${count(row.ddpy.executions)} (inputs ${count(row.ddpy.contents)}) → ${count(row.ddpy.size)}`,
      `ratio ${(row.executions / row.ddpy.executions).toFixed(2)}`,
      `chunks-resume ${count(row.previous.executions)} → ${count(row.previous.size)}`,
      ...(row.book ? [`book dd - ${count(row.book.executions)} → ${count(row.book.size)}`] : []),
      ...(row.verified ? [] : ['NOT VERIFIED']),
      ...(row.size > row.ddpy.size ? ['LARGER'] : []),
    ];
    process.stdout.write(`${cells.join('  ')}\n`);
  }
  const { rows: _rows, ...summary } = report;
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}
