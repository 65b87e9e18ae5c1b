import { fileURLToPath } from 'node:url';
import { compileModule } from '../../workers/process/code-cache.js';
import {
  SPARE_RUNTIME,
  type StartedSandbox,
  startSandboxProcess,
} from '../../workers/process/sandbox-process.js';
import type { main as Main } from './main.js';
import { exitOnSignals } from './signals.js';
import { sparesWanted } from './spares.js';

// The `deltalab` command's entry, bundled to `dist/cli/deltalab.cjs` (bin/deltalab.js runs it):
// the command itself is one CommonJS bundle (`dist/cli/main.cjs`), run here compiled with the V8
// code cache the build made of it, so a command neither parses nor compiles most of what it
// loads, and Node's ES module loader never starts. The sandbox processes the command line will
// want start first, so that their start overlaps the loading of that bundle: they are handed to
// the command in this same turn, before any of their events (or a signal's) can arrive.
exitOnSignals();
const args = process.argv.slice(2);
const started: StartedSandbox[] = [];
try {
  for (let i = sparesWanted(args[0], args.slice(1)); i > 0; i--) {
    started.push(startSandboxProcess(SPARE_RUNTIME));
  }
} catch {
  // No sandbox can start (DELTALAB_CONTAINMENT names what is not there): the command says so in
  // one line when its run asks for one.
}
const { main } = compileModule(fileURLToPath(new URL('main.cjs', import.meta.url))).run() as {
  main: typeof Main;
};
main(args, started).then((code) => {
  process.exitCode = code;
});
