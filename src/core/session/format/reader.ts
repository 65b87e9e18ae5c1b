import { LIMITS } from '../../limits.js';
import { type Problem, problemText } from '../../text/problems.js';
import type { EndEvent, Header, Session, SessionEvent } from '../events.js';
import { type StoredConfig, taskConfig } from '../task.js';
import { LimitError } from './limit-error.js';
import { type Row, unpackRow } from './pack.js';
import { SessionState } from './state.js';
import { asRow, headerProblem, type RowRules, rowProblem, rowRules } from './validate.js';

/**
 * A session text that cannot be read: where and why. Past one of the readers' limits, `problem`
 * names it (to be put in any language).
 */
export class SessionFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    readonly column?: number,
    readonly problem?: Problem,
  ) {
    super(`line ${line}${column !== undefined ? `, column ${column}` : ''}: ${reason}`);
    this.name = 'SessionFormatError';
  }
}

/**
 * Reads a session line by line from chunks of text, so a large file can stream in without
 * freezing a page. Raw and packed rows are both accepted; packed rows are expanded into events.
 * Nothing is shared with the caller until {@link end} returns, so a rejected file changes no
 * state.
 */
export class SessionReader {
  #buffer = '';
  #line = 0;
  #header: Header | null = null;
  #state: SessionState | null = null;
  #rules: RowRules | null = null;
  readonly #events: SessionEvent[] = [];
  readonly #lines: number[] = [];
  #nextSeq = 1;

  /** Lines read so far. */
  get lines(): number {
    return this.#line;
  }

  /** Feeds a chunk of text; complete lines are parsed at once. */
  push(chunk: string): void {
    // A line that does not end is refused as soon as it is too long, not once it is all in. Its
    // length is counted from the chunks: reading the text it is building anew for each chunk
    // would cost the square of its length.
    const last = chunk.lastIndexOf('\n');
    const open = last < 0 ? this.#buffer.length + chunk.length : chunk.length - (last + 1);
    if (open > LIMITS.lineChars) this.#refuse(this.#line + 1, lineTooLong(open));
    if (last < 0) {
      this.#buffer += chunk;
      return;
    }
    const text = this.#buffer + chunk;
    let start = 0;
    let newline = text.indexOf('\n', this.#buffer.length);
    while (newline >= 0) {
      const line = text.slice(start, newline);
      this.#read(line.endsWith('\r') ? line.slice(0, -1) : line, false);
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    this.#buffer = text.slice(start);
  }

  /** Ends the input and returns the session. */
  end(): Session {
    if (this.#buffer.length > 0) this.#read(this.#buffer, true);
    this.#buffer = '';
    if (!this.#header) throw new SessionFormatError(1, 'no header: the file is empty');
    return { header: this.#header, events: this.#events, lines: this.#lines };
  }

  #read(text: string, last: boolean): void {
    const line = ++this.#line;
    if (text.length > LIMITS.lineChars) this.#refuse(line, lineTooLong(text.length));
    if (tooDeep(text, LIMITS.depth)) {
      this.#refuse(line, { code: 'session.too-deep', values: { max: LIMITS.depth } });
    }
    if (text.trim() === '') throw new SessionFormatError(line, 'empty line');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      const column = columnOf(message);
      // A last line without its newline that breaks off at its end was cut short; one that
      // breaks earlier is just bad JSON.
      if (last && (column === undefined || column > text.length)) {
        throw new SessionFormatError(line, 'truncated: the file ends in the middle of this line');
      }
      throw new SessionFormatError(line, `bad JSON: ${message}`, column);
    }
    if (!this.#header) {
      const problem = headerProblem(value);
      if (problem) throw new SessionFormatError(line, problem);
      // Files store the config without its task (see `StoredConfig`).
      const stored = value as Omit<Header, 'config'> & { config: StoredConfig };
      this.#header = { ...stored, config: taskConfig(stored.config) };
      this.#state = new SessionState(this.#header);
      this.#rules = rowRules(this.#header);
      return;
    }
    const problem = rowProblem(value, this.#rules as RowRules);
    if (problem) throw new SessionFormatError(line, problem);
    const row: Row = asRow(value);
    if (row.seq !== this.#nextSeq) {
      throw new SessionFormatError(
        line,
        `sequence gap: expected seq ${this.#nextSeq}, found ${row.seq}`,
      );
    }
    let events: SessionEvent[];
    try {
      events = unpackRow(row, this.#state as SessionState);
    } catch (error) {
      if (error instanceof LimitError) this.#refuse(line, error.problem);
      throw new SessionFormatError(line, (error as Error).message);
    }
    for (const event of events) {
      if (event.type === 'end' && this.#header.config.task !== 'reduce') isolationEnd(event);
      this.#events.push(event);
      this.#lines.push(line);
    }
    const lastEvent = events.at(-1);
    if (lastEvent) this.#nextSeq = lastEvent.seq + 1;
  }

  #refuse(line: number, problem: Problem): never {
    throw new SessionFormatError(line, problemText(problem), undefined, problem);
  }
}

function lineTooLong(chars: number): Problem {
  return { code: 'session.line-long', values: { chars, max: LIMITS.lineChars } };
}

/**
 * Whether JSON text nests arrays and objects more than `max` deep, by one pass over it (before
 * any parsing: deep values overflow the stacks of what later walks them).
 */
export function tooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: skip what it escapes
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Reads a whole session text. Throws {@link SessionFormatError}. */
export function readSession(text: string): Session {
  const reader = new SessionReader();
  reader.push(text);
  return reader.end();
}

/**
 * The 1-based column a JSON.parse message points at, when the engine gives one: V8's
 * "at position 7" (0-based, sometimes followed by "(line 1 column 8)") and Firefox's
 * "at line 1 column 8 of the JSON data". Only the message's own ending counts: V8 quotes a
 * snippet of the text itself, which may contain the same words.
 */
function columnOf(message: string): number | undefined {
  const v8 = / at position (\d+)(?: \(line \d+ column (\d+)\))?$/.exec(message);
  if (v8) return v8[2] !== undefined ? Number(v8[2]) : Number(v8[1]) + 1;
  const firefox = / at line \d+ column (\d+) of the JSON data$/.exec(message);
  return firefox ? Number(firefox[1]) : undefined;
}

/**
 * An isolation's end as format 2.4 stores it: formats 2.1 to 2.3 named the header's reducer there,
 * though none ran, and stored the failing side as `reduced`.
 */
function isolationEnd(end: EndEvent): void {
  delete end.reducer;
  if (end.reduced !== undefined) {
    end.fail = end.reduced;
    delete end.reduced;
  }
}
