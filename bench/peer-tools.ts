import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandEnv } from './command-env.js';
import type { SyntaxCase } from './syntax-cases.js';

// The tools of section 17 (bench/peers.ts), each run the way its users run it on one file and one
// test script. The script counts its own runs (a line appended to a file per run), the same way
// for every tool; given a file's path (deltalab, picire, Lithium) it runs in that file's folder,
// given nothing (C-Vise, C-Reduce) in its working folder, where those tools put the file.

/** The tools: deltalab's plain command and its stages of today, and the peers. */
export type PeerTool =
  | 'plain'
  | 'syntax'
  | 'lines+chars'
  | 'cvise'
  | 'creduce'
  | 'picire'
  | 'lithium';

/** One case's working folder: the file, the counting test script, the count. */
export interface Place {
  dir: string;
  /** The folder holding the file under its own name. */
  work: string;
  path: string;
  script: string;
  runs: () => number;
  /** Whether `text` still passes the test (checked in a folder of its own, not counted). */
  stillFails: (text: string) => boolean;
  done: () => void;
}

/** A working folder with the case's file and its counting test script. */
export function setUp(c: SyntaxCase): Place {
  const dir = mkdtempSync(join(tmpdir(), 'deltalab-bench-peers-'));
  const counter = join(dir, 'runs');
  writeFileSync(counter, '');
  const script = join(dir, 'test.sh');
  const body = `if [ -n "$1" ]; then cd "$(dirname "$1")" || exit 1; fi\n${c.test}\n`;
  writeFileSync(script, `#!/bin/sh\necho >> '${counter}'\n${body}`);
  chmodSync(script, 0o755);
  const check = join(dir, 'check.sh');
  writeFileSync(check, `#!/bin/sh\n${body}`);
  const work = join(dir, 'work');
  mkdirSync(work);
  const path = join(work, c.file);
  writeFileSync(path, c.text);
  return {
    dir,
    work,
    path,
    script,
    runs: () => readFileSync(counter, 'utf8').length,
    stillFails: (text) => {
      const folder = mkdtempSync(join(dir, 'check-'));
      writeFileSync(join(folder, c.file), text);
      return spawnSync('/bin/sh', [check, join(folder, c.file)]).status === 0;
    },
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What a tool left: the result's text, whether `timeout` stopped it, why it failed if it did. */
export interface ToolResult {
  text: string;
  capped: boolean;
  /** The last line of the tool's error output when it ended with a status that means failure. */
  failed?: string;
}

/** How a run ended: stopped by the cap, failed (its last line of error output), or fine. */
interface Ended {
  capped: boolean;
  failed?: string;
}

const BIN = join(process.cwd(), 'bin/deltalab.js');

/** Runs `command` under `timeout` (seconds). */
function run(command: string, args: string[], cwd: string, cap: number): Ended {
  const result = spawnSync('timeout', ['--kill-after=10', String(cap), command, ...args], {
    cwd,
    encoding: 'utf8',
    env: commandEnv(),
    maxBuffer: 1 << 30,
  });
  if (result.status === 124 || result.status === 137) return { capped: true };
  // deltalab ends with 1 when the reduction found nothing to remove.
  if (result.status === 0 || (command === process.execPath && result.status === 1)) {
    return { capped: false };
  }
  const last = result.stderr
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '');
  return { capped: false, failed: `exit ${result.status}: ${last.at(-1) ?? ''}`.slice(0, 200) };
}

/** The text at `path` when it is there, else `fallback`. */
function readOr(path: string, fallback: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : readFileSync(fallback, 'utf8');
}

/** `deltalab reduce --oracle-cmd "sh test.sh {}"` on the file, with `extra` options. */
function deltalab(place: Place, extra: string[], cap: number): ToolResult {
  const out = `${place.path}.out`;
  const ended = run(
    process.execPath,
    [
      BIN,
      'reduce',
      '--oracle-cmd',
      `sh ${place.script} {}`,
      '--input-file',
      place.path,
      '--output',
      out,
      ...extra,
    ],
    place.dir,
    cap,
  );
  return { text: readOr(out, place.path), ...ended };
}

/** A Lithium condition that runs the counting script on the testcase (its last argument). */
function lithiumCondition(place: Place): string {
  const file = join(place.dir, 'sh_test.py');
  writeFileSync(
    file,
    [
      'import subprocess',
      '',
      'def interesting(cond_args, temp_prefix):',
      `    return subprocess.call(["/bin/sh", ${JSON.stringify(place.script)}, cond_args[-1]]) == 0`,
      '',
    ].join('\n'),
  );
  return file;
}

/** Runs `tool` on the place's file, capped at `cap` seconds a run, with `jobs` where it has them. */
export function runTool(tool: PeerTool, place: Place, jobs: number, cap: number): ToolResult {
  const file = place.path;
  const name = file.slice(place.work.length + 1);
  if (tool === 'plain') return deltalab(place, [], cap);
  const stage = (split: string) =>
    deltalab(place, ['--split', split, '--jobs', `${jobs}`, '--history', 'none'], cap);
  if (tool === 'syntax') return stage('syntax');
  if (tool === 'lines+chars') {
    const lines = stage('lines');
    writeFileSync(file, lines.text);
    return lines.capped || lines.failed ? lines : stage('chars');
  }
  if (tool === 'cvise' || tool === 'creduce') {
    const ended = run(tool, ['--n', `${jobs}`, place.script, name], place.work, cap);
    return { text: readFileSync(file, 'utf8'), ...ended };
  }
  if (tool === 'picire') {
    const out = join(place.dir, 'picire-out');
    // Its default cache (a trie of configurations) overflows Python's stack on the XML file.
    const args = ['--input', file, '--test', place.script, '--atom', 'both', '--cache', 'content'];
    args.push('--out', out);
    const ended = run('picire', [...args, '--parallel', '--jobs', `${jobs}`], place.dir, cap);
    return { text: readOr(join(out, name), file), ...ended };
  }
  // Lithium: lines (its default), then characters, as its documentation suggests.
  const condition = lithiumCondition(place);
  const first = run('lithium', [condition, file], place.dir, cap);
  if (first.capped || first.failed) return { text: readFileSync(file, 'utf8'), ...first };
  const second = run('lithium', ['--char', condition, file], place.dir, cap);
  return { text: readFileSync(file, 'utf8'), ...second };
}

/** Each peer's version when it is on PATH (the key is absent when it is not). */
export function peerVersions(): Partial<Record<PeerTool, string>> {
  const versions: Partial<Record<PeerTool, string>> = {};
  const ask = (tool: PeerTool, args: string[]) => {
    const result = spawnSync(tool, args, { encoding: 'utf8' });
    if (result.error || result.status !== 0) return;
    versions[tool] = `${result.stdout}${result.stderr}`.trim().split('\n')[0] ?? '';
  };
  ask('cvise', ['--version']);
  ask('creduce', ['--version']);
  ask('picire', ['--version']);
  // Lithium has no --version: its package's metadata says it.
  if (spawnSync('lithium', ['--help']).status !== 0) return versions;
  const script =
    'import importlib.metadata as m; print("lithium-reducer " + m.version("lithium-reducer"))';
  const found = ['/usr/bin/python3', 'python3']
    .map((python) => spawnSync(python, ['-c', script], { encoding: 'utf8' }))
    .find((result) => result.status === 0);
  versions.lithium = found ? found.stdout.trim() : 'lithium (version unknown)';
  return versions;
}
