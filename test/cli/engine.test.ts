import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, deltalab, deltalabIn, scratch } from './support.js';

/**
 * `reduce --oracle-cmd` run through an engine that spreads runs over machines (srun, GNU
 * parallel over ssh), stood in for by a wrapper script that loses some runs: it exits with the
 * engine's status for a lost run without running the test. `--trial-dir` puts the trials in a
 * folder of the user's, as on a shared file system.
 */
const { dir, file } = scratch('deltalab-engine-');

/** 40 lines, two far apart that the test needs. */
const INPUT = `${Array.from({ length: 40 }, (_, i) =>
  i === 7 ? 'needle one' : i === 31 ? 'needle two' : `hay ${i}`,
).join('\n')}\n`;

/** The test: the trial still holds both needles. */
const TEST = `sh ${file('test.sh', `grep -q 'needle one' "$1" && grep -q 'needle two' "$1"\n`)} {}`;

/**
 * The reduction the test gives with no engine, what every run through an engine must end at: by
 * lines with ddmin, one trial at a time (the runs counted exactly: nothing judged ahead).
 */
const PLAIN = ['--split', 'lines', '--reducer', 'ddmin', '--jobs', '1'];

/**
 * A stand-in engine in `folder`: loses a run (exit `status`, the test not run) when `lose` (a
 * shell condition on `$n`, the run's number) holds; counts its runs in `calls` and its losses
 * in `lost` there. Run as `sh ENGINE TEST-COMMAND...`.
 */
function engine(folder: string, status: number, lose: string): string {
  mkdirSync(folder, { recursive: true });
  return file(
    `${folder.split('/').pop()}.sh`,
    `n=$(( $(cat ${folder}/calls 2>/dev/null || echo 0) + 1 ))
echo $n > ${folder}/calls
if ${lose}; then echo $n >> ${folder}/lost; exit ${status}; fi
exec "$@"
`,
  );
}

/** The lines a file holds (none when there is no file). */
const lines = (path: string) =>
  existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n') : [];

/** The `deltalab:` lines of stderr that are not progress. */
const said = (stderr: string) =>
  stderr.split('\n').filter((line) => line.startsWith('deltalab:') && !/ trials, size /.test(line));

describe('reduce --oracle-cmd through an engine that loses runs', () => {
  it('runs a lost run again, never judges it, and ends where the plain test ends', {
    timeout: 120_000,
  }, async () => {
    const input = file('lost.txt', INPUT);
    // The same test through an engine that loses nothing, then one that loses every third run
    // (without --retry-exit, its exit status 75 would be judged PASS).
    const reduceThrough = (wrapper: string) =>
      deltalab(
        'reduce',
        '--oracle-cmd',
        `sh ${wrapper} ${TEST}`,
        '--input-file',
        input,
        ...PLAIN,
        '--retry-exit',
        '75',
      );
    const sure = join(dir, 'loses-none');
    const plain = await reduceThrough(engine(sure, 75, 'false'));
    expect(plain.code).toBe(0);
    const expected = JSON.parse(plain.stdout).reduced;
    expect(expected).toBe('needle one\nneedle two\n');
    const runs = Number(lines(join(sure, 'calls'))[0]);

    const losing = join(dir, 'every-third');
    const lost = await reduceThrough(engine(losing, 75, '[ $((n % 3)) -eq 0 ]'));
    expect(lost.code).toBe(0);
    expect(JSON.parse(lost.stdout)).toMatchObject({ reduced: expected, verified: true });
    // Each trial judged once, as with no losses: the lost runs on top, and told.
    const losses = lines(join(losing, 'lost')).length;
    expect(losses).toBeGreaterThan(3);
    expect(lines(join(losing, 'calls'))).toEqual([String(runs + losses)]);
    expect(said(lost.stderr)).toEqual([
      `deltalab: ${runs + losses} test runs, 0 judged ahead and not needed (0 stopped early), ${losses} lost by the engine (no verdict)`,
    ]);
  });

  it('with several jobs, a trial judged ahead is run again when lost, and the result is the same', {
    timeout: 120_000,
  }, async () => {
    const input = file('lost-jobs.txt', INPUT);
    // The first run of every trial is lost (whichever job runs it): mkdir is atomic.
    const seen = join(dir, 'first-runs');
    const wrapper = engine(seen, 255, `mkdir ${seen}/$(cksum < "$3" | cut -d' ' -f1) 2>/dev/null`);
    const { code, stdout, stderr } = await deltalab(
      'reduce',
      '--oracle-cmd',
      `sh ${wrapper} ${TEST}`,
      '--input-file',
      input,
      ...PLAIN.slice(0, 4),
      '--jobs',
      '3',
      '--retry-exit',
      '255',
      '--retries',
      '1',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ reduced: 'needle one\nneedle two\n' });
    const losses = lines(join(seen, 'lost')).length;
    expect(losses).toBeGreaterThan(3);
    // A guess stopped once it was no longer needed may have been lost before it was stopped: the
    // engine saw it, deltalab did not wait for it. Every loss deltalab saw is told.
    const told = Number(/, (\d+) lost by the engine \(no verdict\)/.exec(stderr)?.[1]);
    expect(told).toBeGreaterThan(0);
    expect(told).toBeLessThanOrEqual(losses);
  });

  it('stops with a clear error when every run of a trial is lost, and writes nothing wrong', {
    timeout: 120_000,
  }, async () => {
    const input = file('always-lost.txt', INPUT);
    const before = statSync(input).mtimeMs;
    const mine = join(dir, 'always-trials');
    mkdirSync(mine);
    const notes = file('always-trials/notes.txt', 'mine\n');
    const wrapper = engine(join(dir, 'always'), 255, 'true');
    const { code, stdout, stderr } = await deltalab(
      'reduce',
      '--oracle-cmd',
      `sh ${wrapper} ${TEST}`,
      '--input-file',
      input,
      ...PLAIN,
      '--in-place',
      '--retry-exit',
      '255',
      '--retries',
      '2',
      '--trial-dir',
      mine,
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'cancelled', verified: false });
    expect(said(stderr)).toEqual([
      'deltalab: 3 test runs, 0 judged ahead and not needed (0 stopped early), 3 lost by the engine (no verdict)',
      `deltalab: the engine lost the test's run on a trial of ${INPUT.length} bytes 3 times in a row (exit status 255, --retry-exit; runs 1, 2, 3): stopped with the best result so far, not verified 1-minimal`,
    ]);
    // The input is not written over (no result to keep), the user's folder as it was.
    expect(readFileSync(input, 'utf8')).toBe(INPUT);
    expect(statSync(input).mtimeMs).toBe(before);
    expect(readdirSync(mine)).toEqual(['notes.txt']);
    expect(readFileSync(notes, 'utf8')).toBe('mine\n');
  });

  it('keeps the best result so far when the engine starts losing every run, and records no lost run', {
    timeout: 120_000,
  }, async () => {
    const input = file('later-lost.txt', INPUT);
    const output = join(dir, 'later-lost.out');
    const record = join(dir, 'later-lost.jsonl');
    const wrapper = engine(join(dir, 'later'), 255, '[ $n -gt 12 ]');
    const { code, stdout, stderr } = await deltalab(
      'reduce',
      '--oracle-cmd',
      `sh ${wrapper} ${TEST}`,
      '--input-file',
      input,
      ...PLAIN,
      '--output',
      output,
      '--record',
      record,
      '--retry-exit',
      '255',
      '--retries',
      '1',
    );
    expect(code).toBe(1);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ status: 'cancelled', verified: false, executions: 12 });
    expect(said(stderr)[1]).toMatch(
      /^deltalab: the engine lost the test's run on a trial of \d+ bytes twice in a row \(exit status 255, --retry-exit; runs 13, 14\): stopped with the best result so far/,
    );
    // What is written still holds both needles and is smaller than the input.
    const kept = readFileSync(output, 'utf8');
    expect(kept).toBe(summary.reduced);
    expect(kept).toMatch(/needle one[\s\S]*needle two/);
    expect(kept.length).toBeLessThan(INPUT.length);
    // The session holds the twelve runs judged, none of the lost ones, and replays as it ran.
    const session = readFileSync(record, 'utf8');
    expect(session).not.toMatch(/"exit":255/);
    const replayed = await deltalab('replay', record);
    expect(JSON.parse(replayed.stdout).reduced).toBe(summary.reduced);
  });
});

describe('reduce --oracle-cmd --trial-dir', () => {
  it("lays the trials in a fresh folder in DIR, leaves the user's files there as they were and nothing of its own", {
    timeout: 120_000,
  }, async () => {
    const input = file('placed.txt', INPUT);
    mkdirSync(join(dir, 'shared'));
    const notes = file('shared/notes.txt', 'mine\n');
    // The test records where its trial is, and that it is there while it runs.
    const log = join(dir, 'placed.log');
    const { code, stdout } = await deltalabIn(
      { cwd: dir },
      'reduce',
      '--oracle-cmd',
      `test -f {} && echo {} >> ${log}; ${TEST}`,
      '--input-file',
      input,
      ...PLAIN,
      // A relative folder: the test runs in the trial's folder, {} is still the trial's path.
      '--trial-dir',
      'shared',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).reduced).toBe('needle one\nneedle two\n');
    const paths = lines(log);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      expect(path).toMatch(
        new RegExp(`^'?${join(dir, 'shared')}/deltalab-\\w{6}/\\d+/placed\\.txt'?$`),
      );
    }
    expect(readdirSync(join(dir, 'shared'))).toEqual(['notes.txt']);
    expect(readFileSync(notes, 'utf8')).toBe('mine\n');
  });

  it('removes its folder when the command is ended from outside (a kill) while a test runs', {
    timeout: 120_000,
  }, async () => {
    const input = file('killed.txt', INPUT);
    const shared = join(dir, 'killed');
    mkdirSync(shared);
    file('killed/notes.txt', 'mine\n');
    const child = spawn(process.execPath, [
      BIN,
      'reduce',
      '--oracle-cmd',
      `sleep 0.3; ${TEST}`,
      '--input-file',
      input,
      ...PLAIN,
      '--trial-dir',
      shared,
    ]);
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    const started = Date.now();
    // Once its folder is there and a trial in it, the run is under way.
    const trials = () =>
      readdirSync(shared)
        .filter((name) => name.startsWith('deltalab-'))
        .flatMap((name) => readdirSync(join(shared, name)));
    while (trials().length === 0 && Date.now() - started < 30_000) await sleep(50);
    expect(trials().length).toBeGreaterThan(0);
    child.kill('SIGTERM');
    expect(await closed).toBe(143);
    expect(readdirSync(shared)).toEqual(['notes.txt']);
  });

  it('says in one line what is wrong with the options, exit 2, before any run', async () => {
    const input = file('usage.txt', INPUT);
    const notFolder = file('not-a-folder', '');
    const cases: [string[], RegExp][] = [
      [['--trial-dir', join(dir, 'missing')], /^deltalab: --trial-dir .*missing does not exist$/],
      [['--trial-dir', notFolder], /^deltalab: --trial-dir .*not-a-folder is not a folder$/],
      [['--retry-exit', '0'], /^deltalab: --retry-exit must be an exit status from 1 to 255$/],
      [['--retry-exit', '256'], /^deltalab: --retry-exit must be an exit status from 1 to 255$/],
      [
        ['--retry-exit', '3', '--invalid-exit', '3'],
        /^deltalab: --retry-exit and --invalid-exit are both 3: a lost run cannot also be INVALID$/,
      ],
      [['--retries', '2'], /^deltalab: --retries goes with --retry-exit N/],
      [['--retry-exit', '9', '--retries', '-1'], /^deltalab: --retries must be from 0 to 100$/],
    ];
    const ran = join(dir, 'usage-ran');
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await deltalab(
        'reduce',
        '--oracle-cmd',
        `echo ran >> ${ran}`,
        '--input-file',
        input,
        ...args,
      );
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(said(stderr)).toHaveLength(1);
      expect(said(stderr)[0]).toMatch(message);
    }
    expect(existsSync(ran)).toBe(false);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
