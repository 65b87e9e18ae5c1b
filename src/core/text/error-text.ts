/**
 * What a thrown value says about itself: an Error's name and message, else `Error` and its text.
 * Never throws, even for a value whose getters or conversion throw (user code can throw those).
 */
export function errorParts(thrown: unknown): { name: string; message: string } {
  try {
    if (thrown instanceof Error)
      return { name: String(thrown.name), message: String(thrown.message) };
    return { name: 'Error', message: String(thrown) };
  } catch {
    return { name: 'Error', message: Object.prototype.toString.call(thrown) };
  }
}

/** The message of a thrown value, for one-line reports. */
export function messageOf(thrown: unknown): string {
  return errorParts(thrown).message;
}
