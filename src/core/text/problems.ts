import { fill } from './fill.js';
import type { Locale, LocalText } from './local-text.js';

/**
 * What can be wrong with a session config or a generator, in every language of the product.
 * `{name}` marks a value; `{role}` is a code role, itself translated.
 */
export const PROBLEMS = {
  'config.not-object': { en: 'the config is not an object', zh: '配置不是一个对象' },
  'config.task': {
    en: 'unknown task "{name}" (reduce, isolate, changes or history)',
    zh: '未知的任务“{name}”（应为 reduce、isolate、changes 或 history）',
  },
  'config.no-code': { en: 'the config has no code', zh: '配置里没有代码' },
  'config.no-input': {
    en: 'the config has neither an input nor a generator',
    zh: '配置里既没有输入，也没有生成器',
  },
  'code.language': {
    en: 'the code language must be js, ts or py',
    zh: '代码语言必须是 js、ts 或 py',
  },
  'code.not-object': { en: 'the {role} code is not an object', zh: '{role}的代码不是一个对象' },
  'code.source-not-text': { en: 'the {role} source is not text', zh: '{role}的源码不是文本' },
  'code.source-too-long': {
    en: 'the {role} source is longer than {limit} characters',
    zh: '{role}的源码超过 {limit} 个字符',
  },
  'code.bad-pin': {
    en: 'the {role} code pin is not a content pin like "fnv1a32:0123abcd"',
    zh: '{role}的代码校验值格式不对（应形如 "fnv1a32:0123abcd"）',
  },
  'code.no-ref': {
    en: 'the {role} code names neither a source nor a lesson file',
    zh: '{role}的代码既没有源码，也没有指明课程文件',
  },
  'code.command': {
    en: 'the command is not usable: it needs a command line and a file name',
    zh: '命令不可用：需要命令行和文件名',
  },
  'code.command-roles': {
    en: 'a session judged by a command has no candidate, reference or outcome code',
    zh: '由命令判定的会话不能再有被测程序、参考程序或判定函数',
  },
  'config.verify': { en: 'verify must be true or false', zh: 'verify 必须是 true 或 false' },
  'isolate.mode': {
    en: "the isolation mode must be '+-' (the difference), '-' (the smallest failing input) or '+' (the largest passing one)",
    zh: "隔离模式必须是 '+-'（差异）、'-'（最小的失败输入）或 '+'（最大的通过输入）",
  },
  'input.not-args': {
    en: 'a call with several arguments is a non-empty JSON array of them, such as ["foo", "foobar"]',
    zh: '多参数调用是由各参数组成的非空 JSON 数组，例如 ["foo", "foobar"]',
  },
  'changes.call': {
    en: 'isolating a change of code needs the call to judge both versions on: paste an input',
    zh: '隔离代码改动需要用来判定两个版本的那次调用：请粘贴一个输入',
  },
  'changes.shape': {
    en: 'isolating a change needs two versions of a candidate, cut into lines, and the call to judge them on',
    zh: '隔离改动需要被测程序的两个版本（按行切分）以及用来判定它们的那次调用',
  },
  'changes.versions': {
    en: 'a history is {max} versions at most, at least two, each a label of at most 40 characters and the code as text',
    zh: '一段历史最多 {max} 个版本、至少两个，每个版本是一个不超过 40 个字符的标签和文本形式的代码',
  },
  'isolate.kind': {
    en: 'isolation works on arrays and text, not on trees ({kind})',
    zh: '隔离适用于数组和文本，不适用于树（{kind}）',
  },
  'run.command': {
    en: 'this session was judged by the command `{command}` with deltalab on the command line: it replays here, and runs only there',
    zh: '这个会话由命令行上的 deltalab 用命令 `{command}` 判定：这里可以回放，运行只能在命令行上进行',
  },
  'code.roles': {
    en: 'the code needs a candidate and a reference, or an outcome predicate',
    zh: '代码需要被测程序和参考程序，或者一个结果判定函数',
  },
  'example.name': { en: 'the example name is not text', zh: '课程名不是文本' },
  'config.about': {
    en: 'the title and notes are not short texts',
    zh: '标题和笔记不是合适长度的文本',
  },
  'reducer.unknown': { en: 'unknown reducer "{name}"', zh: '没有名为 "{name}" 的缩减器' },
  'chase.invalid': { en: 'the chase is not valid', zh: '追踪的失败类型无效' },
  'cache.invalid': {
    en: 'the cache setting is not true or false',
    zh: '缓存设置必须是 true 或 false',
  },
  'budgets.missing': { en: 'the config has no budgets', zh: '配置里没有预算' },
  'budgets.call': {
    en: 'the per-call budget must be a positive number of milliseconds',
    zh: '每次调用限时必须是正的毫秒数',
  },
  'budgets.trials': { en: 'the trial budget must be a whole number', zh: '试验次数上限必须是整数' },
  'budgets.time': {
    en: 'the time budget must be a number of milliseconds',
    zh: '时间上限必须是毫秒数',
  },
  'budgets.search': {
    en: 'the search time budget must be a number of milliseconds',
    zh: '搜索时间上限必须是毫秒数',
  },
  'repeats.range': {
    en: 'repeats must be a whole number from 0 to {max}',
    zh: '重复次数必须是 0 到 {max} 之间的整数',
  },
  'input.not-json': {
    en: 'the pasted input is not JSON',
    zh: '粘贴的输入不是 JSON',
  },
  'input.looks-like-text': {
    en: 'the pasted input is not JSON but text: to reduce it as text, choose the input kind “text (string)”',
    zh: '粘贴的输入不是 JSON，而是一段文本：要按文本缩减，请把输入类型改成“文本（字符串）”',
  },
  'input.invalid': {
    en: 'the input must be an array of at most {max} integers',
    zh: '输入必须是最多 {max} 个整数的数组',
  },
  'kind.unknown': { en: 'unknown input kind "{name}"', zh: '没有名为 "{name}" 的输入类型' },
  'split.invalid': {
    en: 'only a string input is split, into chars, lines or words',
    zh: '只有字符串输入可以切分，按字符、行或词',
  },
  'split.syntax': {
    en: 'the syntax reducer goes with the syntax split, and only it (and a syntax tree with them)',
    zh: '语法缩减器只与按语法切分搭配使用（语法树也只随它们出现）',
  },
  'syntax.language': {
    en: 'a language is a grammar’s name (such as javascript), and goes with the syntax split only',
    zh: '语言是语法的名称（例如 javascript），只能与按语法切分搭配使用',
  },
  'syntax.tree': {
    en: 'the syntax tree does not fit the input: {problem}',
    zh: '语法树与输入不符：{problem}',
  },
  'syntax.too-deep': {
    en: 'the {language} program nests its elements more than {max} deep, deeper than its grammar reads',
    zh: '这段 {language} 程序的元素嵌套超过 {max} 层，超出了它的语法能读取的深度',
  },
  'syntax.too-big': {
    en: 'the {language} program’s syntax tree has more than {max} nodes',
    zh: '这段 {language} 程序的语法树超过 {max} 个节点',
  },
  'reducer.kind': {
    en: 'the reducer {name} does not reduce {kind} inputs',
    zh: '缩减器 {name} 不能缩减 {kind} 类型的输入',
  },
  'input.not-string': {
    en: 'the input must be a string of at most {max} characters',
    zh: '输入必须是最多 {max} 个字符的字符串',
  },
  'input.not-array': {
    en: 'the input must be an array of at most {max} JSON values',
    zh: '输入必须是最多 {max} 个 JSON 值组成的数组',
  },
  'input.not-json-value': {
    en: 'the input must be a JSON value',
    zh: '输入必须是一个 JSON 值',
  },
  'input.negative-zero': {
    en: 'the input holds -0, which a session cannot tell from 0: write 0',
    zh: '输入里有 -0，会话无法把它和 0 区分开：请写成 0',
  },
  'attempts.range': {
    en: 'the attempt limit must be a whole number from 1 to {max}',
    zh: '最多尝试次数必须是 1 到 {max} 之间的整数',
  },
  'generator.not-object': { en: 'the generator is not an object', zh: '生成器不是一个对象' },
  'generator.seed-text': { en: 'the seed must be an integer', zh: '随机种子必须是整数' },
  'generator.seed': {
    en: 'seed must be an integer, got {seed}',
    zh: '随机种子必须是整数，现在是 {seed}',
  },
  'generator.seed-size': {
    en: 'the seed has {digits} digits, more than {max}',
    zh: '随机种子有 {digits} 位，超过上限 {max} 位',
  },
  'generator.length': { en: 'length must be a non-negative integer', zh: '长度必须是非负整数' },
  'generator.max-length': {
    en: 'maximum length must be an integer no smaller than the length',
    zh: '最大长度必须是不小于长度的整数',
  },
  'generator.range-integers': { en: 'the value range must be integers', zh: '取值范围必须是整数' },
  'generator.range-order': {
    en: 'the smallest value is larger than the largest',
    zh: '最小值比最大值还大',
  },
  'generator.args': {
    en: 'a generated call has 1 to {max} arguments, each string, int-array or int',
    zh: '随机生成的调用有 1 到 {max} 个参数，每个是 string、int-array 或 int',
  },
  'generator.json': {
    en: 'JSON trees are not generated: paste one, or give a file',
    zh: 'JSON 树不能随机生成：请粘贴一个，或给出文件',
  },
  'generator.alphabet': {
    en: 'strings need an alphabet of 1 to 1000 characters to draw from',
    zh: '生成字符串需要一个 1 到 1000 个字符的字母表',
  },
  'generator.elements': {
    en: 'array elements must be drawn from int, string, bool and null',
    zh: '数组元素只能从 int、string、bool 和 null 中抽取',
  },
  'generator.string-length': {
    en: 'the longest string element must be a whole number from 0 to 1000',
    zh: '字符串元素的最大长度必须是 0 到 1000 之间的整数',
  },
  'generator.too-long': {
    en: 'generated inputs may be at most {max} long',
    zh: '生成的输入最长只能是 {max}',
  },
  'generator.too-many': {
    en: 'the search could generate {count} numbers, more than {max}: lower the attempt limit or the length',
    zh: '这次搜索可能生成 {count} 个数，超过上限 {max}：请调低最多尝试次数或长度',
  },
  'session.line-long': {
    en: 'a line of {chars} characters is longer than the {max} a session line may have',
    zh: '这一行有 {chars} 个字符，超过会话每行的上限 {max}',
  },
  'session.too-deep': {
    en: 'it nests arrays and objects more than {max} deep',
    zh: '数组和对象嵌套超过 {max} 层',
  },
  'session.too-many': {
    en: 'its packed rows would rebuild more than {max} numbers',
    zh: '它的压缩行要重建的数超过 {max} 个',
  },
} as const satisfies Record<string, LocalText>;

/** The kinds of problem. */
export type ProblemCode = keyof typeof PROBLEMS;

/** A problem and the values its text names. */
export interface Problem {
  code: ProblemCode;
  values?: Record<string, string | number>;
}

const ROLE_NAMES: Record<string, LocalText> = {
  candidate: { en: 'candidate', zh: '被测程序' },
  reference: { en: 'reference', zh: '参考程序' },
  outcome: { en: 'outcome', zh: '结果判定' },
};

/** A problem as a sentence in `locale` (English by default: the CLI's and the files'). */
export function problemText(problem: Problem, locale: Locale = 'en'): string {
  return fill(PROBLEMS[problem.code][locale], problem.values ?? {}, (name, value) =>
    name === 'role' ? (ROLE_NAMES[value]?.[locale] ?? String(value)) : String(value),
  );
}

/** Problems as one sentence in `locale`, joined by semicolons (English by default). */
export function problemsText(problems: readonly Problem[], locale: Locale = 'en'): string {
  return problems.map((problem) => problemText(problem, locale)).join('; ');
}
