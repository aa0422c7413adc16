import { bizError } from '../http/errors';
import type { LocalText } from '../i18n';
import type { SqlParams } from '../crud/sql';

/**
 * The custom data-scope rule (type 5). BladeX stores a raw SQL `where` fragment and pastes it into the
 * query; here it is a small language that is parsed, checked and bound, so a rule can never read other
 * tables, call functions or escape its parentheses:
 *
 *   rule   := clause (('and' | 'or') clause)*
 *   clause := '(' rule ')' | column op value | column 'in' '(' value (',' value)* ')'
 *   op     := = <> != > >= < <= like
 *   value  := number | 'text' ('' for a quote) | ${userId} ${deptId} ${roleId} ${tenantId} ${account} ${userName} ${roleName} ${clientId}
 *
 * `and` binds tighter than `or`. `${deptId}`, `${roleId}` and `${roleName}` are lists: `in (${deptId})`,
 * or `=` meaning "one of". Columns are checked against the resource's columns when the rule is applied.
 */

export const SCOPE_PLACEHOLDERS = ['userId', 'deptId', 'roleId', 'tenantId', 'account', 'userName', 'roleName', 'clientId'] as const;
export type ScopePlaceholder = (typeof SCOPE_PLACEHOLDERS)[number];
export type ScopeVariables = Record<ScopePlaceholder, string | readonly string[]>;

type Value = { kind: 'literal'; value: string } | { kind: 'var'; name: ScopePlaceholder };
type Op = '=' | '<>' | '>' | '>=' | '<' | '<=' | 'like';
export type ScopeRule =
  | { kind: 'and' | 'or'; left: ScopeRule; right: ScopeRule }
  | { kind: 'compare'; column: string; op: Op; value: Value }
  | { kind: 'in'; column: string; values: Value[] };

const MAX_RULE = 2000;
const IDENT = /^[a-z_][a-z0-9_]*$/;

type Token = { type: 'word' | 'num' | 'str' | 'var' | 'op' | 'punct'; text: string; at: number };

const invalid = (why: LocalText) => bizError({ zh: `自定义规则格式错误: ${why.zh}`, en: `Invalid custom rule: ${why.en}` });

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = text.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest))) tokens.push({ type: 'word', text: m[0], at: i });
    else if ((m = /^-?\d+(\.\d+)?/.exec(rest))) tokens.push({ type: 'num', text: m[0], at: i });
    else if ((m = /^'((?:[^']|'')*)'/.exec(rest))) tokens.push({ type: 'str', text: m[1]!.replace(/''/g, "'"), at: i });
    else if ((m = /^\$\{([A-Za-z]+)\}/.exec(rest))) tokens.push({ type: 'var', text: m[1]!, at: i });
    else if ((m = /^(<>|!=|>=|<=|=|<|>)/.exec(rest))) tokens.push({ type: 'op', text: m[0] === '!=' ? '<>' : m[0], at: i });
    else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ type: 'punct', text: c, at: i });
      i++;
      continue;
    } else throw invalid({ zh: `第 ${i + 1} 个字符无法识别`, en: `character ${i + 1} is not recognised` });
    i += m[0].length + (m[0].length === 0 ? 1 : 0);
  }
  return tokens;
}

/** Parses (and so validates) a custom rule; throws a 400 saying what is wrong. */
export function parseScopeRule(text: string): ScopeRule {
  if (typeof text !== 'string' || text.trim() === '') throw invalid({ zh: '规则为空', en: 'the rule is empty' });
  if (text.length > MAX_RULE) throw invalid({ zh: `长度不能超过${MAX_RULE}个字符`, en: `at most ${MAX_RULE} characters` });
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (t: Token | undefined, w: string) => t?.type === 'word' && t.text.toLowerCase() === w;
  const expect = (text: string) => {
    const t = tokens[pos];
    if (!t || t.text !== text) throw invalid({ zh: `缺少 "${text}"`, en: `"${text}" expected` });
    pos++;
  };

  const value = (): Value => {
    const t = tokens[pos++];
    if (!t) throw invalid({ zh: '缺少比较值', en: 'a value to compare with is missing' });
    if (t.type === 'num' || t.type === 'str') return { kind: 'literal', value: t.text };
    if (t.type === 'var') {
      if (!(SCOPE_PLACEHOLDERS as readonly string[]).includes(t.text)) throw invalid({ zh: `未知的变量 \${${t.text}}`, en: `unknown variable \${${t.text}}` });
      return { kind: 'var', name: t.text as ScopePlaceholder };
    }
    throw invalid({ zh: `"${t.text}" 不是有效的值`, en: `"${t.text}" is not a valid value` });
  };

  const clause = (): ScopeRule => {
    const t = peek();
    if (t?.text === '(' && t.type === 'punct') {
      pos++;
      const inner = rule();
      expect(')');
      return inner;
    }
    if (!t || t.type !== 'word' || isWord(t, 'and') || isWord(t, 'or')) throw invalid({ zh: '缺少字段名', en: 'a column name is missing' });
    const column = t.text.toLowerCase();
    if (!IDENT.test(column)) throw invalid({ zh: `字段名 "${t.text}" 无效`, en: `column name "${t.text}" is invalid` });
    pos++;
    const op = peek();
    if (isWord(op, 'in')) {
      pos++;
      expect('(');
      const values = [value()];
      while (peek()?.text === ',') {
        pos++;
        values.push(value());
      }
      expect(')');
      return { kind: 'in', column, values };
    }
    if (isWord(op, 'like')) {
      pos++;
      return { kind: 'compare', column, op: 'like', value: value() };
    }
    if (op?.type !== 'op') throw invalid({ zh: `字段 ${column} 后缺少运算符`, en: `an operator is missing after column ${column}` });
    pos++;
    return { kind: 'compare', column, op: op.text as Op, value: value() };
  };

  const conjunction = (): ScopeRule => {
    let left = clause();
    while (isWord(peek(), 'and')) {
      pos++;
      left = { kind: 'and', left, right: clause() };
    }
    return left;
  };

  const rule = (): ScopeRule => {
    let left = conjunction();
    while (isWord(peek(), 'or')) {
      pos++;
      left = { kind: 'or', left, right: conjunction() };
    }
    return left;
  };

  const parsed = rule();
  if (pos < tokens.length) throw invalid({ zh: `多余的内容 "${tokens[pos]!.text}"`, en: `unexpected "${tokens[pos]!.text}"` });
  return parsed;
}

/** The columns a rule names (to check them against a resource). */
export function ruleColumns(rule: ScopeRule): string[] {
  switch (rule.kind) {
    case 'and':
    case 'or':
      return [...ruleColumns(rule.left), ...ruleColumns(rule.right)];
    default:
      return [rule.column];
  }
}

const listOf = (value: Value, vars: ScopeVariables): string[] => {
  if (value.kind === 'literal') return [value.value];
  const v = vars[value.name];
  return typeof v === 'string' ? [v] : [...v];
};

/** The rule as SQL over `alias` + column, every value bound through `p`. Columns must be checked first. */
export function scopeRuleSql(rule: ScopeRule, vars: ScopeVariables, p: SqlParams, alias = ''): string {
  switch (rule.kind) {
    case 'and':
    case 'or':
      return `(${scopeRuleSql(rule.left, vars, p, alias)} ${rule.kind} ${scopeRuleSql(rule.right, vars, p, alias)})`;
    case 'in': {
      const values = rule.values.flatMap((v) => listOf(v, vars));
      return values.length === 0 ? 'false' : `${alias}${rule.column}::text = any(${p.add(values)}::text[])`;
    }
    case 'compare': {
      const column = `${alias}${rule.column}`;
      const { value } = rule;
      if (value.kind === 'var' && typeof vars[value.name] !== 'string') {
        // A list placeholder: `=` means one of them, `<>` none of them; ordering makes no sense on a list.
        const values = listOf(value, vars);
        if (rule.op === '=') return values.length === 0 ? 'false' : `${column}::text = any(${p.add(values)}::text[])`;
        if (rule.op === '<>') return values.length === 0 ? 'true' : `not (${column}::text = any(${p.add(values)}::text[]))`;
        return 'false';
      }
      const bound = p.add(listOf(value, vars)[0] ?? '');
      const ordering = rule.op !== '=' && rule.op !== '<>' && rule.op !== 'like';
      if (ordering && value.kind === 'literal' && /^-?\d+(\.\d+)?$/.test(value.value)) {
        // Compared as numbers whatever the column's type; a non-numeric value matches nothing (never a 500).
        return `(case when ${column}::text ~ '^-?[0-9]+([.][0-9]+)?$' then ${column}::text::numeric end) ${rule.op} ${bound}::numeric`;
      }
      return `${column}::text ${rule.op} ${bound}`;
    }
  }
}
