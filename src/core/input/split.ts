import type { Split } from './kinds.js';

/** A text cut into units by `split`. */
export function splitText(text: string, split: Split): string[] {
  switch (split) {
    case 'chars':
      return Array.from(text);
    case 'lines':
      return text.match(/[^\n]*\n|[^\n]+/g) ?? [];
    case 'words':
      return text.match(/\S+\s*|\s+/g) ?? [];
  }
}
