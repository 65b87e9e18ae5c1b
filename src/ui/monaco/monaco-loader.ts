/**
 * Loads Monaco on demand, once. Nothing here is in the first paint: the editor API, the
 * JavaScript/TypeScript language service and their workers arrive in lazy chunks.
 */
import type * as Monaco from 'monaco-editor/editor/editor.main';

export type { Monaco };

let loading: Promise<typeof Monaco> | null = null;

/** The Monaco API, loading it the first time. */
export function loadMonaco(): Promise<typeof Monaco> {
  loading ??= load();
  return loading;
}

async function load(): Promise<typeof Monaco> {
  // editor.main: the editor with its contributions (suggestions, hovers, find, folding…);
  // editor.api alone lacks them, and editors created later then fail to find their services.
  const [monaco, EditorWorker, TsWorker] = await Promise.all([
    import('monaco-editor/editor/editor.main'),
    import('monaco-editor/editor/editor.worker?worker').then((m) => m.default),
    import('monaco-editor/languages/features/typescript/ts.worker?worker').then((m) => m.default),
  ]);
  const { typescript } = monaco;
  (self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
    getWorker: (_id: string, label: string) =>
      label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker(),
  };
  // Every editor is a module of its own: the candidate's and the reference's functions must not
  // collide as globals (moduleDetection: force).
  for (const defaults of [typescript.typescriptDefaults, typescript.javascriptDefaults]) {
    defaults.setCompilerOptions({
      target: typescript.ScriptTarget.ES2020,
      allowNonTsExtensions: true,
      moduleDetection: 3,
      strict: true,
      noEmit: true,
    });
  }
  return monaco;
}

/** Monaco's theme for the system's colour scheme. */
export function systemTheme(): 'vs' | 'vs-dark' {
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs';
}
