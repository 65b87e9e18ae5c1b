import { fileURLToPath } from 'node:url';
import { compileSandboxScript } from './sandbox-script.js';

// The entry of a JavaScript sandbox process, bundled to `dist/sandbox.child.cjs`: it runs the
// sandbox's script (`dist/sandbox.script.js`, the bundle of sandbox.child.ts) compiled with the
// code cache the build made of it. A CommonJS entry also spares the process Node's ES module
// loader.
compileSandboxScript(
  fileURLToPath(new URL('sandbox.script.js', import.meta.url)),
).runInThisContext();
