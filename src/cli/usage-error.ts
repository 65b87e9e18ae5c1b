/** A problem with how the command was called or with what it was given: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Exit codes of the `deltalab` command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
