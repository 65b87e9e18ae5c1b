import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** The query that asks for a lesson's `input.json` without its text. */
const QUERY = '?summary';

/**
 * Serves `examples/<name>/input.json?summary`: the scenario without its `lesson` text, which
 * only an opened lesson shows. The page imports every lesson's summary eagerly (the gallery and
 * the first paint need them) and each lesson's text on demand, so the texts of all lessons in
 * both languages stay out of the first paint.
 */
export function lessonSummary(): Plugin {
  return {
    name: 'deltalab-lesson-summary',
    load: {
      // Filtered by the bundler itself: the hook is not called for any other module.
      filter: { id: /\/input\.json\?summary$/ },
      async handler(id) {
        if (!id.endsWith(`/input.json${QUERY}`)) return null;
        const path = id.slice(0, -QUERY.length);
        this.addWatchFile(path);
        const { lesson: _text, ...summary } = JSON.parse(await readFile(path, 'utf8'));
        return `export default ${JSON.stringify(summary)};`;
      },
    },
  };
}
