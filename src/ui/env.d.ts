/** The package version, injected by Vite. */
declare const __APP_VERSION__: string;

declare module 'virtual:sandbox-source' {
  /** The sandbox worker's code, one self-contained classic script (scripts/sandbox-source.ts). */
  const source: string;
  export default source;
}
