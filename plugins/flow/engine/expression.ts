/**
 * The expressions a process carries (`${taskUser}`, `${pass && days > 3}`): a subset of JUEL, parsed and
 * evaluated here without `eval` or `Function`, so a deployed XML can read its variables and compare
 * them, and nothing else. Member access reads own properties of plain data only (never a prototype's),
 * there are no calls, and an unknown variable is null rather than an error: a condition over a variable
 * the form did not set is simply false.
 */

export type ExpressionValue = string | number | boolean | null | ExpressionValue[] | { [key: string]: ExpressionValue };

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'variable'; name: string }
  | { kind: 'member'; object: Expr; property: string }
  | { kind: 'unary'; op: '!' | '-' | 'empty'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr };

type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

/** A template with `${…}` parts: the parts parsed, the text between them kept. */
export interface ParsedTemplate {
  parts: (string | Expr)[];
}

/** The text is not an expression we can run; `position` is the offset in the text where reading stopped. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 64;

// A Map, not an object: a variable named `constructor` or `toString` is a variable, not a prototype's member.
const WORD_OPERATORS = new Map<string, BinaryOp | '!' | 'empty'>(Object.entries({
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
  div: '/',
  mod: '%',
  empty: 'empty',
} as const));

type Token =
  | { type: 'number'; value: number; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'word'; value: string; at: number }
  | { type: 'op'; value: string; at: number }
  | { type: 'end'; at: number };

const SYMBOLS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '+', '-', '*', '/', '%', '(', ')', '.', '?', ':'];

function tokenize(text: string, offset: number): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const at = offset + i;
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9]/.test(c)) {
      const m = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i)) as RegExpExecArray;
      tokens.push({ type: 'number', value: Number(m[0]), at });
      i += m[0].length;
    } else if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] === '\\') {
          const next = text[j + 1];
          if (next === undefined) break;
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          j++;
        } else {
          value += text[j];
        }
      }
      if (j >= text.length) throw new ExpressionError('unterminated string', at);
      tokens.push({ type: 'string', value, at });
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(text.slice(i)) as RegExpExecArray;
      tokens.push({ type: 'word', value: m[0], at });
      i += m[0].length;
    } else {
      const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
      if (!symbol) throw new ExpressionError(`unexpected character '${c}'`, at);
      tokens.push({ type: 'op', value: symbol, at });
      i += symbol.length;
    }
  }
  tokens.push({ type: 'end', at: offset + text.length });
  return tokens;
}

/** A recursive-descent parser over JUEL's precedence: ?: < || < && < == != < relational < + - < * / % < unary < member. */
class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Expr {
    const expr = this.conditional();
    const rest = this.peek();
    if (rest.type !== 'end') throw new ExpressionError(`unexpected '${'value' in rest ? String(rest.value) : ''}'`, rest.at);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  /** The operator at the cursor (a symbol, or a word operator such as `and`), if it is one of `ops`. */
  private accept(...ops: string[]): string | undefined {
    const token = this.peek();
    const op = token.type === 'op' ? token.value : token.type === 'word' ? WORD_OPERATORS.get(token.value) : undefined;
    if (op !== undefined && ops.includes(op)) {
      this.index++;
      return op;
    }
    return undefined;
  }

  private expect(op: string): void {
    if (!this.accept(op)) throw new ExpressionError(`'${op}' expected`, this.peek().at);
  }

  private nested<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('expression nested too deeply', this.peek().at);
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  private conditional(): Expr {
    return this.nested(() => {
      const test = this.binary(0);
      if (!this.accept('?')) return test;
      const then = this.conditional();
      this.expect(':');
      return { kind: 'conditional', test, then, otherwise: this.conditional() };
    });
  }

  private static readonly LEVELS: BinaryOp[][] = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];

  private binary(level: number): Expr {
    const ops = Parser.LEVELS[level];
    if (!ops) return this.unary();
    let left = this.binary(level + 1);
    for (let op = this.accept(...ops); op; op = this.accept(...ops)) {
      left = { kind: 'binary', op: op as BinaryOp, left, right: this.binary(level + 1) };
    }
    return left;
  }

  private unary(): Expr {
    return this.nested(() => {
      const op = this.accept('!', '-', 'empty');
      if (op) return { kind: 'unary', op: op as '!' | '-' | 'empty', operand: this.unary() };
      return this.member();
    });
  }

  private member(): Expr {
    let expr = this.primary();
    while (this.accept('.')) {
      const name = this.peek();
      if (name.type !== 'word') throw new ExpressionError('property name expected', name.at);
      this.index++;
      expr = { kind: 'member', object: expr, property: name.value };
    }
    const next = this.peek();
    if (next.type === 'op' && (next.value === '(' || next.value === '[')) throw new ExpressionError('calls are not allowed', next.at);
    return expr;
  }

  private primary(): Expr {
    const token = this.peek();
    this.index++;
    switch (token.type) {
      case 'number':
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'word':
        if (token.value === 'true' || token.value === 'false') return { kind: 'literal', value: token.value === 'true' };
        if (token.value === 'null') return { kind: 'literal', value: null };
        if (WORD_OPERATORS.has(token.value)) throw new ExpressionError(`unexpected '${token.value}'`, token.at);
        return { kind: 'variable', name: token.value };
      case 'op':
        if (token.value === '(') {
          const inner = this.conditional();
          this.expect(')');
          return inner;
        }
        throw new ExpressionError(`unexpected '${token.value}'`, token.at);
      default:
        throw new ExpressionError('unexpected end of expression', token.at);
    }
  }
}

/** Parses one expression (the text inside `${…}`); `offset` places positions in the surrounding text. */
export function parseExpression(text: string, offset = 0): Expr {
  if (text.length > MAX_LENGTH) throw new ExpressionError(`expression longer than ${MAX_LENGTH} characters`, offset);
  if (!text.trim()) throw new ExpressionError('empty expression', offset);
  return new Parser(tokenize(text, offset)).parse();
}

/** Parses a template: literal text with `${…}` (or `#{…}`) expressions in it. */
export function parseTemplate(text: string): ParsedTemplate {
  if (text.length > MAX_LENGTH) throw new ExpressionError(`expression longer than ${MAX_LENGTH} characters`, 0);
  const parts: (string | Expr)[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.slice(i).search(/[$#]\{/);
    if (open < 0) {
      parts.push(text.slice(i));
      break;
    }
    const start = i + open;
    if (start > i) parts.push(text.slice(i, start));
    const close = closingBrace(text, start + 2);
    if (close < 0) throw new ExpressionError("'}' expected", text.length);
    parts.push(parseExpression(text.slice(start + 2, close), start + 2));
    i = close + 1;
  }
  return { parts };
}

/** The `}` closing an expression, skipping braces inside string literals. */
function closingBrace(text: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '}') return i;
  }
  return -1;
}

export const hasExpression = (text: string | undefined | null): boolean => typeof text === 'string' && /[$#]\{/.test(text);
/** The whole text is one `${…}` (its value keeps its type rather than becoming text). */
export function isExpression(text: string | undefined | null): boolean {
  if (typeof text !== 'string' || !/^\s*[$#]\{[\s\S]*\}\s*$/.test(text)) return false;
  try {
    return parseTemplate(text.trim()).parts.length === 1;
  } catch {
    return false;
  }
}

type Variables = Readonly<Record<string, unknown>>;

const own = (object: unknown, key: string): unknown => {
  if (object === null || typeof object !== 'object') return null;
  // Plain data only: no prototype's members (constructor, __proto__, toString…), so nothing callable is reachable.
  if (!Object.prototype.hasOwnProperty.call(object, key)) return null;
  const value = (object as Record<string, unknown>)[key];
  return typeof value === 'function' ? null : (value ?? null);
};

const toNumber = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : value === null || value === undefined || value === '' ? 0 : Number(value));
const truthy = (value: unknown): boolean => (typeof value === 'string' ? value === 'true' : Boolean(value));
const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' || typeof b === 'number') return toNumber(a) === toNumber(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return truthy(a) === truthy(b);
  return String(a) === String(b);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = toNumber(a);
  const y = toNumber(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

/** Evaluates a parsed expression over the variables; never throws for missing data (it is null). */
export function evaluate(expr: Expr, variables: Variables): unknown {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'variable':
      return own(variables, expr.name);
    case 'member':
      return own(evaluate(expr.object, variables), expr.property);
    case 'conditional':
      return truthy(evaluate(expr.test, variables)) ? evaluate(expr.then, variables) : evaluate(expr.otherwise, variables);
    case 'unary': {
      const value = evaluate(expr.operand, variables);
      return expr.op === '!' ? !truthy(value) : expr.op === '-' ? -toNumber(value) : isEmpty(value);
    }
    case 'binary': {
      if (expr.op === '&&') return truthy(evaluate(expr.left, variables)) && truthy(evaluate(expr.right, variables));
      if (expr.op === '||') return truthy(evaluate(expr.left, variables)) || truthy(evaluate(expr.right, variables));
      const left = evaluate(expr.left, variables);
      const right = evaluate(expr.right, variables);
      switch (expr.op) {
        case '==':
          return equal(left, right);
        case '!=':
          return !equal(left, right);
        case '<':
          return compare(left, right) < 0;
        case '<=':
          return compare(left, right) <= 0;
        case '>':
          return compare(left, right) > 0;
        case '>=':
          return compare(left, right) >= 0;
        case '+':
          return typeof left === 'string' && typeof right === 'string' && isNaN(Number(left)) ? left + right : toNumber(left) + toNumber(right);
        case '-':
          return toNumber(left) - toNumber(right);
        case '*':
          return toNumber(left) * toNumber(right);
        case '/':
          return toNumber(left) / toNumber(right);
        case '%':
          return toNumber(left) % toNumber(right);
      }
    }
  }
}

/** A template's value: the expression's own value when the text is one expression, else the text with each part's value in it. */
export function evaluateTemplate(template: ParsedTemplate, variables: Variables): unknown {
  const [only] = template.parts;
  if (template.parts.length === 1 && only !== undefined && typeof only !== 'string') return evaluate(only, variables);
  return template.parts.map((part) => (typeof part === 'string' ? part : String(evaluate(part, variables) ?? ''))).join('');
}

/** Parsed templates by text: a definition's handful of expressions are parsed once per process, not per step. */
const cache = new Map<string, ParsedTemplate>();
export function compiledTemplate(text: string): ParsedTemplate {
  let parsed = cache.get(text);
  if (!parsed) {
    parsed = parseTemplate(text);
    if (cache.size > 5000) cache.clear();
    cache.set(text, parsed);
  }
  return parsed;
}

/**
 * The `expressions` object bpmn-engine is given: it resolves every `${…}` the engine meets (conditions,
 * assignees) with this evaluator over the instance's variables. A text that does not parse (deploy
 * refuses those, so only a hand-edited state could hold one) resolves to null rather than throwing.
 */
export const engineExpressions = {
  resolveExpression(text: unknown, context: { environment?: { variables?: Variables } } | undefined): unknown {
    if (typeof text !== 'string') return text;
    if (!hasExpression(text)) return text;
    try {
      return evaluateTemplate(compiledTemplate(text), context?.environment?.variables ?? {});
    } catch {
      return null;
    }
  },
  isExpression: (text: unknown) => typeof text === 'string' && isExpression(text),
  hasExpression: (text: unknown) => typeof text === 'string' && hasExpression(text),
};
