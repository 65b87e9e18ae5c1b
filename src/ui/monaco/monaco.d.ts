// Vite's `?worker` imports of Monaco's workers.
declare module 'monaco-editor/editor/editor.worker?worker' {
  const Worker: new () => globalThis.Worker;
  export default Worker;
}
declare module 'monaco-editor/languages/features/typescript/ts.worker?worker' {
  const Worker: new () => globalThis.Worker;
  export default Worker;
}
// Monaco's full editor entry (the editor with its contributions) ships without its own types:
// it is editor.api plus the language services, `typescript` among them.
declare module 'monaco-editor/editor/editor.main' {
  export * from 'monaco-editor/editor/editor.api';
  export * as typescript from 'monaco-editor/languages/features/typescript/register';
}
