/** The names sessions and the command line give the kinds of input and the splits of text. */

/** The kinds of input. */
export type InputKind = 'int-array' | 'string' | 'array' | 'json' | 'args';

/**
 * How a string is cut into units. `syntax` is a program's text reduced by the moves of its syntax
 * tree (the `syntax` reducer); its units, for sizes and subsequences, are its characters.
 */
export type Split = 'chars' | 'lines' | 'words' | 'syntax';
