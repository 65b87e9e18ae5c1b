import type { Language } from '../src/core/code/refs.js';
import { FIND_BATCH } from '../src/core/generate/find.js';
import type { LiveOracle } from '../src/live/live-oracle.js';
import { articleInputs } from './article.js';
import { batchedRate, perTrialRate, type Rate } from './rates.js';
import { roundTo, type Samples, samples } from './stats.js';

/** The article's candidate and reference in both languages (examples/code/max-subarray*). */
export interface BothLanguages {
  js: { candidate: string; reference: string };
  py: { candidate: string; reference: string };
}

/** Section 9 for one environment: Python through Pyodide next to JavaScript. */
export interface PythonReport {
  environment: 'node' | 'chromium';
  /**
   * From asking for a Python oracle to its first verdict (ms): the first time in a fresh page or
   * process (in the page: the runtime downloaded from the site), then again with the runtime's
   * files already there (new sandboxes start it again).
   */
  firstResult: { cold: number; warm: Samples };
  /** The same for JavaScript, for scale. */
  firstResultJs: Samples;
  /** Calls per second, one trial per round trip, and in the search's batches. */
  python: { perTrial: Rate; batched: Rate };
  js: { perTrial: Rate; batched: Rate };
  /** Python's rate over JavaScript's. */
  ratios: { perTrial: number; batched: number };
  /** Both languages gave the same verdicts on every input measured. */
  agrees: boolean;
}

/** Inputs per-trial runs judge (each a round trip to both sandboxes). */
const PER_TRIAL_INPUTS = 500;

/**
 * Measures Python next to JavaScript with live oracles made by `createOracle` (Node processes or
 * browser workers): the time to the first verdict, cold and warm, and the rates on the article's
 * inputs (the 4452 of the seed 1103 search).
 */
export async function measurePythonOracle(
  environment: PythonReport['environment'],
  code: BothLanguages,
  createOracle: (language: Language, code: { candidate: string; reference: string }) => LiveOracle,
  runs: number,
): Promise<PythonReport> {
  const inputs = articleInputs();
  const first = async (language: 'js' | 'py') => {
    const started = performance.now();
    const oracle = createOracle(language, code[language]);
    try {
      await oracle.judge(inputs[0] as number[]);
      return performance.now() - started;
    } finally {
      oracle.dispose();
    }
  };
  const cold = await first('py');
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await first('py'));
  const js: number[] = [];
  for (let i = 0; i < runs; i++) js.push(await first('js'));

  const rates = async (language: 'js' | 'py') => {
    const oracle = createOracle(language, code[language]);
    try {
      const errors = await oracle.load();
      if (errors.length > 0)
        throw new Error(`the ${language} code does not load: ${errors[0]?.message}`);
      const verdicts = (await oracle.judgeBatch(inputs)).map((v) => v.outcome).join();
      return {
        verdicts,
        perTrial: await perTrialRate(oracle, inputs.slice(0, PER_TRIAL_INPUTS), runs),
        batched: await batchedRate(oracle, inputs, FIND_BATCH, runs),
      };
    } finally {
      oracle.dispose();
    }
  };
  const python = await rates('py');
  const javascript = await rates('js');
  const ratio = (a: Rate, b: Rate) => roundTo(a.callsPerSecond / b.callsPerSecond, 3);
  return {
    environment,
    firstResult: { cold: roundTo(cold, 0), warm: samples(warm, 0) },
    firstResultJs: samples(js, 0),
    python: { perTrial: python.perTrial, batched: python.batched },
    js: { perTrial: javascript.perTrial, batched: javascript.batched },
    ratios: {
      perTrial: ratio(python.perTrial, javascript.perTrial),
      batched: ratio(python.batched, javascript.batched),
    },
    agrees: python.verdicts === javascript.verdicts,
  };
}

/** The table rows of section 9. */
export function pythonRows(
  report: PythonReport,
  n: (x: number, digits?: number) => string,
): string[][] {
  return [
    [
      `python ${report.environment}`,
      'first result cold / warm (JS)',
      `${n(report.firstResult.cold)} / ${n(report.firstResult.warm.median)} ms (${n(report.firstResultJs.median)} ms)`,
    ],
    [
      '',
      'per trial: Python / JS',
      `${n(report.python.perTrial.callsPerSecond)} / ${n(report.js.perTrial.callsPerSecond)} calls/s (${n(report.ratios.perTrial, 3)})`,
    ],
    [
      '',
      `batched ×${FIND_BATCH}: Python / JS`,
      `${n(report.python.batched.callsPerSecond)} / ${n(report.js.batched.callsPerSecond)} calls/s (${n(report.ratios.batched, 3)})${report.agrees ? '' : ' DISAGREE'}`,
    ],
  ];
}
