import type { GenSpec } from '../../spec';
import { commentText, tsValue } from '../ts-text';
import { provenance } from './common';

/** A tree's rows, parents before their children; a row whose parent is not among them is a root. */
function parentsFirst(spec: GenSpec): GenSpec['demoRows'] {
  if (!spec.tree) return spec.demoRows;
  const parent = spec.tree.parent;
  const ids = new Set(spec.demoRows.map((r) => String(r.id)));
  const rows = spec.demoRows.map((r) => ({ ...r, [parent]: ids.has(String(r[parent])) && String(r[parent]) !== String(r.id) ? String(r[parent]) : '0' }));
  const placed = new Set<string>(['0']);
  const out: GenSpec['demoRows'] = [];
  let progress = true;
  while (progress) {
    progress = false;
    for (const row of rows) {
      if (placed.has(String(row.id)) || !placed.has(String(row[parent]))) continue;
      out.push(row);
      placed.add(String(row.id));
      progress = true;
    }
  }
  return out; // rows in a cycle are left out: none of them can be placed first
}

/** `plugins/<id>/demo-rows.ts`: the demo rows as the entity's JSON has them. */
export function demoRowsFile(spec: GenSpec): string {
  const rows = parentsFirst(spec);
  return [
    '/**',
    ` * Demo rows of ${commentText(spec.entityLabel.en)}, as the entity's JSON has them${spec.tree ? ' (ids are the source rows\', for their children to name; the seed gives new ones)' : ''}.`,
    ` * ${provenance(spec)}`,
    ' */',
    'export const demoRows: Record<string, string | number | null>[] = [',
    ...rows.map((row) => `  ${tsValue(row)},`),
    '];',
    '',
  ].join('\n');
}
