import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandEnv } from './command-env.js';
import { median } from './stats.js';
import { type SyntaxCase, syntaxCases } from './syntax-cases.js';

export type { SyntaxCase } from './syntax-cases.js';

// `npm run prepare && node dist/bench/syntax.js [--tools=syntax,lines+chars,cvise] [--jobs=1,2]
// [--repeat=3] [CASE…]`, from the repository's root: section 15 alone (or some of its cases,
// tools, jobs). Real files (bench/syntax-cases.ts), each with a test script that takes tens of
// milliseconds, reduced by `deltalab reduce --split syntax`, by lines then characters (two runs,
// as a user does today), and by C-Vise when `cvise` is on PATH; with one job and with two, each
// run made `--repeat` times (medians). Test runs are counted by the test script itself (a line
// appended to a file per run), the same way for every tool.

/** One tool on one case with some jobs (medians over its repeats). */
export interface SyntaxRow {
  case: string;
  tool: 'syntax' | 'lines+chars' | 'cvise';
  jobs: number;
  /** Bytes of the start and of the result. */
  startBytes: number;
  bytes: number;
  /** Test runs (the test script's own count), the median of the repeats. */
  runs: number;
  /** Wall time of the whole tool, the median of the repeats. */
  ms: number;
  /** Every repeat's test runs and wall time, in order. */
  each: { runs: number; ms: number }[];
  /** Whether the result still passes the test (checked once more after the tool). */
  stillFails: boolean;
}

/** Section 14: the rows, C-Vise's version or why it is not there, and the load around the runs. */
export interface SyntaxReport {
  rows: SyntaxRow[];
  cvise: string;
  load: { before: number; after: number };
}

const BIN = join(process.cwd(), 'bin/deltalab.js');

/** A working folder with the case's file and its counting test script. */
function setUp(c: SyntaxCase) {
  const dir = mkdtempSync(join(tmpdir(), 'deltalab-bench-syntax-'));
  const counter = join(dir, 'runs');
  writeFileSync(counter, '');
  const script = join(dir, 'test.sh');
  writeFileSync(script, `#!/bin/sh\necho >> '${counter}'\n${c.test}\n`);
  chmodSync(script, 0o755);
  const work = join(dir, 'work');
  spawnSync('mkdir', [work]);
  writeFileSync(join(work, c.file), c.text);
  const runs = () => readFileSync(counter, 'utf8').length;
  const stillFails = (text: string) => {
    const check = join(dir, 'check');
    spawnSync('mkdir', ['-p', check]);
    writeFileSync(join(check, c.file), text);
    return spawnSync('/bin/sh', [script], { cwd: check }).status === 0;
  };
  return {
    dir,
    work,
    script,
    runs,
    stillFails,
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `deltalab reduce` on the file with the test (its command runs in the trial's folder). */
function deltalab(script: string, work: string, file: string, extra: string[], jobs: number) {
  const out = join(work, `${file}.out`);
  const result = spawnSync(
    process.execPath,
    [
      BIN,
      'reduce',
      '--oracle-cmd',
      `cd "$(dirname {})" && ${script}`,
      '--input-file',
      join(work, file),
      '--output',
      out,
      '--history',
      'none',
      '--jobs',
      String(jobs),
      '--timeout',
      '60000',
      ...extra,
    ],
    { encoding: 'utf8', env: commandEnv(), maxBuffer: 1 << 30 },
  );
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`deltalab reduce ${extra.join(' ')} failed: ${result.stderr.slice(-400)}`);
  }
  return readFileSync(out, 'utf8');
}

/** Runs one tool on one case `repeats` times: the medians, the result of the last. */
function measure(c: SyntaxCase, tool: SyntaxRow['tool'], jobs: number, repeats: number): SyntaxRow {
  const each = Array.from({ length: repeats }, () => measureOnce(c, tool, jobs));
  const last = each.at(-1) as SyntaxRow;
  return {
    ...last,
    runs: median(each.map((row) => row.runs)),
    ms: median(each.map((row) => row.ms)),
    each: each.map(({ runs, ms }) => ({ runs, ms })),
  };
}

/** Runs one tool on one case once. */
function measureOnce(c: SyntaxCase, tool: SyntaxRow['tool'], jobs: number): SyntaxRow {
  const place = setUp(c);
  try {
    const began = performance.now();
    let result: string;
    if (tool === 'syntax') {
      result = deltalab(place.script, place.work, c.file, ['--split', 'syntax'], jobs);
    } else if (tool === 'lines+chars') {
      const lines = deltalab(place.script, place.work, c.file, ['--split', 'lines'], jobs);
      writeFileSync(join(place.work, c.file), lines);
      result = deltalab(place.script, place.work, c.file, ['--split', 'chars'], jobs);
    } else {
      const run = spawnSync(
        'cvise',
        ['--n', String(jobs), '--tidy', '--timeout', '60', place.script, c.file],
        {
          cwd: place.work,
          encoding: 'utf8',
          maxBuffer: 1 << 30,
        },
      );
      if (run.status !== 0) throw new Error(`cvise failed: ${run.stderr.slice(-400)}`);
      result = readFileSync(join(place.work, c.file), 'utf8');
    }
    const ms = Math.round(performance.now() - began);
    const runs = place.runs();
    return {
      case: c.name,
      tool,
      jobs,
      startBytes: Buffer.byteLength(c.text),
      bytes: Buffer.byteLength(result),
      runs,
      ms,
      each: [],
      stillFails: place.stillFails(result),
    };
  } finally {
    place.done();
  }
}

/** C-Vise's version, or null when it is not on PATH. */
function cviseVersion(): string | null {
  const run = spawnSync('cvise', ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

/** Which of section 14's runs to make: cases by (part of) their name, tools, jobs; all by default. */
export interface SyntaxPick {
  cases?: readonly string[];
  tools?: readonly SyntaxRow['tool'][];
  jobs?: readonly number[];
  /** How many times each run is made (3 by default): rows hold the medians. */
  repeats?: number;
}

/** Section 14: every case by every tool, one job and two (or those `pick` names). */
export function measureSyntax(
  pick: SyntaxPick = {},
  log: (text: string) => void = () => {},
): SyntaxReport {
  const before = loadavg()[0] ?? 0;
  const version = cviseVersion();
  const only = pick.cases ?? [];
  const all: SyntaxRow['tool'][] = [
    'syntax',
    'lines+chars',
    ...(version ? (['cvise'] as const) : []),
  ];
  const tools = all.filter((tool) => !pick.tools || pick.tools.includes(tool));
  const rows: SyntaxRow[] = [];
  for (const c of syntaxCases()) {
    if (only.length > 0 && !only.some((name) => c.name.includes(name))) continue;
    for (const tool of tools) {
      for (const jobs of pick.jobs ?? [1, 2]) {
        const row = measure(c, tool, jobs, pick.repeats ?? 3);
        log(
          `${c.name}: ${tool} --jobs ${jobs}: ${row.bytes} bytes, ${row.runs} runs, ${row.ms} ms`,
        );
        rows.push(row);
      }
    }
  }
  return {
    rows,
    cvise: version ?? 'not on PATH: C-Vise left out (apt-get install cvise to compare)',
    load: {
      before: Math.round(before * 100) / 100,
      after: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    },
  };
}

/** Section 14's rows for the table: per case and tool, bytes / runs / seconds for 1 and 2 jobs. */
export function syntaxRows(report: SyntaxReport): string[][] {
  const out: string[][] = [];
  const cases = [...new Set(report.rows.map((row) => row.case))];
  for (const name of cases) {
    const mine = report.rows.filter((row) => row.case === name);
    const tools = [...new Set(mine.map((row) => row.tool))];
    tools.forEach((tool, i) => {
      const cell = (jobs: number) => {
        const row = mine.find((r) => r.tool === tool && r.jobs === jobs);
        return row
          ? `${row.bytes} B, ${row.runs} runs, ${(row.ms / 1000).toFixed(1)} s (median of ${row.each.length})${row.stillFails ? '' : ' (NOT FAILING)'}`
          : '—';
      };
      out.push([
        i === 0 ? `syntax: ${name} (${mine[0]?.startBytes} B)` : '',
        `${tool}, jobs 1 / 2`,
        `${cell(1)} / ${cell(2)}`,
      ]);
    });
  }
  out.push(['', 'C-Vise', report.cvise]);
  out.push(['', 'load average', `${report.load.before} → ${report.load.after}`]);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const list = (flag: string) =>
    args
      .find((arg) => arg.startsWith(`--${flag}=`))
      ?.slice(flag.length + 3)
      .split(',');
  const tools = list('tools') as SyntaxRow['tool'][] | undefined;
  const jobs = list('jobs')?.map(Number);
  const repeats = list('repeat')?.map(Number)[0];
  const report = measureSyntax(
    {
      cases: args.filter((arg) => !arg.startsWith('--')),
      ...(tools ? { tools } : {}),
      ...(jobs ? { jobs } : {}),
      ...(repeats ? { repeats } : {}),
    },
    (text) => process.stderr.write(`bench: ${text}\n`),
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const row of syntaxRows(report)) process.stdout.write(`${row.join('  ')}\n`);
}
