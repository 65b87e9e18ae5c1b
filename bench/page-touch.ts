import { type Samples, samples } from './stats.js';

/** What writing to memory costs here, per 4 KiB page (µs). */
export interface PageTouch {
  /** The first write to each page of a fresh buffer: the page is mapped in then. */
  firstUs: Samples;
  /** A second write to the same pages, already mapped: the loop's own cost. */
  againUs: Samples;
}

const PAGE = 4096;
/** Large enough that the buffer comes straight from the system (fresh, unmapped pages). */
const BYTES = 64 * 1024 * 1024;

/**
 * Times a first and a second write to every page of fresh 64 MiB buffers. Starting a process or
 * a worker maps tens of MB of new memory, so where a first write costs microseconds a page (a
 * virtual machine whose memory is backed on first touch), start-up costs grow with it, while a
 * loop that allocates little (CPython's checks) does not: the budgets that include a start are
 * read beside this number.
 */
export function measurePageTouch(runs = 5): PageTouch {
  const pages = BYTES / PAGE;
  const first: number[] = [];
  const again: number[] = [];
  touchAll(new Uint8Array(PAGE * 64), 1); // the loop compiled before it is timed
  for (let r = 0; r < runs; r++) {
    const bytes = new Uint8Array(BYTES);
    const t0 = performance.now();
    touchAll(bytes, 1);
    const t1 = performance.now();
    touchAll(bytes, 2);
    const t2 = performance.now();
    first.push(((t1 - t0) * 1000) / pages);
    again.push(((t2 - t1) * 1000) / pages);
  }
  return { firstUs: samples(first, 2), againUs: samples(again, 3) };
}

function touchAll(bytes: Uint8Array, value: number): void {
  for (let i = 0; i < bytes.length; i += PAGE) bytes[i] = value;
}
