import { formatOutput } from '../../core/oracle/output.js';
import type { ErrorInfo, Output } from '../../core/oracle/verdict.js';
import { clipText } from '../../core/text/clip.js';
import { locale, t } from '../i18n/i18n.js';
import { localMessage } from './local-message.js';

/**
 * An output as the page shows it: clipped for display (a recorded output may be megabytes, or
 * one letter under a million combining marks), a clipped output's length in the page's language.
 */
export function outputText(output: Output | undefined): string {
  return formatOutput(output, (length) => t('units.character', { count: length }));
}

/**
 * An error as the page shows it, `Name: message`, clipped for display; a message of the sandbox
 * or the core in the page's language.
 */
export function errorText(error: Pick<ErrorInfo, 'name' | 'message'>): string {
  return clipText(`${clipText(error.name)}: ${localMessage(clipText(error.message), locale())}`);
}

/** An error's message alone as the page shows it (see {@link errorText}). */
export function messageText(message: string): string {
  return localMessage(clipText(message), locale());
}
