/** The package version, injected by Vite. */
declare const __APP_VERSION__: string;

/** The size in bytes of the Python runtime's files, counted by Vite at build time. */
declare const __PYTHON_BYTES__: number;

declare module 'virtual:sandbox-source' {
  /** The sandbox worker's code, one self-contained classic script (scripts/sandbox-source.ts). */
  const source: string;
  export default source;
}

declare module 'virtual:python-source' {
  /** The Python sandbox worker's code, one self-contained classic script (scripts/sandbox-source.ts). */
  const source: string;
  export default source;
}
