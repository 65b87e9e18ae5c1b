import type { ArticleFlowReport } from './browser.js';
import type { ContainmentReport } from './containment.js';
import type { ExhaustiveReport } from './exhaustive.js';
import type { FirstPaintReport } from './first-paint.js';
import type { FlatDefaultReport } from './flat-default.js';
import type { HostileReport } from './hostile.js';
import type { IsolationReport } from './isolate.js';
import { type ScalingReport, scalingRows } from './jobs-scaling.js';
import type { KindReport } from './kinds.js';
import type { OracleReport } from './oracle.js';
import type { BrowserReplay, PermalinkReport } from './page/api.js';
import type { PageTouch } from './page-touch.js';
import type { ParallelReport } from './parallel.js';
import { type PeerReport, peerRows } from './peers.js';
import type { ProcessReport } from './processes.js';
import { type PythonReport, pythonRows } from './python.js';
import { type PythonAppReport, pythonAppRows } from './python-app.js';
import type { ReducerReport } from './reducers.js';
import type { SessionReport } from './sessions.js';
import { roundTo } from './stats.js';
import { type SyntaxReport, syntaxRows } from './syntax.js';

/** Where and when the bench ran. */
export interface Machine {
  date: string;
  node: string;
  chromium: string;
  cpus: number;
  /** The 1-minute load average before and after the run (the machine is shared). */
  load: { before: number; after: number };
  /** What a first write to fresh memory costs here (start-ups map tens of MB of it). */
  pageTouch: PageTouch;
}

/** The whole report, as printed and written to `.bench/report.json`. */
export interface Report {
  machine: Machine;
  oracle: { node: OracleReport; chromium: OracleReport };
  articleFlow: ArticleFlowReport;
  exhaustive: ExhaustiveReport;
  reducers: ReducerReport;
  kinds: KindReport;
  sessions: { node: SessionReport; chromium: BrowserReplay; permalink: PermalinkReport };
  firstPaint: FirstPaintReport;
  hostile: HostileReport;
  /** Section 9: Python through Pyodide (no budget: reported next to JavaScript). */
  python: { node: PythonReport; chromium: PythonReport };
  /** Section 16: the Python lesson's first and second Run in the app, the runtime cached. */
  pythonApp: PythonAppReport;
  /** Section 10: trials on 1, 2 and 4 candidate/reference pairs (no budget: a speed-up). */
  parallel: ParallelReport;
  /** Section 11: whole `deltalab reduce` processes against CPython doing the same. */
  processes: ProcessReport;
  /** Section 12: sandbox processes contained by the OS and not (no budget: a cost on record). */
  containment: ContainmentReport;
  /** Distinct executions of dd and ddmin; the book's dd beside ours with `--book`. */
  isolation: Pick<IsolationReport, 'large'> & Partial<IsolationReport>;
  /** Section 14: the default flat reducer against DD.py's ddmin (the book's dd with `--book`). */
  flatDefault: FlatDefaultReport;
  /**
   * Section 15: real programs by `--split syntax`, by lines then characters, and by C-Vise when
   * it is on PATH (no budget: sizes, test runs and times side by side).
   */
  syntax: SyntaxReport;
  /**
   * Section 17: the six real files of issue 50 by deltalab's plain command and today's stages, and
   * by C-Vise, C-Reduce, picire and Lithium when on PATH (no budget: the yardstick, side by side).
   */
  peers: PeerReport;
  /** Section 18: `--jobs` 1 to 32 on a 0.25 s test that uses no CPU (wall times, test runs). */
  jobsScaling: ScalingReport;
  budgets: Budget[];
}

/** One budget and how the run measured against it. */
export interface Budget {
  name: string;
  value: number | null;
  op: '>=' | '<=' | '<';
  limit: number;
  unit: string;
  status: 'pass' | 'fail' | 'skipped';
  /** How far off a missed budget is (value over limit, or limit over value for a floor). */
  missedBy?: string;
  /** What bounds the value on this machine, measured in the same run (printed beside it). */
  context?: string;
}

/** Evaluates every budget of the issue against a report (without its `budgets`). */
export function budgets(report: Omit<Report, 'budgets'>): Budget[] {
  const { oracle, articleFlow, exhaustive, reducers, kinds, sessions, firstPaint, processes } =
    report;
  const python = exhaustive.python.present ? exhaustive.python.ms.median : null;
  const start = startContext(report.machine);
  return [
    withSerial(
      check(
        'oracle.chromium.batched / limit',
        oracle.chromium.ratios.workersPipelined,
        '>=',
        0.5,
        'ratio',
      ),
      oracle.chromium,
    ),
    withSerial(
      check('oracle.node.batched / limit', oracle.node.ratios.workersPipelined, '>=', 0.5, 'ratio'),
      oracle.node,
    ),
    withFloor(
      check(
        'oracle.chromium.perTrial',
        oracle.chromium.workersPerTrial.callsPerSecond,
        '>=',
        10_000,
        'trials/s',
      ),
      oracle.chromium,
    ),
    withFloor(
      check(
        'oracle.node.perTrial',
        oracle.node.workersPerTrial.callsPerSecond,
        '>=',
        10_000,
        'trials/s',
      ),
      oracle.node,
    ),
    start(check('articleFlow.cold (first click)', articleFlow.cold.median, '<=', 150, 'ms')),
    check('articleFlow.warm (second click)', articleFlow.warm.median, '<=', 50, 'ms'),
    start(check('exhaustive.node / CPython', exhaustive.ratios.node ?? null, '<', 0.25, 'ratio')),
    start(
      check(
        'exhaustive: whole deltalab verify process / CPython running the check',
        python === null ? null : roundTo(exhaustive.node.cli.wall.median / python, 3),
        '<=',
        0.5,
        'ratio',
      ),
    ),
    start(
      check(
        'exhaustive.chromium / CPython',
        exhaustive.ratios.chromium ?? null,
        '<',
        0.25,
        'ratio',
      ),
    ),
    check(
      `reducer.${reducers.best.reducer} trials @10^5 one cause`,
      reducers.best.trials,
      '<=',
      reducers.best.limit,
      'trials',
    ),
    check(
      `reducer.${reducers.best.reducer} own time @10^5 one cause`,
      reducers.best.ownMs,
      '<',
      1000,
      'ms',
    ),
    check(
      `kinds: ${kinds.longText.best.reducer} trials, 10^6-character text, one cause`,
      kinds.longText.best.trials,
      '<=',
      kinds.longText.limit,
      'trials',
    ),
    check(
      `kinds: ${kinds.longText.best.reducer} own time, 10^6-character text`,
      kinds.longText.best.ownMs.median,
      '<',
      1000,
      'ms',
    ),
    check(
      'reducers not quadratic per step (max growth exponent)',
      Math.max(...reducers.scaling.map((s) => s.exponent)),
      '<',
      1.5,
      'exponent',
    ),
    check(
      'reducer.chunks-resume calls / ddmin, mixed suite (geometric mean)',
      reducers.mixed.toDdmin['chunks-resume']?.calls ?? null,
      '<=',
      0.6,
      'ratio',
    ),
    check(
      `reducer.${report.flatDefault.reducer} (default) executions / DD.py ddmin's, mixed suite (geometric mean)`,
      report.flatDefault.toDdpy.geometricMean,
      '<=',
      0.6,
      'ratio',
    ),
    check(
      `reducer.${report.flatDefault.reducer} (default) executions / DD.py ddmin's, mixed suite (totals)`,
      report.flatDefault.toDdpy.total,
      '<=',
      0.6,
      'ratio',
    ),
    check(
      `reducer.${report.flatDefault.reducer} (default): cases ending larger than DD.py's ddmin`,
      report.flatDefault.larger.length,
      '<=',
      0,
      'cases',
    ),
    check(
      'replay 10^5 calls, chromium (reducer worker)',
      sessions.chromium.worker.median,
      '<=',
      1000,
      'ms',
    ),
    check('permalink, article full session', sessions.permalink.length, '<=', 2000, 'chars'),
    ...(['plain', 'lines', 'syntax'] as const).map((split) =>
      check(
        `${split === 'plain' ? 'the one command' : `--split ${split}`} --jobs 16 / --jobs 1, wall, 0.25 s test`,
        report.jobsScaling.rows.find((row) => row.split === split && row.jobs === 16)?.ratio ??
          null,
        '<=',
        0.35,
        'ratio',
      ),
    ),
    check(
      'initial JS (gzip, no Monaco)',
      roundTo(firstPaint.initialJs.gzip / 1000, 1),
      '<=',
      100,
      'KB',
    ),
    check('first control usable', firstPaint.firstControl.median, '<=', 500, 'ms'),
    start(
      check(
        'article flow: whole deltalab reduce process / CPython process',
        processes.ratio,
        '<=',
        0.5,
        'ratio',
      ),
    ),
    start({
      ...check(
        'deltalab reduce fixed cost (an input already 1-minimal)',
        processes.fixed.median,
        '<=',
        150,
        'ms',
      ),
      context: `node -e 0 here: ${processes.nodeStart.clean.median} ms (${processes.nodeStart.given.median} ms with the environment as given)`,
    }),
    check(
      'python in the app: first Run → first result (runtime cached)',
      report.pythonApp.firstRun.firstResult.median,
      '<=',
      5000,
      'ms',
    ),
    check(
      'python in the app: second Run → first result',
      report.pythonApp.secondRun.firstResult.median,
      '<=',
      1000,
      'ms',
    ),
  ];
}

/**
 * Adds, beside a budget whose time includes starting processes or workers, what a first write
 * to a fresh memory page costs on this machine (each start maps tens of MB of fresh memory).
 */
function startContext(machine: Machine): (budget: Budget) => Budget {
  const { firstUs, againUs } = machine.pageTouch;
  const text = `a fresh memory page here: ${firstUs.median} µs (written again: ${againUs.median} µs)`;
  return (budget) => ({
    ...budget,
    context: budget.context ? `${budget.context}; ${text}` : text,
  });
}

function check(
  name: string,
  value: number | null,
  op: Budget['op'],
  limit: number,
  unit: string,
): Budget {
  if (value === null || Number.isNaN(value))
    return { name, value, op, limit, unit, status: 'skipped' };
  const pass = op === '>=' ? value >= limit : op === '<=' ? value <= limit : value < limit;
  const budget: Budget = { name, value, op, limit, unit, status: pass ? 'pass' : 'fail' };
  if (!pass) budget.missedBy = `${roundTo(op === '>=' ? limit / value : value / limit, 2)}×`;
  return budget;
}

/** A per-trial budget with the transport's own floor beside it (bare echoes, no sandbox). */
/**
 * A batched budget, checked on pipelined batches (as the runner sends them), with the ratio of
 * batches sent one after the other's answer beside it (as the search sends them).
 */
function withSerial(budget: Budget, report: OracleReport): Budget {
  const serial = report.ratios.workersBatched;
  return { ...budget, context: `pipelined; each batch after the last's answer: ${serial}` };
}

function withFloor(budget: Budget, report: OracleReport): Budget {
  const floor = Math.round(report.floor.perTrial.callsPerSecond).toLocaleString('en-US');
  return { ...budget, context: `bare echoes here: ${floor} trials/s` };
}

/** The short table printed after the JSON: the headline numbers, then the budgets. */
export function table(report: Report): string {
  const { oracle, articleFlow, exhaustive, reducers, kinds, sessions, firstPaint, hostile } =
    report;
  const n = (x: number | undefined, digits = 0) =>
    x === undefined ? '—' : x.toLocaleString('en-US', { maximumFractionDigits: digits });
  const o = (r: OracleReport) => [
    [`oracle ${r.environment}`, 'in-thread limit', `${n(r.inThreadLimit.callsPerSecond)} calls/s`],
    [
      '',
      'in-thread sandbox wrapper',
      `${n(r.inThreadSandbox.callsPerSecond)} calls/s (${n(r.ratios.inThreadSandbox, 3)})`,
    ],
    [
      '',
      'workers per trial',
      `${n(r.workersPerTrial.callsPerSecond)} calls/s (${n(r.ratios.workersPerTrial, 4)})`,
    ],
    [
      '',
      'transport floor per trial (bare echoes)',
      `${n(r.floor.perTrial.callsPerSecond)} trials/s${r.floor.oneCore ? `; on one core ${n(r.floor.oneCore.callsPerSecond)}` : ''}${r.floor.sameProcess ? `; page's own workers ${n(r.floor.sameProcess.callsPerSecond)}` : ''}`,
    ],
    [
      '',
      `workers batched ×${r.workersBatched.batchSize}, steady / first runs`,
      `${n(r.workersBatched.callsPerSecond)} calls/s (${n(r.ratios.workersBatched, 3)}) / ${n(r.workersBatchedEarly.callsPerSecond)} calls/s (${n(r.ratios.workersBatchedEarly, 3)})${r.hostFrozen ? '; measured in a frozen realm' : ''}`,
    ],
    [
      '',
      `workers batched ×${r.workersBatched.batchSize}, pipelined`,
      `${n(r.workersPipelined.callsPerSecond)} calls/s (${n(r.ratios.workersPipelined, 3)})`,
    ],
  ];
  const one = reducers.rows.filter((r) => r.case === 'one@100000' && r.cache);
  const { load, pageTouch } = report.machine;
  const rows: string[][] = [
    ['machine', 'load average before / after', `${n(load.before, 2)} / ${n(load.after, 2)}`],
    [
      '',
      'first / second write to a 4 KiB page',
      `${n(pageTouch.firstUs.median, 2)} / ${n(pageTouch.againUs.median, 3)} µs`,
    ],
    ...o(oracle.node),
    ...o(oracle.chromium),
    ...pythonRows(report.python.node, n),
    ...pythonRows(report.python.chromium, n),
    ...pythonAppRows(report.pythonApp),
    [
      'article flow',
      'click → Done, cold / warm',
      `${n(articleFlow.cold.median, 1)} / ${n(articleFlow.warm.median, 1)} ms`,
    ],
    ['', 'first click 300 ms after editors', `${n(articleFlow.early.cold.median, 1)} ms`],
    [
      '',
      'first click, pointer on Run 300 ms before',
      `${n(articleFlow.hovered.cold.median, 1)} ms`,
    ],
    [
      'exhaustive',
      'node CLI / chromium / CPython',
      `${n(exhaustive.node.cli.reported.median)} / ${n(exhaustive.chromium.workers.ms.median)} / ${exhaustive.python.present ? n(exhaustive.python.ms.median) : '—'} ms`,
    ],
    [
      '',
      'node CLI whole process (spawn → exit) / CPython',
      `${n(exhaustive.node.cli.wall.median)} ms / ${exhaustive.python.present ? n(exhaustive.node.cli.wall.median / exhaustive.python.ms.median, 2) : '—'}`,
    ],
    [
      '',
      'ratio node / chromium',
      `${n(exhaustive.ratios.node, 2)} / ${n(exhaustive.ratios.chromium, 2)}`,
    ],
    [
      '',
      'ratio without worker start n / c',
      `${n(exhaustive.ratios.nodeWithoutStart, 2)} / ${n(exhaustive.ratios.chromiumWithoutStart, 2)}`,
    ],
    [
      '',
      'ratio in-thread (no workers) n / c',
      `${n(exhaustive.ratios.nodeInThread, 2)} / ${n(exhaustive.ratios.chromiumInThread, 2)}`,
    ],
    [
      'deltalab reduce',
      'article process / CPython process / fixed cost',
      `${n(report.processes.reduce.median)} / ${report.processes.python ? n(report.processes.python.median) : '—'} ms (ratio ${n(report.processes.ratio ?? undefined, 2)}) / ${n(report.processes.fixed.median)} ms`,
    ],
    [
      '',
      "fixed cost: code's first run / env as given",
      `${n(report.processes.fixedFirst.median)} / ${n(report.processes.fixedGiven.median)} ms`,
    ],
    [
      '',
      'node -e 0: bench env / env as given',
      `${n(report.processes.nodeStart.clean.median)} / ${n(report.processes.nodeStart.given.median)} ms`,
    ],
    ...containmentRows(report.containment, n),
    ...isolationRows(report.isolation),
    ...flatDefaultRows(report.flatDefault),
    ...syntaxRows(report.syntax),
    ...peerRows(report.peers),
    ...scalingRows(report.jobsScaling),
    ...one.map((r) => [
      'reducers 10^5, one',
      `${r.reducer} (cache)`,
      `${r.trials} trials, own ${n(r.ownMs.median, 1)} ms`,
    ]),
    ...reducers.rows
      .filter((r) => r.case === 'exhaustive')
      .map((r) => [
        'reducers exhaustive',
        `${r.reducer} (${r.cache ? 'cache' : 'no cache'})`,
        `${r.trials} trials, ${r.executions + r.verifyExecutions} executions`,
      ]),
    ...trialsAt(reducers),
    [
      'parallel pairs (--jobs)',
      `${report.parallel.case}, ${report.parallel.calls} calls`,
      `1 / 2 / 4 pairs: ${n(report.parallel.ms['1'].median)} / ${n(report.parallel.ms['2'].median)} / ${n(report.parallel.ms['4'].median)} ms, speed-up ×${report.parallel.speedUp['2']} / ×${report.parallel.speedUp['4']}${report.parallel.same ? '' : ' (results differ!)'}`,
    ],
    ...kinds.longText.rows.map((r) => [
      'kinds 10^6 chars, one',
      r.reducer,
      `${r.trials} trials, own ${n(r.ownMs.median, 1)} ms, oracle ${n(r.oracleMs, 1)} ms`,
    ]),
    ...kinds.rows.map((r) => [
      `kinds ${r.case}`,
      r.reducer,
      `${r.calls} calls, ${r.executions} executions, ${r.n} → ${r.finalSize} units${r.verified ? '' : ' (not verified)'}`,
    ]),
    [
      '',
      'hdd vs flat text (calls)',
      `${kinds.treeSaving.hdd} vs ${kinds.treeSaving.flat} (${kinds.treeSaving.flatReducer}): ×${kinds.treeSaving.ratio}`,
    ],
    ...reducers.scaling.map((s) => [
      '',
      `${s.reducer} µs/trial 10^3→10^5 (max exp)`,
      `${n(s.usPerTrial['1000'], 1)} → ${n(s.usPerTrial['100000'], 1)} (exp ${n(s.exponent, 2)})`,
    ]),
    [
      'sessions 10^5',
      'raw / packed / compressed',
      `${n(sessions.node.sizes.raw)} / ${n(sessions.node.sizes.packed)} / ${n(sessions.node.sizes.compressed)} B`,
    ],
    [
      '',
      'encode raw / decode raw (node)',
      `${n(sessions.node.encodeRaw.ms.median)} / ${n(sessions.node.decodeRaw.ms.median)} ms`,
    ],
    [
      '',
      'replay node / chromium core / worker',
      `${n(sessions.node.replay.ms.median)} / ${n(sessions.chromium.core.median)} / ${n(sessions.chromium.worker.median)} ms`,
    ],
    ['permalink', 'article, full session', `${n(sessions.permalink.length)} chars`],
    [
      'first paint',
      'initial JS gzip / build total',
      `${n(firstPaint.initialJs.gzip / 1000, 1)} KB / ${n(firstPaint.build.bytes / 1e6, 2)} MB`,
    ],
    [
      '',
      'first control / FCP',
      `${n(firstPaint.firstControl.median)} / ${n(firstPaint.firstContentfulPaint.median)} ms`,
    ],
    ...(['bomb', 'big'] as const).flatMap((which) => {
      const m = hostile[which];
      const label = which === 'bomb' ? 'rebuild bomb' : 'big raw import';
      return [
        [
          `hostile: ${label}`,
          `${n(m.bytes / 1e6, 1)} MB, replay CLI (exit ${m.cli.exit})`,
          `${n(m.cli.ms)} ms, peak ${n(m.cli.peakMb)} MB`,
        ],
        [
          '',
          'import in Chromium',
          `${n(m.chromium.ms)} ms, renderer peak ${n(m.chromium.rendererPeakMb ?? undefined)} MB: ${m.chromium.outcome.slice(0, 40)}`,
        ],
      ];
    }),
  ];
  const budgetRows = report.budgets.map((b) => [
    b.status === 'pass' ? 'PASS' : b.status === 'fail' ? 'FAIL' : 'SKIP',
    b.name,
    `${b.value === null ? '—' : n(b.value, 4)} ${b.op} ${n(b.limit, 4)} ${b.unit}${b.missedBy ? ` (missed ${b.missedBy})` : ''}${b.context ? `; ${b.context}` : ''}`,
  ]);
  return `${format(['section', 'measurement', 'median'], rows)}\n\n${format(['budget', 'name', 'measured'], budgetRows)}`;
}

/** Section 13's rows: executions on one cause in 10⁵ units, and the suite's totals with --book. */
function isolationRows(isolation: Report['isolation']): string[][] {
  const large = Object.entries(isolation.large.executions).map(([name, count], i) => [
    i === 0 ? 'isolation 10^5, one' : '',
    name,
    `${count} executions`,
  ]);
  const totals = Object.entries(isolation.totals ?? {}).map(([mode, t]) => [
    'isolation suite',
    `dd ${mode}: ours / book's`,
    `${t.ours} / ${t.book} executions${t.worse.length > 0 ? ` (more on ${t.worse.join(', ')})` : ''}`,
  ]);
  return [...large, ...totals];
}

/** Section 14's rows: the default flat reducer over DD.py's ddmin (and the book's dd). */
function flatDefaultRows(flat: FlatDefaultReport): string[][] {
  const ratio = (r: { geometricMean: number; total: number }) =>
    `${r.geometricMean} (geometric mean) / ${r.total} (totals)`;
  const sum = (f: (row: FlatDefaultReport['rows'][number]) => number) =>
    flat.rows.reduce((total, row) => total + f(row), 0);
  return [
    [
      'default flat reducer',
      `${flat.reducer} / DD.py ddmin, distinct executions`,
      `${ratio(flat.toDdpy)}; ${sum((r) => r.executions)} / ${sum((r) => r.ddpy.executions)}`,
    ],
    ['', `${flat.reducer} / DD.py ddmin, distinct inputs`, ratio(flat.toDdpyContents)],
    ['', 'chunks-resume (the previous default) / DD.py ddmin', ratio(flat.previousToDdpy)],
    ...(flat.toBook ? [['', `${flat.reducer} / the book's dd -`, ratio(flat.toBook)]] : []),
    ...(flat.jobs ?? []).map((row) => [
      '',
      `${row.reducer} --jobs ${row.jobs}, 30 ms test: runs / executions / wall`,
      `${row.runs} / ${row.executions} / ${roundTo(row.wallMs.median, 0)} ms`,
    ]),
    [
      '',
      'elements left, ours / DD.py',
      `${sum((r) => r.size)} / ${sum((r) => r.ddpy.size)}${flat.larger.length > 0 ? ` (larger on ${flat.larger.join(', ')})` : ''}`,
    ],
  ];
}

/** Section 12's rows: each measure contained (as found here) / not, and the load it ran at. */
function containmentRows(
  c: ContainmentReport,
  n: (x: number | undefined, digits?: number) => string,
): string[][] {
  const start = (m: keyof ContainmentReport['start']) => n(c.start[m]?.median, 1);
  return [
    [
      `containment (${c.mechanism})`,
      'sandbox start → first answer, bwrap / unshare / none',
      `${start('bwrap')} / ${start('unshare')} / ${start('none')} ms`,
    ],
    [
      '',
      'deltalab reduce article: contained / none',
      `${n(c.reduce.contained.median)} / ${n(c.reduce.uncontained.median)} ms (×${n(c.ratios.reduce, 2)})`,
    ],
    [
      '',
      'fixed cost: contained / none',
      `${n(c.fixed.contained.median)} / ${n(c.fixed.uncontained.median)} ms (×${n(c.ratios.fixed, 2)})`,
    ],
    [
      '',
      'per trial: contained / none',
      `${n(c.perTrial.contained.callsPerSecond)} / ${n(c.perTrial.uncontained.callsPerSecond)} calls/s (load ${n(c.load.before, 2)} → ${n(c.load.after, 2)})`,
    ],
  ];
}

/** Trials (executions) on the 10^5 cases, one row per reducer, cache on. */
function trialsAt(reducers: ReducerReport): string[][] {
  const names = [...new Set(reducers.rows.map((r) => r.reducer))];
  return names.map((reducer) => {
    const cell = (cause: string) => {
      const row = reducers.rows.find(
        (r) => r.case === `${cause}@100000` && r.reducer === reducer && r.cache,
      );
      return row ? `${row.trials} (${row.executions})` : '—';
    };
    return [
      'reducers 10^5 one/two/five',
      `${reducer} trials (executions)`,
      ['one', 'two', 'five'].map(cell).join(' / '),
    ];
  });
}

function format(head: string[], rows: string[][]): string {
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * JSON for people: nested objects indented, but any value whose JSON fits in `width` columns
 * (the runs of a measurement, a table row) kept on one line. Parses back to the same value.
 */
export function formatJson(value: unknown, indent = '', width = 100): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return 'null';
  if (flat.length + indent.length <= width || value === null || typeof value !== 'object')
    return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => inner + formatJson(item, inner, width)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  );
  const body = entries
    .map(([key, item]) => `${inner}${JSON.stringify(key)}: ${formatJson(item, inner, width)}`)
    .join(',\n');
  return `{\n${body}\n${indent}}`;
}
