import type { enProgram } from './en-program.js';

/** 简体中文界面文字（见 `zh.ts`）：按语法缩减的程序：程序的编辑器和语言、格子、语法缩减器的各种动作和它的循环。 */
export const zhProgram: Record<keyof typeof enProgram, string> = {
  'kind.program': '程序（源代码）',
  'program.heading': '程序（失败输入）',
  'program.language': '程序的语言',
  'program.other': '其他（没有语法：括号、词法单元、行）',
  'program.hint': '程序在代码下方它自己的编辑器里：{size}。',
  'program.grammar':
    '按语法切分：运行开始时由 tree-sitter 的 {language} 语法读入（只下载一次，之后离线也能用）。',
  'program.parsing': '正在用 tree-sitter 的 {language} 语法读入程序（只下载一次，之后保留）…',
  'program.generic': '没有语法，按通用动作切分：成对的括号、连续的几个词法单元、成块的行。',
  'move.lines': '成块的行',
  'move.subtrees': '子树',
  'move.hoist': '提升',
  'move.tokens': '词法单元',
  'move.space': '空白',
  'cells.move': '动作：{move}',
  'cells.hoisted': '留在原处',
  'cells.programLines': '… 还有 {count} 行',
  'algorithm.note.lines': '成块的行：删去 {count} 个字符',
  'algorithm.note.subtrees': '子树：在 {spans} 处删去 {count} 个字符，每个节点连同它的分隔符',
  'algorithm.note.hoist': '提升：用节点的一部分替换整个节点（删去它周围的 {count} 个字符）',
  'algorithm.note.tokens': '词法单元：删去 {count} 个字符的词法单元',
  'algorithm.note.space': '空白：删去 {count} 个字符',
  'narrate.cut': '第 {trial} 次试验：删去 {code}（{count} 个字符；{move}）→ {trial_input}。',
  'narrate.cutSpace': '第 {trial} 次试验：删去 {count} 个空白字符 → {trial_input}。',
  'narrate.hoist': '第 {trial} 次试验：用其中的 {kept} 替换 {node}（{move}）→ {trial_input}。',
  'history.cut': '{move}：删去 {count} 个字符',
  'compare.unparsed': '{count} 次试验无法解析，未运行',
  'narrate.unparsed': '它已经无法解析：没有运行代码就被拒绝。',
  'counters.unparsed': '无法解析，未运行',
} as const;
