// Makes V8's code cache of the JavaScript sandbox's script (run by scripts/bundle-cli.js, with the
// sandbox's V8 flags and an IPC channel, as a sandbox process has). The script runs as in a
// sandbox's start, so the functions a start calls are compiled and kept too.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeCacheOf, compileSandboxScript } from '../dist/workers/node/sandbox-script.js';

const file = fileURLToPath(new URL('../dist/sandbox.script.js', import.meta.url));
const script = compileSandboxScript(file);
script.runInThisContext();
writeFileSync(codeCacheOf(file), script.createCachedData());
process.exit(0);
