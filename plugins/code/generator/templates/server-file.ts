import type { GenSpec } from '../../spec';
import { adoptionStatements } from '../adopt';
import { tsString } from '../ts-text';
import { entityConst, pluginConst, provenance } from './common';

/** The adoption migration: the table as it stood in the server's database, brought to the engine's shape. */
function adoptionMigration(spec: GenSpec): string[] {
  const statements = adoptionStatements(spec);
  return [
    '/**',
    ` * The table \`${spec.table}\` was already in this database when the plugin was generated: its rows become the`,
    " * plugin's. Brings it to the engine's shape before the engine's sync; where the table does not exist the",
    ' * engine makes it new and this does nothing.',
    ' */',
    `const adoptTable: Migration = {`,
    `  id: ${tsString(`001_adopt_${spec.table}`)},`,
    '  async run(tx) {',
    `    const found = await tx.one('select 1 as found from information_schema.tables where table_schema = current_schema() and table_name = $1', [${tsString(spec.table)}]);`,
    '    if (!found) return;',
    ...(statements.length
      ? ['    for (const statement of [', ...statements.map((s) => `      ${tsString(s)},`), '    ]) {', '      await tx.exec(statement);', '    }']
      : ['    // Its columns already fit the engine.']),
    '  },',
    '};',
    '',
  ];
}

/** `plugins/<id>/server.ts`: the engine serves the resource; the seed adds the demo rows. */
export function serverFile(spec: GenSpec): string {
  const entity = entityConst(spec);
  const hasRows = spec.demoRows.length > 0;
  const sdk = ['defineServerPlugin', ...(hasRows ? ['crudRepo'] : []), ...(hasRows && spec.tenant ? ['DEMO_TENANT'] : []), ...(spec.adopt ? ['type Migration'] : [])].sort((a, b) =>
    a.replace('type ', '').localeCompare(b.replace('type ', ''), 'en', { sensitivity: 'base' }),
  );
  const lines: string[] = [`import { ${sdk.join(', ')} } from '../../core/sdk/server';`];
  lines.push(`import ${pluginConst(spec)}${hasRows ? `, { ${entity} }` : ''} from './index';`);
  if (hasRows) lines.push(`import { demoRows } from './demo-rows';`);
  lines.push('');
  if (spec.adopt) lines.push(...adoptionMigration(spec));

  const insertRows = spec.tree
    ? [
        '    // Parents come first: each child names its parent by the id it was given here.',
        '    const ids = new Map<string, string>();',
        `    for (const { id, ${spec.tree.parent === 'parentId' ? 'parentId' : `${spec.tree.parent}: parentId`}, ...values } of demoRows) {`,
        `      ids.set(String(id), await rows.insert(tx, actor, { ...values, ${spec.tree.parent}: ids.get(String(parentId)) ?? '0' }, ctx.now()));`,
        '    }',
      ]
    : ['    for (const values of demoRows) await rows.insert(tx, actor, values, ctx.now());'];

  lines.push('/**');
  lines.push(` * The server part: the engine serves and stores the resource${spec.adopt ? ', over the adopted table' : ''}${hasRows ? '; the seed adds the demo rows' : ''}.`);
  lines.push(` * ${provenance(spec)}`);
  lines.push(' */');
  lines.push(`export default defineServerPlugin(${pluginConst(spec)}, {`);
  if (spec.adopt) lines.push('  migrations: [adoptTable],');
  if (hasRows && spec.tenant) {
    lines.push('  // The demo rows, in the first tenant and in the demo tenant where it exists, unless the tenant has rows already.');
    lines.push('  async seed(tx, ctx) {');
    lines.push(`    const rows = crudRepo(${entity}, ctx.ids);`);
    lines.push(`    for (const tenantId of ['000000', DEMO_TENANT.tenantId]) {`);
    lines.push(`      if (!(await tx.one('select 1 as found from blade_tenant where tenant_id = $1', [tenantId]))) continue;`);
    lines.push(`      if (await tx.one(${tsString(`select 1 as found from ${spec.table} where tenant_id = $1 limit 1`)}, [tenantId])) continue;`);
    lines.push(`      const actor = { tenantId, userId: '', deptIds: [] };`);
    lines.push(...insertRows.map((l) => `  ${l}`));
    lines.push('    }');
    lines.push('  },');
  } else if (hasRows) {
    lines.push('  // The demo rows, unless the table has rows already (they are every tenant\'s).');
    lines.push('  async seed(tx, ctx) {');
    lines.push(`    if (await tx.one(${tsString(`select 1 as found from ${spec.table} limit 1`)})) return;`);
    lines.push(`    const rows = crudRepo(${entity}, ctx.ids);`);
    lines.push(`    const actor = { tenantId: '000000', userId: '', deptIds: [] };`);
    lines.push(...insertRows);
    lines.push('  },');
  }
  lines.push('});', '');
  return lines.join('\n');
}
