import { requiredMessage } from '../../../../core/sdk/shared';
import type { GenField, GenSpec } from '../../spec';
import { sampleRow, sampleValue } from '../samples';
import { tsLocal, tsString, tsValue } from '../ts-text';
import { includedFields, provenance, serverConst } from './common';

/** The n of the rows the tests add: far from what demo rows hold, so unique values never meet them. */
export const SAMPLE_N = 4711;

const TEXTUAL = new Set<GenField['type']>(['string', 'text']);

/** The field whose value an edit changes and a check reads back: a text, else a number. */
export function editedField(spec: GenSpec): GenField | undefined {
  const fields = includedFields(spec).filter((f) => f.name !== spec.tree?.parent && f.name !== spec.tree?.title);
  return fields.find((f) => TEXTUAL.has(f.type)) ?? fields.find((f) => f.type === 'integer' || f.type === 'money') ?? (spec.tree ? includedFields(spec).find((f) => f.name === spec.tree!.title) : undefined);
}

/** The query that finds a row by a searched field's value, with the operator the field is searched with. */
function filterQuery(field: GenField, value: string | number): Record<string, string | number> | undefined {
  switch (field.search) {
    case 'like':
      return { [field.name]: value };
    case 'equal':
      return { [`${field.name}_equal`]: value };
    case 'range':
      return { [`${field.name}_datege`]: String(value).slice(0, 10), [`${field.name}_datelt`]: '2099-01-01' };
    default:
      return undefined;
  }
}

/** `plugins/<id>/<id>.server.test.ts`: the engine's endpoints of the resource, as the plugin's author would test them. */
export function serverTestFile(spec: GenSpec): string {
  const fields = includedFields(spec);
  const rows = spec.demoRows;
  const sample = sampleRow(spec, SAMPLE_N);
  const required = fields.find((f) => f.required && f.form);
  const long = fields.find((f) => TEXTUAL.has(f.type) && f.maxLength !== null && f.maxLength <= 10_000 && f.name !== spec.tree?.parent);
  const edited = editedField(spec);
  const searched = fields.find((f) => f.search && f.name !== spec.tree?.parent && f.type !== 'switch');
  const unique = fields.find((f) => f.unique);
  const usesDict = spec.dictionaries.length > 0;
  const listPath = spec.tree ? 'list' : 'list';
  const L: string[] = [];
  L.push(`import { createTestServer, type TestServer } from '../../core/sdk/server-testing';`);
  if (usesDict) L.push(`import dictServer from '../dict/server';`);
  L.push(`import ${serverConst(spec)} from './server';`, '');
  L.push('/**');
  L.push(` * The API of the plugin on the kernel${usesDict ? ' and the dictionaries' : ''}, on an in-memory database: the seeded rows, the rules in`);
  L.push(` * both languages, add, edit and remove, a filter${spec.tree ? ', the tree\'s rules' : ''} and the permission codes. ${provenance(spec)}`);
  L.push(' */');
  L.push(`const BASE = ${tsString(spec.apiBase)};`);
  L.push(`const SAMPLE = ${tsValue(sample)};`);
  L.push('type Row = Record<string, unknown> & { id: string; children?: Row[] };');
  L.push('');
  L.push('let server: TestServer;');
  L.push('let admin: string;');
  L.push('');
  L.push('beforeAll(async () => {');
  L.push(`  server = await createTestServer({ plugins: [${usesDict ? 'dictServer, ' : ''}${serverConst(spec)}] });`);
  L.push(`  admin = (await server.signIn('admin', 'admin')).access_token!;`);
  L.push('});');
  L.push('afterAll(() => server.close());');
  L.push('');
  if (spec.tree) {
    L.push('/** Every row of the tree the list answers, depth first. */');
    L.push('const flatten = (rows: Row[]): Row[] => rows.flatMap((row) => [row, ...flatten(row.children ?? [])]);');
    L.push(`const listed = async (query: Record<string, string | number> = {}) => flatten((await server.get(\`\${BASE}/${listPath}\`, { token: admin, query })).body.data as Row[]);`);
  } else {
    L.push(`const listed = async (query: Record<string, string | number> = {}) => (await server.get(\`\${BASE}/${listPath}\`, { token: admin, query: { size: 100, ...query } })).body.data.records as Row[];`);
  }
  L.push('const submit = (json: Record<string, unknown>, language = \'zh\') => server.post(`${BASE}/submit`, { token: admin, json, headers: { \'Accept-Language\': language } });');
  L.push('/** The newest row of the table (ids grow): the one a test has just added. */');
  L.push(`const newestId = async () => (await server.ctx.db.system((tx) => tx.one<{ id: string }>(${tsString(`select id::text as id from ${spec.table} where is_deleted = 0 order by id desc limit 1`)})))!.id;`);
  L.push('');
  L.push(`describe(${tsString(`${spec.entityLabel.en} API`)}, () => {`);

  // The seeded rows.
  L.push(`  it('lists the seeded rows', async () => {`);
  L.push('    const rows = await listed();');
  L.push(`    expect(rows).toHaveLength(${rows.length});`);
  const shown = edited && rows.find((r) => typeof r[edited.name] === 'string' || typeof r[edited.name] === 'number');
  if (shown && edited) L.push(`    expect(rows.map((row) => row.${edited.name})).toContain(${tsValue(shown[edited.name])});`);
  L.push('  });', '');

  // The rules, in both languages.
  if (required || long) {
    L.push(`  it('refuses what the rules refuse, in the caller\\'s language', async () => {`);
    if (required) {
      const message = requiredMessage(required);
      L.push(`    const { ${required.name}: _missing, ...without } = SAMPLE;`);
      L.push(`    for (const [language, message] of Object.entries(${tsLocal(message)})) {`);
      L.push('      const res = await submit(without, language);');
      L.push('      expect(res.status).toBe(400);');
      L.push('      expect(res.body.msg).toBe(message);');
      L.push('    }');
    }
    if (long) {
      const max = long.maxLength!;
      L.push(`    const tooLong = await submit({ ...SAMPLE, ${long.name}: 'x'.repeat(${max + 1}) });`);
      L.push('    expect(tooLong.status).toBe(400);');
      L.push(`    expect(tooLong.body.msg).toBe(${tsString(`${long.name}: 长度不能超过${max}个字符`)});`);
      L.push(`    expect((await submit({ ...SAMPLE, ${long.name}: 'x'.repeat(${max + 1}) }, 'en')).body.msg).toBe(${tsString(`${long.name}: at most ${max} characters`)});`);
    }
    L.push('  });', '');
  }

  // Add, find, edit, remove.
  L.push(`  it('adds, finds, edits and removes a row', async () => {`);
  L.push('    expect((await submit(SAMPLE)).body.success).toBe(true);');
  L.push('    const id = await newestId();');
  if (searched) {
    const q = filterQuery(searched, sample[searched.name]!);
    L.push(`    expect((await listed(${tsValue(q)})).map((row) => row.id)).toContain(id);`);
  }
  if (unique) {
    L.push('    const twice = await submit(SAMPLE);');
    L.push('    expect(twice.status).toBe(400);');
    L.push(`    expect(twice.body.msg).toBe(${tsString(`${unique.label.zh}已存在`)});`);
  }
  if (edited) {
    const changed = sampleValue(edited, SAMPLE_N + 1, spec.dictionaries);
    L.push(`    expect((await submit({ ...SAMPLE, id, ${edited.name}: ${tsValue(changed)} })).body.success).toBe(true);`);
    L.push(`    const detail = await server.get(\`\${BASE}/detail\`, { token: admin, query: { id } });`);
    L.push(`    expect(detail.body.data.${edited.name}).toBe(${tsValue(changed)});`);
  }
  L.push(`    expect((await server.post(\`\${BASE}/remove\`, { token: admin, query: { ids: id } })).body.success).toBe(true);`);
  L.push(`    expect((await server.get(\`\${BASE}/detail\`, { token: admin, query: { id } })).body.data).toBeNull();`);
  L.push('  });', '');

  if (spec.tree) {
    const parent = spec.tree.parent;
    const child = sampleRow(spec, SAMPLE_N + 2);
    L.push(`  it('keeps the tree\\'s rules: a parent with children stays, a row cannot sit below itself', async () => {`);
    L.push('    await submit(SAMPLE);');
    L.push('    const parent = await newestId();');
    L.push(`    expect((await submit({ ...${tsValue(child)}, ${parent}: parent })).body.success).toBe(true);`);
    L.push('    const child = await newestId();');
    L.push(`    const busy = await server.post(\`\${BASE}/remove\`, { token: admin, query: { ids: parent } });`);
    L.push('    expect(busy.status).toBe(400);');
    L.push(`    expect(busy.body.msg).toBe('请先删除子节点!');`);
    L.push(`    const below = await submit({ ...SAMPLE, id: parent, ${parent}: child });`);
    L.push('    expect(below.status).toBe(400);');
    L.push(`    expect(below.body.msg).toBe('父节点不可选择自身!');`);
    L.push(`    await server.post(\`\${BASE}/remove\`, { token: admin, query: { ids: child } });`);
    L.push(`    expect((await server.post(\`\${BASE}/remove\`, { token: admin, query: { ids: parent } })).body.success).toBe(true);`);
    L.push('  });', '');
  }

  L.push(`  it('refuses a user without the plugin\\'s codes', async () => {`);
  L.push(`    const demo = (await server.signIn('demo', 'demo')).access_token!;`);
  L.push(`    const refused = await server.get(\`\${BASE}/${listPath}\`, { token: demo });`);
  L.push('    expect(refused.status).toBe(403);');
  L.push(`    expect(refused.body.msg).toBe('没有权限执行此操作');`);
  L.push(`    expect((await server.post(\`\${BASE}/submit\`, { token: demo, json: SAMPLE })).status).toBe(403);`);
  L.push('  });');
  L.push('});', '');
  return L.join('\n');
}
