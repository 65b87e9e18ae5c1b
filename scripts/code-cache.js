// Makes V8's code cache of a bundle (run by scripts/bundle-cli.js): `sandbox` for the JavaScript
// sandbox's script (with the sandbox's V8 flags and an IPC channel, as a sandbox process has;
// the script runs as at a sandbox's start, so what a start compiles is kept too), `cli` for the
// command (its top level runs, as at every command's start).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeCacheOf, compileModule } from '../dist/workers/process/code-cache.js';
import { compileSandboxScript } from '../dist/workers/process/sandbox-script.js';

const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
const which = process.argv[2];
if (which === 'sandbox') {
  const file = dist('sandbox.script.js');
  const script = compileSandboxScript(file);
  script.runInThisContext();
  writeFileSync(codeCacheOf(file), script.createCachedData());
} else if (which === 'cli') {
  const file = dist('cli/main.cjs');
  const module = compileModule(file);
  module.run();
  writeFileSync(codeCacheOf(file), module.script.createCachedData());
} else {
  throw new Error(`code-cache.js: sandbox or cli, not ${which}`);
}
process.exit(0);
