/** The package version, injected by Vite. */
declare const __APP_VERSION__: string;
