import type { Split } from './names.js';

/** A text cut into units by `split`. */
export function splitText(text: string, split: Split): string[] {
  switch (split) {
    case 'chars':
    case 'syntax':
      return Array.from(text);
    case 'lines':
      return text.match(/[^\n]*\n|[^\n]+/g) ?? [];
    case 'words':
      return text.match(/\S+\s*|\s+/g) ?? [];
  }
}
