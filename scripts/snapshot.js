#!/usr/bin/env node
// `npm run test:snapshot [filter…]` replays the committed scenarios; `--record` re-records them
// live with real workers (never run by CI). A filter selects scenarios by name: the scenario of
// that exact name, else every scenario whose name contains it. A filter that selects nothing is
// an error, not a green run of nothing. The fixture guard is cheap and runs with any filter.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', 'examples');
const names = readdirSync(examples, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(examples, entry.name, 'input.json')))
  .map((entry) => entry.name)
  .sort();

const args = process.argv.slice(2);
const record = args.includes('--record');
const filters = args.filter((arg) => arg !== '--record');
const selected = new Set();
for (const filter of filters) {
  const matches = names.includes(filter) ? [filter] : names.filter((name) => name.includes(filter));
  if (matches.length === 0) {
    console.error(`no scenario matches "${filter}"; scenarios: ${names.join(', ')}`);
    process.exit(2);
  }
  for (const name of matches) selected.add(name);
}

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Vitest matches `-t` against a test's full name: file, describe blocks and test, space-joined.
// A scenario's tests sit in `scenario <name>`; the trailing space keeps `article` from also
// selecting `article-ddmin`.
const pattern = `scenario (?:${[...selected].map(literal).join('|')}) |fixture guard`;
if (record) spawnSync('npm', ['run', 'prepare'], { stdio: 'inherit' });
const vitest = [
  'vitest',
  'run',
  '--project',
  'snapshot',
  ...(filters.length ? ['-t', pattern] : []),
];
const { status } = spawnSync('npx', vitest, {
  stdio: 'inherit',
  env: { ...process.env, ...(record ? { DELTALAB_RECORD: '1' } : {}) },
});
process.exit(status ?? 1);
