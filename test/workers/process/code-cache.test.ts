import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheOf, compileModule } from '../../../workers/process/code-cache.js';

/** The command's bundle as `npm run prepare` (run by `npm run test:unit`) leaves it. */
const MAIN = fileURLToPath(new URL('../../../dist/cli/main.cjs', import.meta.url));
const COMPILED = new URL('../../../dist/workers/process/code-cache.js', import.meta.url);

describe('compileModule', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('runs a CommonJS module once, its require resolving from its own folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'deltalab-module-'));
    writeFileSync(join(dir, 'helper.cjs'), 'module.exports = { twice: (x) => 2 * x };');
    const file = join(dir, 'main.cjs');
    writeFileSync(
      file,
      `const { twice } = require('./helper.cjs');
globalThis.__deltalabRuns = (globalThis.__deltalabRuns ?? 0) + 1;
exports.answer = twice(21);
exports.file = __filename;`,
    );
    const module = compileModule(file);
    expect(module.script.cachedDataRejected).toBeUndefined(); // no cache beside it
    expect(module.run()).toEqual({ answer: 42, file });
    expect(module.run()).toEqual({ answer: 42, file });
    expect((globalThis as { __deltalabRuns?: number }).__deltalabRuns).toBe(1);
    // A broken cache is rejected, and the module still runs (another source: this process's
    // own compilation cache would answer the same one without looking at the code cache).
    const other = join(dir, 'other.cjs');
    writeFileSync(other, 'exports.answer = 43;');
    writeFileSync(codeCacheOf(other), 'not a code cache');
    const broken = compileModule(other);
    expect(broken.script.cachedDataRejected).toBe(true);
    expect(broken.run()).toEqual({ answer: 43 });
  });

  it("takes the code cache the build made of the command's bundle, in a plain node process", () => {
    const code = `const { compileModule } = await import(${JSON.stringify(COMPILED.href)});
console.log(JSON.stringify(compileModule(${JSON.stringify(MAIN)}).script.cachedDataRejected ?? 'no cache'));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      env: {},
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toBe(false);
  });
});
