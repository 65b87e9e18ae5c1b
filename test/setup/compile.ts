import { execFileSync } from 'node:child_process';

/**
 * Compiles core, workers and CLI to dist/ and bundles the command and its sandbox before the unit
 * tests: the sandbox processes and the `deltalab` command run compiled JavaScript, and must run
 * the code under test, not an old build.
 */
export default function compile(): void {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.cli.json'], {
    stdio: 'inherit',
  });
  execFileSync(process.execPath, ['scripts/bundle-cli.js'], { stdio: 'inherit' });
}
