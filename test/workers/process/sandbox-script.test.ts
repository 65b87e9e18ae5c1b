import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheOf } from '../../../workers/process/code-cache.js';
import { compileSandboxScript, SANDBOX_V8_FLAGS } from '../../../workers/process/sandbox-script.js';

/** The sandbox's script as `npm run prepare` (run by `npm run test:unit`) leaves it. */
const SCRIPT = fileURLToPath(new URL('../../../dist/sandbox.script.js', import.meta.url));
const COMPILED = new URL('../../../dist/workers/process/sandbox-script.js', import.meta.url);

/** Whether V8 rejects the code cache in a process started with `flags` (compiling only). */
function rejectedWith(flags: readonly string[]): unknown {
  const code = `const { compileSandboxScript } = await import(${JSON.stringify(COMPILED.href)});
const script = compileSandboxScript(${JSON.stringify(SCRIPT)});
console.log(JSON.stringify(script.cachedDataRejected ?? 'no cache'));`;
  const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', code], {
    env: {},
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

describe("the sandbox script's code cache", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('is made by the build and taken by a process with the sandbox flags', () => {
    expect(
      rejectedWith([...SANDBOX_V8_FLAGS, '--experimental-permission', '--allow-fs-read=*']),
    ).toBe(false);
  });

  it('is rejected, not misused, by a process with other V8 flags', () => {
    expect(rejectedWith(['--max-old-space-size=100'])).toBe(true);
  });

  it('lets the script compile from its source when it is missing or broken', () => {
    dir = mkdtempSync(join(tmpdir(), 'deltalab-script-'));
    // Each copy differs by a comment: this process's own compilation cache would otherwise
    // answer the second compile without looking at the code cache.
    const copy = (name: string) => {
      const file = join(dir as string, name);
      writeFileSync(file, `${readFileSync(SCRIPT, 'utf8')}\n// ${name}\n`);
      return file;
    };
    expect(compileSandboxScript(copy('missing.js')).cachedDataRejected).toBeUndefined();
    const broken = copy('broken.js');
    writeFileSync(codeCacheOf(broken), 'not a code cache');
    expect(compileSandboxScript(broken).cachedDataRejected).toBe(true);
  });
});
