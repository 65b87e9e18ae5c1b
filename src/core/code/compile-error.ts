import type { Role } from '../oracle/verdict.js';

/** Why user code could not be loaded, placed for an editor marker. */
export interface CompileError {
  /** `SyntaxError`, or the name of what the top-level code threw; `Timeout` for a hung load. */
  name: string;
  message: string;
  /** 1-based line in the user's source (1 when unknown). */
  line: number;
  /** 1-based column in the user's source (1 when unknown). */
  column: number;
}

/** A compile or load error of one role, ready for an editor marker. */
export interface RoleError extends CompileError {
  role: Role;
}
