import type { LocalText } from '../../../core/sdk/server';

/** The server's refusals, in both languages. */
export const TEXT = {
  sqlSyntax: (detail: string): LocalText => ({ zh: `SQL 语法错误：${detail}`, en: `SQL syntax error: ${detail}` }),
  oneStatement: { zh: '报表只能是一条 SELECT 语句', en: 'A report is exactly one SELECT statement' },
  selectOnly: (kind: string): LocalText => ({ zh: `报表只能是 SELECT 查询，不能是 ${kind}`, en: `A report is a SELECT query, not ${kind}` }),
  into: { zh: '报表不能使用 SELECT INTO', en: 'A report cannot use SELECT INTO' },
  locking: { zh: '报表不能加锁（FOR UPDATE / FOR SHARE）', en: 'A report cannot lock rows (FOR UPDATE / FOR SHARE)' },
  modifyingCte: { zh: 'WITH 子句中只能是 SELECT 查询', en: 'A WITH clause may hold SELECT queries only' },
  recursive: { zh: '报表不支持 WITH RECURSIVE（递归查询无法预估开销）', en: 'A report cannot use WITH RECURSIVE (its cost cannot be bounded)' },
  schema: (schema: string): LocalText => ({ zh: `报表不能查询 ${schema} 模式下的表`, en: `A report cannot read tables of the schema ${schema}` }),
  sensitiveTable: (table: string): LocalText => ({ zh: `报表不能查询表 ${table}：含敏感数据`, en: `A report cannot read ${table}: it holds sensitive data` }),
  notTenantTable: (table: string): LocalText => ({
    zh: `报表只能查询本租户的业务表，不能查询 ${table}`,
    en: `A report reads only the tenant's own tables, not ${table}`,
  }),
  sensitiveColumn: (column: string): LocalText => ({ zh: `报表不能读取敏感列 ${column}`, en: `A report cannot read the sensitive column ${column}` }),
  starOnSensitive: (table: string): LocalText => ({
    zh: `表 ${table} 含敏感列，不能用 * 或整行引用，请列出所需的列`,
    en: `${table} has sensitive columns: name the columns instead of * or the whole row`,
  }),
  func: (name: string): LocalText => ({ zh: `报表不能调用函数 ${name}`, en: `A report cannot call the function ${name}` }),
  operator: (name: string): LocalText => ({ zh: `报表不能使用运算符 ${name}`, en: `A report cannot use the operator ${name}` }),
  type: (name: string): LocalText => ({ zh: `报表不能转换为类型 ${name}`, en: `A report cannot cast to the type ${name}` }),
  syntax: (kind: string): LocalText => ({ zh: `报表不支持此语法：${kind}`, en: `A report cannot use this syntax: ${kind}` }),
  positional: { zh: 'SQL 中请用 :名称 引用参数，不能用 $1', en: 'Refer to parameters as :name in the SQL, not $1' },
  undeclared: (name: string): LocalText => ({ zh: `SQL 使用了未声明的参数 :${name}`, en: `The SQL uses the undeclared parameter :${name}` }),
  paramRequired: (label: string): LocalText => ({ zh: `请填写参数「${label}」`, en: `Please fill in the parameter "${label}"` }),
  paramInvalid: (label: string, expected: LocalText): LocalText => ({
    zh: `参数「${label}」格式不正确，应为${expected.zh}`,
    en: `The parameter "${label}" is not valid: expected ${expected.en}`,
  }),
  declaration: (what: LocalText, detail: string): LocalText => ({ zh: `${what.zh}声明不正确：${detail}`, en: `The ${what.en} declaration is not valid: ${detail}` }),
  chartColumn: (column: string): LocalText => ({ zh: `图表引用的列 ${column} 不在查询结果中`, en: `The chart names the column ${column}, which the query does not return` }),
  timeout: (ms: number): LocalText => ({ zh: `报表运行超时（超过 ${ms} 毫秒）`, en: `The report ran past its time-out (${ms} ms)` }),
  tooCostly: (ms: number): LocalText => ({
    zh: `报表查询预估开销超过 ${ms} 毫秒的时限，请缩小范围或增加条件`,
    en: `The report's query is estimated to take longer than its ${ms} ms time-out: narrow it down`,
  }),
  failed: (detail: string): LocalText => ({ zh: `报表运行失败：${detail}`, en: `The report failed: ${detail}` }),
  disabled: { zh: '报表已停用', en: 'The report is disabled' },
};

/** What a parameter's value should look like, for its refusal. */
export const EXPECTED: Record<string, LocalText> = {
  date: { zh: '日期 yyyy-MM-dd', en: 'a date yyyy-MM-dd' },
  datetime: { zh: '时间 yyyy-MM-dd HH:mm:ss', en: 'a time yyyy-MM-dd HH:mm:ss' },
  int: { zh: '整数', en: 'a whole number' },
  text: { zh: '不超过 200 字的文本', en: 'text of at most 200 characters' },
  dict: { zh: '字典项的键值', en: "a dictionary entry's key" },
};
