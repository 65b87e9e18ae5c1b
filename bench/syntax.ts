import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandEnv } from './command-env.js';

// `npm run prepare && node dist/bench/syntax.js [--tools=syntax,lines+chars,cvise] [--jobs=1,2]
// [CASE…]`, from the repository's root: section 14 alone (or some of its cases, tools, jobs). Real files, each with a test script that takes tens of milliseconds, reduced by
// `deltalab reduce --split syntax`, by lines then characters (two runs, as a user does today),
// and by C-Vise when `cvise` is on PATH; with one job and with two. Test runs are counted by the
// test script itself (a line appended to a file per run), the same way for every tool.

/** One file to reduce and the test that keeps it interesting. */
export interface SyntaxCase {
  name: string;
  /** The file's name (its ending names the language for `--split syntax`). */
  file: string;
  text: string;
  /** A shell command: exit status 0 while the file in the working folder is interesting. */
  test: string;
}

/** One tool on one case with some jobs. */
export interface SyntaxRow {
  case: string;
  tool: 'syntax' | 'lines+chars' | 'cvise';
  jobs: number;
  /** Bytes of the start and of the result. */
  startBytes: number;
  bytes: number;
  /** Test runs (the test script's own count). */
  runs: number;
  ms: number;
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
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** The suite: files found on this machine (cases whose file is absent are left out). */
export function syntaxCases(): SyntaxCase[] {
  const cases: SyntaxCase[] = [];
  const comlink = 'node_modules/comlink/dist/esm/comlink.mjs';
  if (existsSync(comlink)) {
    // Far apart: the throw handler near the top, the map of handlers, fromWireValue near the
    // bottom, and a call of it with a bad argument appended at the very end.
    cases.push({
      name: 'js far apart (comlink)',
      file: 'comlink.mjs',
      text: `${readFileSync(comlink, 'utf8')}\nfromWireValue({ type: "HANDLER", name: "throw", value: { isError: true, value: { message: "bad argument" } } });\n`,
      test: `node comlink.mjs 2>&1 | grep -q "Error: bad argument"`,
    });
  }
  cases.push({
    name: 'c far apart (gcc)',
    file: 'shapes.c',
    text: readFileSync('bench/syntax/shapes.c', 'utf8'),
    test: `gcc -fsyntax-only shapes.c 2>&1 | grep -q "incompatible type for argument 1 of .area."`,
  });
  const configparser = '/usr/lib/python3.11/configparser.py';
  if (existsSync(configparser)) {
    cases.push({
      name: 'python configparser',
      file: 'configparser.py',
      text: `${readFileSync(configparser, 'utf8')}\nRawConfigParser().read_string("key = 1")\n`,
      test: `${PYTHON} configparser.py 2>&1 | grep -q "MissingSectionHeaderError: File contains no section headers"`,
    });
  }
  // JSON that JSON.parse rejects: the project's lock file with one trailing comma.
  const lock = readFileSync('package-lock.json', 'utf8');
  const at = lock.indexOf('\n', Math.floor(lock.length / 2));
  const comma = lock.indexOf('"\n', at) + 1;
  cases.push({
    name: 'json trailing comma',
    file: 'package-lock.json',
    text: `${lock.slice(0, comma)},${lock.slice(comma)}`,
    test: `node -e 'JSON.parse(require("fs").readFileSync("package-lock.json", "utf8"))' 2>&1 | grep -q "Expected double-quoted property name"`,
  });
  return cases;
}

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

/** Runs one tool on one case. */
function measure(c: SyntaxCase, tool: SyntaxRow['tool'], jobs: number): SyntaxRow {
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
        const row = measure(c, tool, jobs);
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
          ? `${row.bytes} B, ${row.runs} runs, ${(row.ms / 1000).toFixed(1)} s${row.stillFails ? '' : ' (NOT FAILING)'}`
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
  const report = measureSyntax(
    {
      cases: args.filter((arg) => !arg.startsWith('--')),
      ...(tools ? { tools } : {}),
      ...(jobs ? { jobs } : {}),
    },
    (text) => process.stderr.write(`bench: ${text}\n`),
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const row of syntaxRows(report)) process.stdout.write(`${row.join('  ')}\n`);
}
