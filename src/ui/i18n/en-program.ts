/**
 * English texts of programs reduced by their syntax: the program's editor and language, its
 * cells, the syntax reducer's moves and its loop (see `en.ts`).
 */
export const enProgram = {
  'kind.program': 'program (source code)',
  'program.heading': 'The program (the failing input)',
  'program.language': 'Language of the program',
  'program.other': 'other (no grammar: brackets, tokens, lines)',
  'program.hint': 'The program is in its editor, under the code: {size}.',
  'program.grammar':
    'Cut by its syntax: tree-sitter’s {language} grammar reads it when the run starts (downloaded once, then kept for offline use).',
  'program.parsing':
    'Reading the program with tree-sitter’s {language} grammar (downloaded once, then kept)…',
  'program.generic':
    'Cut by its syntax with no grammar: balanced brackets, windows of tokens and blocks of lines.',
  'move.lines': 'blocks of lines',
  'move.subtrees': 'subtrees',
  'move.hoist': 'hoisting',
  'move.tokens': 'tokens',
  'move.space': 'white space',
  'move.chars': 'characters',
  'move.rename': 'renaming',
  'cells.move': 'Move: {move}',
  'cells.hoisted': 'kept in its place',
  'cells.programLines': '… {count} more lines',
  'cells.programLinesAbove': '… {count} lines above',
  'cells.charsBefore': '{count} characters … ',
  'cells.charsAfter': ' … {count} more characters',
  'algorithm.note.lines': 'Blocks of lines: cut {count} characters',
  'algorithm.note.subtrees':
    'Subtrees: cut {count} characters in {spans} places, each node with its separator',
  'algorithm.note.hoist':
    'Hoisting: a node replaced by a part of it ({count} characters around it cut)',
  'algorithm.note.tokens': 'Tokens: cut {count} characters of tokens',
  'algorithm.note.space': 'White space: cut {count} characters',
  'algorithm.note.chars': 'Characters: cut {count} characters in {spans} places',
  'algorithm.note.rename': 'Renaming: a name given a shorter one in {spans} places',
  'narrate.cut': 'Trial {trial}: cut {code} ({count} characters; {move}) → {trial_input}.',
  'narrate.cutSpace': 'Trial {trial}: cut {count} characters of white space → {trial_input}.',
  'narrate.hoist': 'Trial {trial}: replace {node} by its part {kept} ({move}) → {trial_input}.',
  'history.cut': '{move}: {count} characters cut',
  'history.rename': 'renaming: {name} → {to} in {count} places',
  'narrate.rename': 'Trial {trial}: rename {name} to {to} in {count} places → {trial_input}.',
  'compare.unparsed': '{count} trials unparsed, not run',
  'narrate.unparsed': 'It no longer parses: refused without running the code.',
  'counters.unparsed': 'unparsed, not run',
} as const;
