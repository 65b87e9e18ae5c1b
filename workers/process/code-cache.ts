import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** Where V8's code cache of a script is kept: beside it. */
export function codeCacheOf(file: string): string {
  return file.replace(/\.c?js$/, '.code-cache');
}

/**
 * A script compiled with V8's code cache of it when the build left one beside it: the process
 * then skips parsing and compiling what the cache holds. A cache that is missing, or that V8
 * rejects (another Node, other V8 flags, another build), only costs that time back: the script
 * is then compiled from its source. V8 checks a cache against its script's length alone, so a
 * build makes the two together (see scripts/bundle-cli.js).
 */
export function compileCached(file: string, source = readFileSync(file, 'utf8')): Script {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(codeCacheOf(file));
  } catch {
    // no cache beside it: compiled from the source
  }
  return new Script(source, { filename: file, cachedData });
}

/** A CommonJS module compiled with its code cache, and the running of its top level. */
export interface CachedModule {
  script: Script;
  /** Runs the module's top level (once); returns its exports. */
  run(): Record<string, unknown>;
}

/**
 * A CommonJS module (a bundle) compiled as Node would wrap it, with V8's code cache of it (see
 * {@link compileCached}); its `require` resolves from its own folder.
 */
export function compileModule(file: string): CachedModule {
  const source = readFileSync(file, 'utf8');
  const script = compileCached(
    file,
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
  );
  let exports: Record<string, unknown> | undefined;
  return {
    script,
    run() {
      if (!exports) {
        const module = { exports: {} as Record<string, unknown> };
        const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
        wrapper(module.exports, createRequire(file), module, file, dirname(file));
        exports = module.exports;
      }
      return exports;
    },
  };
}
