import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { writeSession } from '../src/core/session/format/writer.js';
import { createLiveOracle } from '../src/live/run-live.js';
import { launchChromium } from '../test/support/chromium.js';
import { nodePlatform } from '../workers/process/platform.js';
import type { ArticleCode } from './article.js';
import { measureArticleFlow, openBench, serve } from './browser.js';
import { BENCH_DIR, buildAll, SITE_DIR } from './build.js';
import { measureContainment } from './containment.js';
import { measureCli, measurePython, parts, ratios } from './exhaustive.js';
import { type ExhaustiveRun, runExhaustive, runExhaustiveInThread } from './exhaustive-run.js';
import { buildSizes, measureFirstControl } from './first-paint.js';
import { measureFlatDefault } from './flat-default.js';
import { measureNodeFloor } from './floor-node.js';
import { measureHostile } from './hostile.js';
import { measureIsolation, measureLargeIsolation } from './isolate.js';
import { measureJobsScaling } from './jobs-scaling.js';
import { measureSlowJobs } from './jobs-slow.js';
import { measureKinds } from './kinds.js';
import { measureOracle } from './oracle.js';
import { measurePageTouch } from './page-touch.js';
import { measureParallel } from './parallel.js';
import { measurePeers } from './peers.js';
import { measureProcesses } from './processes.js';
import { type BothLanguages, measurePythonOracle } from './python.js';
import { measurePythonApp } from './python-app.js';
import { measureReducers } from './reducers.js';
import { budgets, formatJson, type Report, table } from './report.js';
import { measureSessions, recordLongSession } from './sessions.js';
import { measureSyntax } from './syntax.js';

// `npm run bench [-- --check] [-- --no-build] [-- --book BOOK_CODE_DIR]`: every measurement,
// one JSON report (stdout and .bench/report.json) and a short table. With --check, exits 1 when a
// budget fails; with --book, isolation and the default flat reducer are also compared with the
// Debugging Book's own dd (bench/isolate-anchor.py says where its code comes from).

const RUNS = 5;
const TOOL = 'deltalab bench';
const LINK_BASE = 'http://localhost:4173/';

const args = process.argv.slice(2);
const log = (text: string) => process.stderr.write(`bench: ${text}\n`);
const loadBefore = loadavg()[0] ?? 0;
// Before anything else runs: what fresh memory costs on this machine.
const pageTouch = measurePageTouch(RUNS);

if (!args.includes('--no-build')) {
  log('building the site and the bench page');
  await buildAll();
}
const code = articleCode();
const platform = nodePlatform(TOOL);
const nodeOracle = (resolved: Parameters<typeof createLiveOracle>[1]) =>
  createLiveOracle(platform, resolved, 1000);

log('1. oracle under Node (sandbox processes)');
const oracleNode = await measureOracle(
  'node',
  code,
  () => nodeOracle({ language: 'js', candidate: code.candidate, reference: code.reference }),
  () => measureNodeFloor(RUNS),
);

log('9. Python under Node (Pyodide in sandbox processes)');
const both = bothLanguages();
const pythonNode = await measurePythonOracle(
  'node',
  both,
  (language, roles) => nodeOracle({ language, ...roles }),
  RUNS,
);

log('4. oracle calls by reducer');
const reducers = measureReducers(code, RUNS);

log('8. input kinds: text and trees by reducer, a 10^6-character text');
const kinds = await measureKinds(RUNS);

log('10. trials on 1, 2 and 4 candidate/reference pairs (--jobs)');
const parallel = await measureParallel(RUNS);

log('11. whole deltalab reduce processes, and CPython doing the same');
const processes = measureProcesses(RUNS);

log('12. sandbox processes contained by the OS and not: start, whole commands, trials');
const containment = await measureContainment(RUNS);

log('13. isolation: dd against ddmin, one cause in 10^5 units');
const bookAt = args.indexOf('--book');
const isolation =
  bookAt >= 0 ? await measureIsolation(args[bookAt + 1] ?? '') : { large: measureLargeIsolation() };

log("14. the default flat reducer against DD.py's ddmin; --jobs 1 and 2 on a slow test");
const flatDefault = {
  ...(await measureFlatDefault(bookAt >= 0 ? args[bookAt + 1] : undefined)),
  jobs: measureSlowJobs(3),
};

log('15. programs by their syntax, by lines then characters, and by C-Vise when installed');
const syntax = measureSyntax({}, log);

log('17. the six real files of the one-command pipeline: deltalab against the peers on PATH');
const peers = measurePeers({}, log);

log('18. --jobs 1 to 32 on a 0.25 s test that uses no CPU, by lines and by syntax');
const jobsScaling = measureJobsScaling(3);

log('5. sessions: recording and measuring the 10^5-call session');
const long = recordLongSession(code);
const packed = writeSession(long, 'packed');
mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/long-session.jsonl', packed);
const sessionsNode = await measureSessions(long, RUNS);

log('3. exhaustive verification: CLI, in-process, in-thread, CPython');
const cli = measureCli(RUNS);
const nodeWorkers: ExhaustiveRun[] = [];
for (let i = 0; i < RUNS; i++) nodeWorkers.push(await runExhaustive(code, nodeOracle));
const nodeInThread = Array.from({ length: RUNS }, () => runExhaustiveInThread(code));
const python = measurePython(RUNS);

log('browser: launching Chromium');
const browser = await launchChromium();
const site = await serve('vite.config.ts', SITE_DIR);
const benchServer = await serve('vite.bench.config.ts', BENCH_DIR);
let report: Report;
try {
  const page = await openBench(browser, benchServer.url);
  // First, while the page has never loaded Python: its cold start includes the download.
  log('9. Python in Chromium');
  const pythonChromium = await page.bench.python(RUNS);
  // The worker paths before the in-thread measures: these freeze the page's realm (see
  // measureOracle), and the host of the worker paths is never frozen in the product.
  log('3. exhaustive in Chromium, through workers');
  const chromiumWorkers: ExhaustiveRun[] = [];
  for (let i = 0; i < RUNS; i++) chromiumWorkers.push(await page.bench.exhaustive());
  log('5. permalink');
  const permalink = await page.bench.permalink(LINK_BASE);
  log('1. oracle in Chromium');
  const oracleChromium = await page.bench.oracle();
  log('3. exhaustive in Chromium, in-thread');
  const chromiumInThread: ExhaustiveRun[] = [];
  for (let i = 0; i < RUNS; i++) chromiumInThread.push(await page.bench.exhaustiveInThread());
  log('5. replay in Chromium');
  const replay = await page.bench.replay(packed, RUNS);
  if (page.errors.length > 0) log(`bench page errors: ${page.errors.join('; ')}`);
  await page.close();

  log('2. article flow in the built app');
  const articleFlow = await measureArticleFlow(browser, site.url, RUNS);
  log('6. first paint');
  const firstControl = await measureFirstControl(browser, site.url, SITE_DIR, RUNS + 2);
  log('7. hostile files: a rebuild bomb and a 240 MB raw session, in the CLI and imported');
  const hostile = await measureHostile(browser, site.url);
  log('16. Python in the app: a first and a second Run, the runtime cached');
  const pythonApp = await measurePythonApp(browser, site.url, RUNS);

  const node = { cli, workers: parts(nodeWorkers), inThread: parts(nodeInThread) };
  const chromium = { workers: parts(chromiumWorkers), inThread: parts(chromiumInThread) };
  const partial: Omit<Report, 'budgets'> = {
    machine: {
      date: new Date().toISOString(),
      node: process.version,
      chromium: browser.version(),
      cpus: cpus().length,
      load: { before: round(loadBefore), after: round(loadavg()[0] ?? 0) },
      pageTouch,
    },
    oracle: { node: oracleNode, chromium: oracleChromium },
    articleFlow,
    exhaustive: { node, chromium, python, ratios: ratios(python, node, chromium) },
    reducers,
    kinds,
    sessions: { node: sessionsNode, chromium: replay, permalink },
    firstPaint: { ...buildSizes(SITE_DIR), ...firstControl },
    hostile,
    python: { node: pythonNode, chromium: pythonChromium },
    pythonApp,
    parallel,
    processes,
    containment,
    isolation,
    flatDefault,
    syntax,
    peers,
    jobsScaling,
  };
  report = { ...partial, budgets: budgets(partial) };
} finally {
  await browser.close();
  await site.close();
  await benchServer.close();
}

const json = formatJson(report);
writeFileSync('.bench/report.json', `${json}\n`);
process.stdout.write(`${json}\n\n${table(report)}\n`);
const failed = report.budgets.filter((b) => b.status === 'fail');
if (args.includes('--check') && failed.length > 0) {
  const lines = failed.map(
    (b) =>
      `  ${b.name}: ${b.value} ${b.unit}, budget ${b.op} ${b.limit} (missed by ${b.missedBy})${b.context ? `; ${b.context}` : ''}`,
  );
  process.stderr.write(`\nbudgets missed:\n${lines.join('\n')}\n`);
  process.exitCode = 1;
}

/** The article's candidate and reference in JavaScript and in Python. */
function bothLanguages(): BothLanguages {
  const read = (file: string) => readFileSync(`examples/code/${file}`, 'utf8');
  return {
    js: {
      candidate: read('max-subarray/candidate.js'),
      reference: read('max-subarray/reference.js'),
    },
    py: {
      candidate: read('max-subarray-py/candidate.py'),
      reference: read('max-subarray-py/reference.py'),
    },
  };
}

/** The article's code, read from examples/code/max-subarray/. */
function articleCode(): ArticleCode {
  const read = (file: string) => readFileSync(`examples/code/max-subarray/${file}`, 'utf8');
  return {
    candidate: read('candidate.js'),
    reference: read('reference.js'),
    corrected: read('corrected.js'),
  };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
