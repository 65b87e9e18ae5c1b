/** The most characters of an error's message a sandbox answers (the rest is cut, marked `…`). */
export const ERROR_MESSAGE_CHARS = 2000;

/** The most characters of an error's name a sandbox answers. */
export const ERROR_NAME_CHARS = 100;

/**
 * What a thrown value says about itself: an Error's name and message, else `Error` and its text.
 * Never throws, even for a value whose getters or conversion throw (user code can throw those).
 */
export function errorParts(thrown: unknown): { name: string; message: string } {
  try {
    if (thrown instanceof Error) return boundedError(String(thrown.name), String(thrown.message));
    return boundedError('Error', String(thrown));
  } catch {
    return { name: 'Error', message: Object.prototype.toString.call(thrown) };
  }
}

/**
 * An error's name and message cut to {@link ERROR_NAME_CHARS} and {@link ERROR_MESSAGE_CHARS}
 * characters: what a sandbox answers and a session keeps of them.
 */
export function boundedError(name: string, message: string): { name: string; message: string } {
  return { name: cut(name, ERROR_NAME_CHARS), message: cut(message, ERROR_MESSAGE_CHARS) };
}

/** `text` cut to `max` UTF-16 units (never half a surrogate pair), marked `…` when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const high = text.charCodeAt(max - 1);
  return `${text.slice(0, high >= 0xd800 && high <= 0xdbff ? max - 1 : max)}…`;
}

/** The message of a thrown value, for one-line reports. */
export function messageOf(thrown: unknown): string {
  return errorParts(thrown).message;
}
