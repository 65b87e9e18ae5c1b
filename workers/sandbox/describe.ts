import type { CodeSpec } from './protocol.js';

/** The file name user code runs under (it names the user's frames in stacks). */
export function fileOf(spec: Pick<CodeSpec, 'role' | 'language'>): string {
  return `${spec.role}.${spec.language}`;
}

/** An error's name and message (a thrown non-Error becomes an `Error` with its text). */
export function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
