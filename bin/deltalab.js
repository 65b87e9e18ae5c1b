#!/usr/bin/env node
// The `deltalab` command: compiled JavaScript from dist/ (built by `npm ci` via `prepare`).
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
