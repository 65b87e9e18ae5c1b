import {
  type VersionBisectResult,
  type VersionMark,
  versionBisect,
} from '../../src/core/history/version-bisect.js';

/** Runs a version bisection to its end against a synchronous `markOf`, with the tests it made. */
export function versionBisectSync(
  count: number,
  markOf: (version: number) => VersionMark,
): VersionBisectResult & { tested: Array<{ version: number; mark: VersionMark }> } {
  const tested: Array<{ version: number; mark: VersionMark }> = [];
  const steps = versionBisect(count);
  let next = steps.next();
  while (!next.done) {
    const mark = markOf(next.value);
    tested.push({ version: next.value, mark });
    next = steps.next(mark);
  }
  return { ...next.value, tested };
}
