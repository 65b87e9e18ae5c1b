import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { type PeerTool, peerVersions, runTool, setUp } from './peer-tools.js';
import { pipelineCases } from './pipeline-cases.js';
import type { SyntaxCase } from './syntax-cases.js';

// `npm run prepare && node dist/bench/peers.js [--tools=plain,cvise,…] [--jobs=2] [--cap=600]
// [CASE…]`, from the repository's root: section 17 alone (or some of its cases and tools). The
// six real files of issue 50 (bench/pipeline-cases.ts), each reduced by deltalab's plain command
// (`deltalab reduce --oracle-cmd "sh test.sh {}" --input-file F --output O`: no --split, no
// --reducer, --jobs at its default), by today's `--split syntax` and lines-then-characters, and
// by each peer on PATH (C-Vise, C-Reduce, picire, Lithium) run as its users run it. Each run is
// made once, capped at `--cap` seconds; test runs are counted by the test script itself.

/** One tool on one case. */
export interface PeerRow {
  case: string;
  tool: PeerTool;
  /** Bytes of the start and of the result. */
  startBytes: number;
  bytes: number;
  /** Test runs, as the test script counted them. */
  runs: number;
  ms: number;
  /** Whether the cap stopped the tool (its result is then what it had written by then). */
  capped: boolean;
  /** Why the tool failed, when it did (its result is then what it had written by then). */
  failed?: string;
  /** Whether the result still passes the test (checked once more after the tool). */
  stillFails: boolean;
}

/** Section 17: the rows, the peers' versions, the cases left out, and the load around the runs. */
export interface PeerReport {
  rows: PeerRow[];
  versions: Partial<Record<PeerTool, string>>;
  missing: string[];
  /** Seconds a run may take before `timeout` stops it. */
  cap: number;
  load: { before: number; after: number };
}

/** Which of section 17's runs to make: cases by (part of) their name, tools; all by default. */
export interface PeerPick {
  cases?: readonly string[];
  tools?: readonly PeerTool[];
  /** Jobs for the peers and today's stages (2 by default, as `cvise --n 2`); plain has none. */
  jobs?: number;
  /** Seconds a run may take (600 by default). */
  cap?: number;
}

const PEERS: PeerTool[] = ['cvise', 'creduce', 'picire', 'lithium'];

/** Runs one tool on one case once. */
function measure(c: SyntaxCase, tool: PeerTool, jobs: number, cap: number): PeerRow {
  const place = setUp(c);
  try {
    const began = performance.now();
    const result = runTool(tool, place, jobs, cap);
    return {
      case: c.name,
      tool,
      startBytes: Buffer.byteLength(c.text),
      bytes: Buffer.byteLength(result.text),
      runs: place.runs(),
      ms: Math.round(performance.now() - began),
      capped: result.capped,
      ...(result.failed ? { failed: result.failed } : {}),
      stillFails: place.stillFails(result.text),
    };
  } finally {
    place.done();
  }
}

/** Section 17: every case by every tool (or those `pick` names). */
export function measurePeers(
  pick: PeerPick = {},
  log: (text: string) => void = () => {},
): PeerReport {
  const before = loadavg()[0] ?? 0;
  const versions = peerVersions();
  const { cases, missing } = pipelineCases();
  for (const line of missing) log(line);
  const all: PeerTool[] = [
    'plain',
    'syntax',
    'lines+chars',
    ...PEERS.filter((tool) => versions[tool]),
  ];
  const tools = all.filter((tool) => !pick.tools || pick.tools.includes(tool));
  const only = pick.cases ?? [];
  const cap = pick.cap ?? 600;
  const rows: PeerRow[] = [];
  for (const c of cases) {
    if (only.length > 0 && !only.some((name) => c.name.includes(name))) continue;
    for (const tool of tools) {
      const row = measure(c, tool, pick.jobs ?? 2, cap);
      log(JSON.stringify(row));
      rows.push(row);
    }
  }
  for (const tool of PEERS) {
    if (!versions[tool]) log(`${tool}: not on PATH, left out`);
  }
  return {
    rows,
    versions,
    missing,
    cap,
    load: {
      before: Math.round(before * 100) / 100,
      after: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    },
  };
}

/** One row's cell: bytes / runs / seconds, and marks for a capped or no longer failing result. */
function cell(row: PeerRow): string {
  const failed = row.failed ? ` (failed: ${row.failed})` : '';
  const marks = `${row.capped ? ' (capped)' : ''}${failed}${row.stillFails ? '' : ' (NOT FAILING)'}`;
  return `${row.bytes} B / ${row.runs} runs / ${(row.ms / 1000).toFixed(1)} s${marks}`;
}

/** Section 17's rows for the table: per case and tool, bytes / runs / seconds. */
export function peerRows(report: PeerReport): string[][] {
  const out: string[][] = [];
  for (const name of new Set(report.rows.map((row) => row.case))) {
    const mine = report.rows.filter((row) => row.case === name);
    mine.forEach((row, i) => {
      out.push([i === 0 ? `peers: ${name} (${row.startBytes} B)` : '', row.tool, cell(row)]);
    });
  }
  const versions = Object.entries(report.versions).map(([tool, v]) => `${tool}: ${v}`);
  const absent = PEERS.filter((tool) => !report.versions[tool]);
  out.push(['', 'peers', [...versions, ...absent.map((t) => `${t}: not on PATH`)].join('; ')]);
  for (const line of report.missing) out.push(['', 'left out', line]);
  out.push(['', 'cap per run', `${report.cap} s`]);
  out.push(['', 'load average', `${report.load.before} → ${report.load.after}`]);
  return out;
}

/** The rows as a Markdown table: one line per case, one column per tool. */
export function peerMarkdown(report: PeerReport): string {
  const tools = [...new Set(report.rows.map((row) => row.tool))];
  const lines = [
    `| case (start) | ${tools.join(' | ')} |`,
    `|---|${tools.map(() => '---|').join('')}`,
  ];
  for (const name of new Set(report.rows.map((row) => row.case))) {
    const mine = report.rows.filter((row) => row.case === name);
    const cells = tools.map((tool) => {
      const row = mine.find((r) => r.tool === tool);
      return row ? cell(row) : '—';
    });
    lines.push(`| ${name} (${mine[0]?.startBytes} B) | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const value = (flag: string) =>
    args.find((arg) => arg.startsWith(`--${flag}=`))?.slice(flag.length + 3);
  const tools = value('tools')?.split(',') as PeerTool[] | undefined;
  const jobs = value('jobs');
  const cap = value('cap');
  const report = measurePeers(
    {
      cases: args.filter((arg) => !arg.startsWith('--')),
      ...(tools ? { tools } : {}),
      ...(jobs ? { jobs: Number(jobs) } : {}),
      ...(cap ? { cap: Number(cap) } : {}),
    },
    (text) => process.stderr.write(`bench: ${text}\n`),
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const row of peerRows(report)) process.stdout.write(`${row.join('  ')}\n`);
  process.stdout.write(`\n${peerMarkdown(report)}\n`);
}
