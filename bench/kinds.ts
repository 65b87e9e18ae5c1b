import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InputKind, Json, Shape, Split } from '../src/core/input/kinds.js';
import { shapeOf } from '../src/core/input/kinds.js';
import type { Chase } from '../src/core/oracle/chase.js';
import {
  type CallResult,
  classifyPair,
  defaultValid,
  emptyVerdict,
} from '../src/core/oracle/classify.js';
import type { SyncOracle } from '../src/core/oracle/oracle.js';
import type { Output, Verdict } from '../src/core/oracle/verdict.js';
import { type DriveResult, drive } from '../src/core/reduce/driver.js';
import { reducersFor } from '../src/core/reduce/reducers.js';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import type { ReducerName } from '../src/core/reduce/types.js';
import { jsonLine } from '../src/core/session/format/json-line.js';
import { roundTo, type Samples, samples } from './stats.js';

/** One reducer on one case of another input kind. */
export interface KindRow {
  case: string;
  kind: InputKind;
  split?: Split;
  /** Units of the start input. */
  n: number;
  reducer: ReducerName;
  /** The article's calls (confirmation and trials), cache on. */
  calls: number;
  executions: number;
  /** Units left. */
  finalSize: number;
  verified: boolean;
}

/** Section 8: other input kinds. */
export interface KindReport {
  rows: KindRow[];
  /** A 10⁶-character text whose failure needs one character, by the flat reducers. */
  longText: {
    n: number;
    limit: number;
    best: { reducer: ReducerName; trials: number; ownMs: Samples };
    rows: { reducer: ReducerName; trials: number; ownMs: Samples; oracleMs: number }[];
  };
  /** Calls of hdd on the lesson's tree against the best flat reducer on its serialised text. */
  treeSaving: { hdd: number; flat: number; flatReducer: ReducerName; ratio: number };
}

const ROOT = join(import.meta.dirname, '..', '..');

type Fn = (input: never) => unknown;

function lessonConfig(name: string): { input?: Json; chase: Chase } {
  return JSON.parse(readFileSync(join(ROOT, 'examples', name, 'input.json'), 'utf8')).config;
}

/** The chase of the lesson a case comes from. */
function chaseOf(lesson: string): Chase {
  return lessonConfig(lesson).chase;
}

async function lessonCode(name: string): Promise<{ candidate: Fn; reference: Fn }> {
  const load = (role: string) =>
    import(pathToFileURL(join(ROOT, 'examples', 'code', name, `${role}.js`)).href) as Promise<
      Record<string, Fn>
    >;
  const [candidate, reference] = await Promise.all([load('candidate'), load('reference')]);
  return { candidate: candidate.candidate as Fn, reference: reference.reference as Fn };
}

/** The pair oracle in-thread, as the sandbox judges (a copy of the input per call). */
function pair(candidate: Fn, reference: Fn): SyncOracle {
  const call = (fn: Fn, input: Json): CallResult => {
    try {
      return { ok: true, value: fn(structuredClone(input) as never) as Output, ms: 0 };
    } catch (error) {
      const { name, message } = error as Error;
      return { ok: false, error: { name, message }, ms: 0 };
    }
  };
  return (input): Verdict =>
    defaultValid(input)
      ? classifyPair(call(candidate, input), call(reference, input))
      : emptyVerdict(input);
}

function run(
  start: Json,
  shape: Shape,
  reducer: ReducerName,
  judge: SyncOracle,
  chase: Chase = { kind: 'wrong-answer' },
): DriveResult {
  return stepThroughSync(drive(start, { reducer, cache: true, shape, chase }), judge);
}

function row(
  name: string,
  start: Json,
  shape: Shape,
  reducer: ReducerName,
  judge: SyncOracle,
  size: (value: Json) => number,
): KindRow {
  const result = run(start, shape, reducer, judge, chaseOf(name.split('/')[0] as string));
  return {
    case: name,
    kind: shape.kind,
    ...(shape.split ? { split: shape.split } : {}),
    n: size(start),
    reducer,
    calls: result.counters.calls,
    executions: result.counters.executions,
    finalSize: size(result.reduced),
    verified: result.verification.verified,
  };
}

/**
 * Calls by reducer on the lessons of text and trees (the <SELECT> line by characters, the
 * settings file by lines and by characters, the lock file as a tree and as serialised text), and
 * the reducers' own time on a 10⁶-character text with one cause.
 */
export async function measureKinds(runs = 5): Promise<KindReport> {
  const rows: KindRow[] = [];
  const input = (name: string) => lessonConfig(name).input as Json;
  const chars = (value: Json) => [...(value as string)].length;
  const lines = (value: Json) => (value as string).split('\n').filter(Boolean).length;

  const select = await lessonCode('select');
  const selectJudge = pair(select.candidate, select.reference);
  for (const reducer of reducersFor('string')) {
    const shape = shapeOf({ kind: 'string', split: 'chars' });
    rows.push(row('select', input('select'), shape, reducer, selectJudge, chars));
  }

  const settings = await lessonCode('settings');
  const settingsJudge = pair(settings.candidate, settings.reference);
  for (const split of ['lines', 'chars'] as const) {
    for (const reducer of reducersFor('string')) {
      const shape = shapeOf({ kind: 'string', split });
      rows.push(
        row(
          `settings/${split}`,
          input('settings'),
          shape,
          reducer,
          settingsJudge,
          split === 'lines' ? lines : chars,
        ),
      );
    }
  }

  const deps = await lessonCode('deps');
  const tree = input('deps') as Json;
  const nodes = (value: Json): number =>
    value !== null && typeof value === 'object'
      ? (Array.isArray(value) ? value : Object.values(value)).reduce<number>(
          (sum, child) => sum + 1 + nodes(child),
          0,
        )
      : 0;
  rows.push(
    row('deps/tree', tree, { kind: 'json' }, 'hdd', pair(deps.candidate, deps.reference), nodes),
  );
  const textJudge = pair(
    (text: string) => deps.candidate(JSON.parse(text) as never),
    (text: string) => deps.reference(JSON.parse(text) as never),
  );
  for (const reducer of reducersFor('string')) {
    if (reducer === 'values') continue; // it changes characters: not a flat deletion
    const shape = shapeOf({ kind: 'string', split: 'chars' });
    rows.push(row('deps/text', jsonLine(tree), shape, reducer, textJudge, chars));
  }
  const hdd = rows.find((r) => r.case === 'deps/tree')?.calls ?? Number.NaN;
  const flat = rows
    .filter((r) => r.case === 'deps/text')
    .reduce((a, b) => (b.calls < a.calls ? b : a));

  const longText = measureLongText(runs);
  return {
    rows,
    longText,
    treeSaving: {
      hdd,
      flat: flat.calls,
      flatReducer: flat.reducer,
      ratio: roundTo(flat.calls / hdd, 1),
    },
  };
}

/** A 10⁶-character text that fails while it holds one "!", by each deleting reducer. */
function measureLongText(runs: number): KindReport['longText'] {
  const n = 1_000_000;
  const start = `${'a'.repeat(654_321)}!${'a'.repeat(n - 654_322)}`;
  const shape = shapeOf({ kind: 'string', split: 'chars' });
  const out: KindReport['longText']['rows'] = [];
  for (const reducer of ['chunks', 'chunks-resume', 'ddmin'] as const) {
    let oracleMs = 0;
    const judge: SyncOracle = (input) => {
      const began = performance.now();
      const fails = typeof input === 'string' && input.includes('!');
      oracleMs += performance.now() - began;
      return { outcome: input === '' ? 'INVALID' : fails ? 'FAIL' : 'PASS' };
    };
    const once = () => {
      (globalThis as { gc?: () => void }).gc?.();
      oracleMs = 0;
      const began = performance.now();
      const result = run(start, shape, reducer, judge);
      return { result, own: performance.now() - began - oracleMs, oracle: oracleMs };
    };
    once();
    const measured = Array.from({ length: runs }, once);
    const mid = [...measured].sort((a, b) => a.own - b.own)[runs >> 1] as (typeof measured)[0];
    out.push({
      reducer,
      trials: mid.result.history.length,
      ownMs: samples(
        measured.map((m) => m.own),
        1,
      ),
      oracleMs: roundTo(mid.oracle, 1),
    });
  }
  const best = out.reduce((a, b) => (b.trials < a.trials ? b : a));
  return {
    n,
    limit: roundTo(2 * Math.log2(n) + 10, 1),
    best: { reducer: best.reducer, trials: best.trials, ownMs: best.ownMs },
    rows: out,
  };
}
