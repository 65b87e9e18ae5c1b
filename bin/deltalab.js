#!/usr/bin/env node
// The `deltalab` command: compiled and bundled JavaScript in dist/ (built by `npm ci` via
// `prepare`).
import { main } from '../dist/cli/deltalab.mjs';

process.exitCode = await main(process.argv.slice(2));
