import type { GenSpec } from '../../spec';
import { entityConst, messagesKey, provenance, screenName } from './common';

/** `plugins/<id>/screens/<Entity>Page.tsx`: a tree's list screen (the kit's table as a tree, add a child under a row). */
export function treeScreenFile(spec: GenSpec): string {
  const tree = spec.tree!;
  const entity = entityConst(spec);
  const key = messagesKey(spec);
  return `import { useMemo } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { CrudPage, type Row, useCrudCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { ${entity} } from '../index';

/** Every row of a tree, depth first. */
function flatten(rows: readonly Row[]): Row[] {
  return rows.flatMap((row) => [row, ...flatten(Array.isArray(row.children) ? (row.children as Row[]) : [])]);
}

/** The parent, shown by its title (the top level for a root); chosen by adding a child under a row. */
function ParentName({ value, names, top }: { value?: unknown; names: ReadonlyMap<string, string>; top: string }) {
  const id = value === undefined || value === null || value === '' ? '0' : String(value);
  return <Input value={id === '0' ? top : (names.get(id) ?? id)} disabled readOnly aria-readonly />;
}

/**
 * The rows of \`${spec.table}\` as a tree table: add a root, or a child under a row; view, edit and delete by
 * permission. ${provenance(spec)}
 */
export default function ${screenName(spec)}() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: ${entity}, paged: false });
  const names = useMemo(() => new Map(flatten(list.rows).map((row) => [String(row.id), String(row.${tree.title} ?? '')])), [list.rows]);
  const mayAdd = useCrudCan(${entity})('add');
  const fresh = (parentId: unknown): Row => ({ ${tree.parent}: String(parentId ?? '0') });
  return (
    <CrudPage
      entity={${entity}}
      list={list}
      newRow={() => fresh('0')}
      table={{ tree: true }}
      extraActionsWidth={mayAdd ? 100 : 0}
      dialog={{
        form: {
          show: ['${tree.parent}'],
          disabled: ['${tree.parent}'],
          controls: { ${tree.parent}: <ParentName names={names} top={t('${key}.top')} /> },
        },
        beforeSave: (body, _mode, loaded) => ({ ...body, ${tree.parent}: String(loaded.${tree.parent} ?? body.${tree.parent} ?? '0') }),
      }}
      extraRowActions={
        mayAdd
          ? (row, { open }) => (
              <Button type="text" size="mini" icon={<IconPlus />} onClick={() => open({ mode: 'add', initial: fresh(row.id) })}>
                {t('${key}.addChild')}
              </Button>
            )
          : undefined
      }
    />
  );
}
`;
}
