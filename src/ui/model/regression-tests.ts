import type { Runtime } from '../../core/code/runtimes/registry.js';
import type { RunSummary } from '../../core/run/run.js';
import type { MessageKey } from '../i18n/en.js';
import { fileName } from '../io/download.js';
import { regressionTest } from './regression-test.js';
import { pythonRegressionTest } from './regression-test-py.js';
import type { Workspace } from './workspace.js';

/** How a finished reduction is exported as a regression test of code in a runtime. */
export interface RegressionTestExport {
  /** The test's text. */
  write(workspace: Workspace, summary: RunSummary): string;
  /** The file the test is downloaded as, named after the lesson. */
  file(lesson: string): string;
  /** The export's title on the page. */
  title: MessageKey;
  /** The file's media type. */
  type: string;
}

/**
 * The regression test of each runtime's code (the page's table of runtimes for its exports): a
 * Vitest test of JavaScript or TypeScript code, a pytest test of Python code.
 */
export const REGRESSION_TESTS: Readonly<Record<Runtime, RegressionTestExport>> = {
  js: {
    write: regressionTest,
    file: (lesson) => fileName(lesson, 'candidate', '.regression.test.js'),
    title: 'export.test',
    type: 'text/javascript',
  },
  py: {
    write: pythonRegressionTest,
    file: (lesson) =>
      `test_${fileName(lesson, 'candidate', '_regression.py').replaceAll('-', '_')}`,
    title: 'export.pytest',
    type: 'text/x-python',
  },
};
