import { type Json, shapeOf } from '../../core/input/kinds.js';
import { showInput } from '../../core/input/show.js';
import { toUnits } from '../../core/input/units.js';
import { filesOf, folderOf } from '../../core/isolate/folders.js';
import {
  type HunkUnit,
  hunkLabel,
  hunkPlace,
  hunksText,
  isHunkUnit,
} from '../../core/isolate/hunks.js';
import type { SessionConfig } from '../../core/session/config.js';
import { clipText } from '../../core/text/clip.js';
import { unifiedDiff } from './unified.js';

/**
 * How an isolation's inputs are shown, by what they are: a value given to code, a file's text,
 * a folder's files (see `isolate/folders.ts`), or hunks of a git diff (see `isolate/hunks.ts`).
 * One view serves `isolate` and `replay` alike: it reads the session's config, nothing else.
 */
export interface IsolationView {
  /** A side (or a start) in the JSON output, of the input's type. */
  side(input: Json): unknown;
  /** One unit of an edit in the JSON output. */
  unit(unit: Json): unknown;
  /** A side in one line of the text drawing (clipped; escaped by the drawing). */
  line(input: Json): string;
  /** What a developer reads the difference as: a unified diff of the passing side to the failing one. */
  patch?(pass: Json, fail: Json, added: readonly Json[]): string;
  /** What the JSON output says of the difference's units besides the edits. */
  named?(units: readonly Json[]): Record<string, unknown>;
}

/** The view of a session's inputs. */
export function viewOf(config: SessionConfig): IsolationView {
  const command = config.code.command;
  if (command?.tree === 'folder') return FOLDER;
  if (command?.tree === 'git') return GIT;
  const plain: IsolationView = {
    side: (input) => input,
    unit: (unit) => unit,
    line: (input) => clipText(showInput(input)),
  };
  if (config.changes) {
    // Two versions of the candidate's source: the difference reads as a patch of the code.
    return {
      ...plain,
      patch: (pass, fail) =>
        unifiedDiff('a/candidate', 'b/candidate', pass as string, fail as string),
    };
  }
  if (!command) return plain;
  return {
    ...plain,
    patch: (pass, fail) =>
      unifiedDiff(`a/${command.name}`, `b/${command.name}`, pass as string, fail as string),
  };
}

/** The units of an input (its elements, or its string's pieces by the config's split). */
export function unitsOf(input: Json, config: SessionConfig): Json[] {
  return toUnits(input, shapeOf(config));
}

const FOLDER: IsolationView = {
  side: (input) => Object.fromEntries(folderOf(input as Json[])),
  unit: (unit) => unit,
  line: (input) => {
    const files = [...folderOf(input as Json[])].map(([path, text]) => `${path} (${lines(text)})`);
    return clipText(`${files.length} file${files.length === 1 ? '' : 's'}: ${files.join(', ')}`);
  },
  patch: (pass, fail) => {
    const [before, after] = [folderOf(pass as Json[]), folderOf(fail as Json[])];
    const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
    return paths
      .filter((path) => before.get(path) !== after.get(path))
      .map((path) => {
        const [old, now] = [before.get(path), after.get(path)];
        return unifiedDiff(
          old === undefined ? '/dev/null' : `a/${path}`,
          now === undefined ? '/dev/null' : `b/${path}`,
          old ?? '',
          now ?? '',
        );
      })
      .join('');
  },
  named: (units) => ({ files: filesOf(units) }),
};

const GIT: IsolationView = {
  side: (input) => hunks(input).map(hunkLabel),
  unit: (unit) => (isHunkUnit(unit) ? { ...hunkPlace(unit), hunk: unit.hunk } : unit),
  line: (input) => {
    const labels = hunks(input).map(hunkLabel);
    return clipText(`${labels.length} hunk${labels.length === 1 ? '' : 's'}: ${labels.join(', ')}`);
  },
  patch: (_pass, _fail, added) => hunksText(hunks(added as Json)),
  named: (units) => ({ hunks: hunks(units as Json).map(hunkLabel) }),
};

/** The hunk units of an input of a git isolation. */
function hunks(input: Json): HunkUnit[] {
  return (input as unknown[]).filter(isHunkUnit);
}

/** A text's size in lines, as a person counts them. */
function lines(text: string): string {
  const count = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return `${count} line${count === 1 ? '' : 's'}`;
}
