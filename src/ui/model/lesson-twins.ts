/**
 * The lessons' code files in other languages than English (`code/trap/outcome.zh.js`): the same
 * code with translated comments (see `core/code/twins.ts`). Loaded on demand by `lessons.ts`.
 */
export const TWINS: Record<string, string> = import.meta.glob<string>(
  '/examples/code/**/*.zh.{js,py}',
  { eager: true, query: '?raw', import: 'default' },
);
