import { extname } from 'node:path';
import { INPUT_KINDS, isInputKind, namedKind } from '../../core/input/kinds.js';
import type { ChangesTask } from '../../core/session/config.js';
import { chooseCode } from '../code-options.js';
import { kindOf, parseJson, readInput } from '../input-options.js';
import { parseChase } from '../reduce/reduce-options.js';
import { UsageError } from '../usage-error.js';
import { CODE_FORM, isolationBudgets, modeOption, onlyOptions } from './isolate-options.js';

/** Help lines for the form that isolates a change of code (`--changes`). */
export const ISOLATE_CHANGES_HELP = `  --module NEW     today's module, whose candidate fails on the call (as for the form above)
  --changes OLD    yesterday's module, whose candidate passes on it: the units are the edits
                   between the two sources' lines; each trial's candidate is yesterday's
                   with some of them applied, loaded and called (one that does not load is
                   unresolved), judged against NEW's reference
  --call JSON      the input both versions are called with
  --kind K         the call's kind: ${INPUT_KINDS.join(' | ')}
                   (default: from --call)`;

/** The options of the changes form: the code form's, with a call instead of two inputs. */
const CHANGES_FORM = [
  ...CODE_FORM.filter((option) => !['fail', 'pass', 'split', 'jobs'].includes(option)),
  'changes',
  'call',
];

/**
 * The session config of `isolate --module NEW --changes OLD --call JSON` (the Debugging Book's
 * ChangeDebugger): the failing side is NEW's source and the passing side OLD's, both cut into
 * lines, each version judged on the call (see `ChangesOracle`).
 */
export function changesIsolation(values: Record<string, unknown>): ChangesTask {
  onlyOptions(values, CHANGES_FORM, '--changes');
  const old = values.changes as string;
  if (typeof values.module !== 'string') {
    throw new UsageError("--changes OLD needs --module NEW: today's module, the one that fails");
  }
  if (typeof values.call !== 'string') {
    throw new UsageError('give the call both versions are judged on: --call JSON');
  }
  if (extname(old) !== extname(values.module)) {
    throw new UsageError(`--changes ${old} and --module ${values.module} are not of one language`);
  }
  const chosen = chooseCode(values);
  const today = chosen.code.candidate;
  if (!today || !('source' in today) || chosen.code.reference === undefined) {
    throw new UsageError(`--module ${values.module} must define candidate(a) and reference(a)`);
  }
  const yesterday = readInput(old, '--changes').toString('utf8');
  const call = parseJson(values.call, '--call');
  const named = values.kind;
  if (named !== undefined && !isInputKind(named)) {
    throw new UsageError(`unknown --kind "${String(named)}"`);
  }
  const kind = named ?? kindOf(call, '--call');
  const base = chosen.scenario.config;
  return {
    task: 'changes',
    code: chosen.code,
    kind: 'string',
    split: 'lines',
    input: today.source,
    chase: typeof values.chase === 'string' ? parseChase(values.chase) : base.chase,
    ...isolationBudgets(values, base.budgets.callMs),
    isolate: { mode: modeOption(values.mode), pass: yesterday, replace: true },
    changes: { input: call, ...namedKind(kind) },
  };
}
