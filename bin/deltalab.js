#!/usr/bin/env node
// The `deltalab` command: compiled and bundled JavaScript in dist/ (built by `npm ci` via
// `prepare`). CommonJS (bin/package.json), as the bundle is: Node then starts no ES module
// loader.
require('../dist/cli/deltalab.cjs');
