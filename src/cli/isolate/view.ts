import { type Json, shapeOf } from '../../core/input/kinds.js';
import { showInput } from '../../core/input/show.js';
import { toUnits } from '../../core/input/units.js';
import {
  type Entry,
  filesOf,
  folderOf,
  PLAIN_MODE,
  sameEntry,
} from '../../core/isolate/folders.js';
import {
  type HunkUnit,
  hunkLabel,
  hunkPlace,
  hunkShown,
  hunksShown,
  hunksText,
  isHunkUnit,
} from '../../core/isolate/hunks.js';
import type { IsolatingTask } from '../../core/session/config.js';
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
  /** That diff as the bytes to print, where they may not be UTF-8 (a git diff's, byte for byte). */
  patchBytes?(added: readonly Json[]): Uint8Array;
  /** What the JSON output says of the difference's units besides the edits. */
  named?(units: readonly Json[]): Record<string, unknown>;
}

/** The view of a session's inputs. */
export function viewOf(config: IsolatingTask): IsolationView {
  const command = config.code.command;
  if (command?.tree === 'folder') return FOLDER;
  if (command?.tree === 'git') return GIT;
  const plain: IsolationView = {
    side: (input) => input,
    unit: (unit) => unit,
    line: (input) => clipText(showInput(input)),
  };
  if (config.task === 'changes' || config.task === 'history') {
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
export function unitsOf(input: Json, config: IsolatingTask): Json[] {
  return toUnits(input, shapeOf(config));
}

const FOLDER: IsolationView = {
  side: (input) =>
    Object.fromEntries([...folderOf(input as Json[])].map(([path, entry]) => [path, shown(entry)])),
  unit: (unit) => unit,
  line: (input) => {
    const entries = [...folderOf(input as Json[])].map(
      ([path, entry]) => `${path} (${described(entry)})`,
    );
    return clipText(
      `${entries.length} file${entries.length === 1 ? '' : 's'}: ${entries.join(', ')}`,
    );
  },
  patch: (pass, fail) => {
    const [before, after] = [folderOf(pass as Json[]), folderOf(fail as Json[])];
    const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
    return paths
      .filter((path) => !sameEntry(before.get(path), after.get(path)))
      .map((path) => entryPatch(path, before.get(path), after.get(path)))
      .join('');
  },
  named: (units) => ({ files: filesOf(units) }),
};

/** An entry in the JSON output: a file of the plain mode as its text, else what it holds. */
function shown(entry: Entry): unknown {
  if (entry.type === 'folder') return { folder: true };
  if (entry.type === 'link') return { link: entry.target };
  if (entry.text !== undefined && (entry.mode ?? PLAIN_MODE) === PLAIN_MODE) return entry.text;
  return {
    ...(entry.text !== undefined ? { text: entry.text } : {}),
    mode: entry.mode ?? PLAIN_MODE,
  };
}

/** An entry in a few words, for the text drawing. */
function described(entry: Entry): string {
  if (entry.type === 'folder') return 'an empty folder';
  if (entry.type === 'link') return `a link to ${entry.target}`;
  const mode = (entry.mode ?? PLAIN_MODE) === PLAIN_MODE ? '' : `mode ${entry.mode}`;
  if (entry.text === undefined) return mode || `mode ${PLAIN_MODE}`;
  return mode ? `${lines(entry.text)}, ${mode}` : lines(entry.text);
}

/**
 * One path's change as git writes it: its modes (`old mode`, `new mode`, a link's `120000`) when
 * they are not a plain file's, an empty folder as `diff -r` says it (`Only in b: logs/`), and a
 * unified diff of the texts (of a link, its target).
 */
function entryPatch(path: string, old: Entry | undefined, now: Entry | undefined): string {
  const [a, b] = [
    old?.type === 'folder' ? undefined : (old ?? bytesAlike(now)),
    now?.type === 'folder' ? undefined : (now ?? bytesAlike(old)),
  ];
  let head =
    old?.type === 'folder'
      ? `Only in a: ${path}/\n`
      : now?.type === 'folder'
        ? `Only in b: ${path}/\n`
        : '';
  const [from, to] = [a && gitMode(a), b && gitMode(b)];
  const plain = `100${PLAIN_MODE}`;
  const modes =
    from && to
      ? from === to
        ? ''
        : `old mode ${from}\nnew mode ${to}\n`
      : to && to !== plain
        ? `new file mode ${to}\n`
        : from && from !== plain
          ? `deleted file mode ${from}\n`
          : '';
  if (modes) head += `diff --git a/${path} b/${path}\n${modes}`;
  const [before, after] = [a && contentOf(a), b && contentOf(b)];
  if (before === after) return head;
  return (
    head +
    unifiedDiff(
      before === undefined ? '/dev/null' : `a/${path}`,
      after === undefined ? '/dev/null' : `b/${path}`,
      before ?? '',
      after ?? '',
    )
  );
}

/**
 * A file whose bytes are alike in both versions is in both: where a side has no unit of it (no
 * mode unit), it has the plain mode.
 */
function bytesAlike(other: Entry | undefined): Entry | undefined {
  return other?.type === 'file' && other.text === undefined ? { type: 'file' } : undefined;
}

/** A file's or a link's mode as git writes it. */
function gitMode(entry: Entry): string {
  const mode = entry.type === 'file' ? (entry.mode ?? PLAIN_MODE) : '0';
  return entry.type === 'link' ? '120000' : (0o100000 | Number.parseInt(mode, 8)).toString(8);
}

/** What a unified diff shows of an entry: a file's text, a link's target. */
function contentOf(entry: Entry): string {
  return entry.type === 'link' ? entry.target : entry.type === 'file' ? (entry.text ?? '') : '';
}

const GIT: IsolationView = {
  side: (input) => hunks(input).map(hunkLabel),
  unit: (unit) => (isHunkUnit(unit) ? { ...hunkPlace(unit), hunk: hunkShown(unit) } : unit),
  line: (input) => {
    const labels = hunks(input).map(hunkLabel);
    return clipText(`${labels.length} hunk${labels.length === 1 ? '' : 's'}: ${labels.join(', ')}`);
  },
  patch: (_pass, _fail, added) => hunksShown(hunks(added as Json)),
  patchBytes: (added) => hunksText(hunks(added as Json)),
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
