// Vite's `?worker` imports of Monaco's workers.
declare module 'monaco-editor/editor/editor.worker?worker' {
  const Worker: new () => globalThis.Worker;
  export default Worker;
}
declare module 'monaco-editor/languages/features/typescript/ts.worker?worker' {
  const Worker: new () => globalThis.Worker;
  export default Worker;
}
