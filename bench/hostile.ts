import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import { runSession } from '../src/core/run/run.js';
import type { ReduceTask } from '../src/core/session/config.js';
import { jsonLine } from '../src/core/session/format/json-line.js';
import { createHeader } from '../src/core/session/header.js';
import { freshContext } from './browser.js';

/**
 * The worst inputs of the hostile-data issue, measured as a user meets them: a 4 MB file whose
 * packed rows would rebuild 3 × 10⁹ numbers (`deltalab replay`, and as an import in the app),
 * and a legitimate 240 MB raw session (the same two ways; its packed form rebuilds more than
 * the readers allow, and is refused). Time, and the peak memory of the
 * process that read it (the CLI's, or the app's renderer with its reducer worker).
 */
export interface HostileReport {
  bomb: Measured;
  big: Measured;
}

interface Measured {
  bytes: number;
  cli: { ms: number; exit: number | null; peakMb: number; stderr: string };
  chromium: { ms: number; outcome: string; rendererPeakMb: number | null };
}

const DIR = '.bench/hostile';

/** Writes both files (once) and measures them. */
export async function measureHostile(browser: Browser, url: string): Promise<HostileReport> {
  mkdirSync(DIR, { recursive: true });
  const bomb = `${DIR}/bomb.jsonl`;
  const big = `${DIR}/big.jsonl`;
  writeBomb(bomb);
  await writeBig(big);
  return {
    bomb: { bytes: statSync(bomb).size, cli: cli(bomb), chromium: await app(browser, url, bomb) },
    big: { bytes: statSync(big).size, cli: cli(big), chromium: await app(browser, url, big) },
  };
}

/** 3000 deletions of a 10⁶-element input: a few kilobytes of rows for 3 × 10⁹ numbers. */
function writeBomb(file: string): void {
  const header = JSON.parse(
    readFileSync('examples/trap/session.jsonl', 'utf8').split('\n')[0] ?? '',
  );
  const zeros = new Array<number>(1_000_000).fill(0);
  header.config.input = zeros;
  const rows = [
    header,
    { seq: 1, type: 'call', execution: 1, input: zeros, outcome: 'FAIL', phase: 'confirm' },
    {
      seq: 2,
      type: 'deletions',
      rows: Array.from({ length: 3000 }, () => ({ at: 0, outcome: 'PASS' })),
    },
  ];
  writeFileSync(file, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
}

/**
 * A raw session of about 240 MB that every reader must accept: a 6 000-element input that fails
 * only while whole, so `chunks` tries every block at every granularity (about 12 000 trials of
 * about 6 000 numbers each), one event per line: every number is written out.
 */
async function writeBig(file: string): Promise<void> {
  const size = 6000;
  const input = Array.from({ length: size }, (_, i) => 100 + ((i * 7919) % 900));
  const config: ReduceTask = {
    task: 'reduce',
    code: { language: 'js', outcome: { source: 'export const outcome = (a) => "FAIL";' } },
    input,
    reducer: 'chunks',
    chase: { kind: 'wrong-answer' },
    cache: true,
    budgets: { callMs: 1000 },
  };
  const out = createWriteStream(file);
  const write = (line: string) => out.write(`${line}\n`);
  write(jsonLine(createHeader(config, { id: 'bench', created: 'bench', tool: 'deltalab bench' })));
  stepThroughSync(runSession(config, { onEvent: (event) => write(jsonLine(event)) }), (a) => ({
    outcome: (a as number[]).length === size ? 'FAIL' : 'PASS',
  }));
  await new Promise<void>((resolve) => out.end(resolve));
}

/** `deltalab replay FILE`: time, exit status and peak resident memory (Linux's VmHWM). */
function cli(file: string): Measured['cli'] {
  const script = `
    import { readFileSync } from 'node:fs';
    const started = performance.now();
    const { main } = await import('./dist/cli/main.cjs');
    process.stdout.write = () => true;
    const exit = await main(['replay', ${JSON.stringify(file)}, '--history', 'none']);
    const peak = /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
    console.error(JSON.stringify({ ms: performance.now() - started, exit, peakMb: Number(peak?.[1]) / 1024 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const lines = run.stderr.trim().split('\n');
  const last = JSON.parse(lines.at(-1) ?? '{}') as { ms: number; exit: number; peakMb: number };
  return {
    ms: Math.round(last.ms),
    exit: last.exit,
    peakMb: Math.round(last.peakMb),
    stderr: lines.slice(0, -1).join(' ').slice(0, 200),
  };
}

/** Imports the file in the app; time to the banner's answer, and the renderers' peak memory. */
async function app(browser: Browser, url: string, file: string): Promise<Measured['chromium']> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.locator('delta-lab .app-header').waitFor();
    const started = performance.now();
    await page.locator('input.import-file').setInputFiles(file);
    const banner = page.locator('dl-banner p', { hasText: /^Imported | was not imported: / });
    await banner.waitFor({ timeout: 300_000 });
    const ms = performance.now() - started;
    // The busiest renderer's peak: the app's page (with its reducer worker) is among them.
    const peaks = [...renderers().values()];
    return {
      ms: Math.round(ms),
      outcome: ((await banner.textContent()) ?? '').slice(0, 160),
      rendererPeakMb: peaks.length > 0 ? Math.max(...peaks) : null,
    };
  } finally {
    await context.close();
  }
}

/** Chromium's renderer processes and their peak resident memory (MB), from /proc. */
function renderers(): Map<number, number> {
  const found = new Map<number, number>();
  const list = spawnSync(
    'sh',
    ['-c', 'grep -l -- "--type=renderer" /proc/[0-9]*/cmdline 2>/dev/null'],
    {
      encoding: 'utf8',
    },
  );
  for (const path of list.stdout.split('\n').filter(Boolean)) {
    const pid = Number(path.split('/')[2]);
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const peak = /VmHWM:\s+(\d+)/.exec(status);
      if (peak) found.set(pid, Math.round(Number(peak[1]) / 1024));
    } catch {
      // gone
    }
  }
  return found;
}
