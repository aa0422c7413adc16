import type { GenField, GenSpec } from '../../spec';
import { commentText, tsLocal, tsString, tsValue } from '../ts-text';
import { entityConst, explicitColumn, groupCode, includedFields, messagesKey, provenance, screenName } from './common';

/** One field of the definition, on one line. */
function fieldLine(field: GenField, spec: GenSpec): string {
  const isParent = spec.tree?.parent === field.name;
  const parts = [`type: ${tsString(field.type)}`, `label: ${tsLocal(field.label)}`];
  const column = explicitColumn(field);
  if (column) parts.push(`column: ${tsString(column)}`);
  if (field.required) parts.push('required: true');
  const textual = field.type === 'string' || field.type === 'text' || field.type === 'richtext' || (field.type === 'select' && !field.columnType.startsWith('int'));
  if (textual && field.maxLength !== null) parts.push(`maxLength: ${field.maxLength}`);
  if (field.min !== null && field.type !== 'select') parts.push(`min: ${field.min}`);
  if (field.max !== null && field.type !== 'select') parts.push(`max: ${field.max}`);
  if (field.type === 'select') parts.push(`dict: ${tsValue(field.columnType.startsWith('int') ? { code: field.dict, numeric: true } : { code: field.dict })}`);
  if (field.type === 'switch') parts.push('default: 0');
  if (isParent) parts.push(`default: '0'`);
  if (field.search) parts.push(`search: ${tsString(field.search)}`);
  if (!field.list) parts.push('list: false');
  if (!field.form) parts.push('form: false');
  if (field.sortable) parts.push('sortable: true');
  return `    ${field.name}: { ${parts.join(', ')} },`;
}

/** `plugins/<id>/index.ts`: the entity and the plugin's declaration. */
export function entityFile(spec: GenSpec): string {
  const fields = includedFields(spec);
  const uniques = fields.filter((f) => f.unique);
  const own = spec.menu.parent === 'own';
  const lines: string[] = [];
  lines.push(`import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';`, '');
  lines.push('/**');
  lines.push(` * ${commentText(spec.entityLabel.zh)} (${commentText(spec.entityLabel.en)}): the rows of \`${spec.table}\`, served under \`${spec.apiBase}\`.`);
  lines.push(" * The kit draws the list, search and dialog from this definition; the engine validates and stores.");
  lines.push(` * ${provenance(spec)}`);
  lines.push(' */');
  lines.push(`export const ${entityConst(spec)} = defineEntity({`);
  lines.push(`  name: ${tsString(spec.entityName)},`);
  lines.push(`  label: ${tsLocal(spec.entityLabel)},`);
  lines.push(`  table: ${tsString(spec.table)},`);
  if (!spec.tenant) lines.push('  tenant: false,');
  if (!spec.audit) lines.push('  audit: false,');
  lines.push(`  api: { base: ${tsString(spec.apiBase)} },`);
  if (spec.audit) lines.push('  createTimeRange: true,', `  sort: { field: 'createTime', order: 'desc' },`);
  if (spec.tree) lines.push(`  tree: ${tsValue(spec.tree.parent === 'parentId' ? { title: spec.tree.title } : { parent: spec.tree.parent, title: spec.tree.title })},`);
  if (uniques.length) {
    lines.push('  unique: [');
    for (const f of uniques) lines.push(`    { fields: [${tsString(f.name)}], message: ${tsLocal({ zh: `${f.label.zh}已存在`, en: `This ${f.label.en.toLowerCase()} already exists` })} },`);
    lines.push('  ],');
  }
  lines.push('  fields: {');
  for (const f of fields) lines.push(fieldLine(f, spec));
  lines.push('  },');
  lines.push('});', '');

  const resource = [`entity: ${entityConst(spec)}`, `menu: { parent: ${tsString(own ? groupCode(spec) : spec.menu.parent)}, icon: ${tsString(spec.menu.icon)}, sort: ${own ? 1 : spec.menu.sort} }`];
  if (spec.tree) resource.push(`screen: () => import('./screens/${screenName(spec)}')`);
  lines.push(`export default definePlugin({`);
  lines.push(`  id: ${tsString(spec.pluginId)},`);
  lines.push(`  name: ${tsLocal(spec.pluginName)},`);
  if (spec.dictionaries.length) {
    lines.push(`  // ${spec.dictionaries.map((d) => d.code).join(', ')}: system dictionaries, declared below so the plugin brings their entries.`);
    lines.push(`  requires: ['dict'],`);
  }
  if (own) lines.push(`  menus: [{ code: ${tsString(groupCode(spec))}, name: ${tsLocal(spec.pluginName)}, path: ${tsString(`/${spec.pluginId}`)}, icon: ${tsString(spec.menu.icon)}, sort: ${spec.menu.sort}, group: true }],`);
  lines.push(`  resources: [defineResource({ ${resource.join(', ')} })],`);
  if (spec.dictionaries.length) {
    lines.push('  dictionaries: [');
    for (const d of spec.dictionaries) {
      lines.push(`    {`);
      lines.push(`      code: ${tsString(d.code)},`);
      lines.push(`      name: ${tsLocal(d.name)},`);
      lines.push(`      items: [`);
      for (const item of d.items) lines.push(`        { key: ${tsString(item.key)}, value: ${tsLocal(item.value)} },`);
      lines.push(`      ],`);
      lines.push(`    },`);
    }
    lines.push('  ],');
  }
  if (spec.tree) {
    const key = messagesKey(spec);
    lines.push('  messages: {');
    lines.push(`    zh: { ${tsString(key)}: { addChild: '新增子项', top: '顶级' } },`);
    lines.push(`    en: { ${tsString(key)}: { addChild: 'Add child', top: 'Top level' } },`);
    lines.push('  },');
  }
  lines.push('});', '');
  return lines.join('\n');
}

