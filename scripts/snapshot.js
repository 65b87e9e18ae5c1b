#!/usr/bin/env node
// `npm run test:snapshot [filter]` replays the committed scenarios; `--record` re-records them
// live with real workers (never run by CI). The filter selects scenarios by name.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const record = args.includes('--record');
const filter = args.filter((arg) => arg !== '--record');
if (record) spawnSync('npm', ['run', 'prepare'], { stdio: 'inherit' });
const vitest = [
  'vitest',
  'run',
  '--project',
  'snapshot',
  ...(filter.length ? ['-t', filter.join('|')] : []),
];
const { status } = spawnSync('npx', vitest, {
  stdio: 'inherit',
  env: { ...process.env, ...(record ? { DELTALAB_RECORD: '1' } : {}) },
});
process.exit(status ?? 1);
