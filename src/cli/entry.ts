import { fileURLToPath } from 'node:url';
import { compileModule } from '../../workers/node/code-cache.js';
import type { main as Main } from './main.js';

// The `deltalab` command's entry, bundled to `dist/cli/deltalab.cjs` (bin/deltalab.js runs it):
// the command itself is one CommonJS bundle (`dist/cli/main.cjs`), run here compiled with the V8
// code cache the build made of it, so a command neither parses nor compiles most of what it
// loads, and Node's ES module loader never starts.
const { main } = compileModule(fileURLToPath(new URL('main.cjs', import.meta.url))).run() as {
  main: typeof Main;
};
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
