import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Empty, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconLoading, IconMinus, IconPlus } from '@arco-design/web-react/icon';
import type { SorterInfo } from '@arco-design/web-react/es/Table/interface';
import { useStable } from '../kernel/stable';
import type { FieldDef } from '../schema/entity';
import { picturesCell, typeCell } from './cells';
import { useFieldChoices, type FieldChoices } from './choices';
import { fitWidths, minimumWidth, naturalWidth } from './columnWidths';
import { cellText, fieldLabel, listFields } from './fields';
import { useListSettings } from './listSettings';
import { LoadFailure } from './LoadState';
import type { Row } from './query';
import { PAGE_SIZES, type CrudList } from './useCrudList';
import './locales';
import './crud.css';

/** Draws a cell of one's own: the value, the row, and the field's choices' label (if any). */
export type CellRenderer<R extends Row = Row> = (value: unknown, row: R, text: string) => ReactNode;

/** `R`: the list's rows (`RowOf<typeof entity>` from `useCrudList`), what cells and actions are given. */
export interface CrudTableProps<R extends Row = Row> {
  list: CrudList<R>;
  /** Row actions (the last column); none: no column. */
  actions?: (row: R) => ReactNode;
  actionsWidth?: number;
  /** Cells of one's own, by field. */
  cells?: Partial<Record<string, CellRenderer<R>>>;
  /** Which fields are columns (default: the definition's `list !== false`). */
  columns?: readonly string[];
  /** Index column (default true) and selection column (default true). */
  index?: boolean;
  selection?: boolean;
  /** A clicked row (a parent whose children are shown next to it). */
  onRowClick?: (row: R) => void;
  /** The row shown as chosen. */
  activeKey?: string;
  /**
   * Rows with `children` drawn as a tree (a child list), opened fully. A lazy list (`useCrudList({ lazy })`)
   * is always a tree: rows with `hasChildren` get an expand button that loads their children once.
   */
  tree?: boolean;
  /** Row height (default: the density the user chose for this list in its toolbar). */
  size?: 'default' | 'middle' | 'small' | 'mini';
  /** Every cell on one line, cut with an ellipsis and a tooltip (narrow tables). Text fields always are. */
  nowrap?: boolean;
}

/** The keys of the rows that have children, depth first. */
function branchKeys(rows: readonly Row[]): string[] {
  return rows.flatMap((row) => {
    const children = Array.isArray(row.children) ? (row.children as Row[]) : [];
    return children.length > 0 ? [String(row.id), ...branchKeys(children)] : [];
  });
}

/**
 * The column of a field: its label, its value as text (a choice's label), sortable when the definition
 * says. Every cell keeps to one line: what does not fit ends in an ellipsis, and the cell's title holds
 * the whole text (a cell of one's own too).
 */
function fieldColumn(name: string, field: FieldDef, choices: FieldChoices, list: CrudList, render: CellRenderer | undefined, nowrap: boolean, width: number): TableColumnProps<Row> {
  const options = choices.optionsOf(field);
  const sorted = list.sort?.field === name ? (list.sort.order === 'asc' ? 'ascend' : 'descend') : undefined;
  const label = fieldLabel(field);
  return {
    title: (
      <span className="ba-crud-th" title={label}>
        {label}
      </span>
    ),
    dataIndex: name,
    key: name,
    // Arco lays the table out fixed (a fixed actions column): a column without a width would get an equal
    // share, too narrow for its text. With widths the table fills its box, or scrolls sideways.
    width,
    // Amounts line up on their decimal point.
    align: field.type === 'money' ? 'right' : undefined,
    ellipsis: true,
    tooltip: nowrap && !render && !picturesCell(field),
    sorter: field.sortable ? true : undefined,
    sortOrder: field.sortable ? sorted : undefined,
    render: (value: unknown, row: Row) => {
      const text = cellText(field, value, options);
      const own = render ? render(value, row, text) : typeCell(field, value, text, options);
      if (own === undefined) return text;
      return (
        <span className="ba-crud-cell" title={(!render && picturesCell(field)) || !text ? undefined : text}>
          {own}
        </span>
      );
    },
  };
}

/**
 * The table of a list screen: index and selection columns, a column per listed field (choices shown as
 * their labels), sortable columns sending `ascs` / `descs`, paging 10 with 10/30/50/100/200, row actions,
 * loading and empty states. Bound to a `useCrudList` state.
 */
export function CrudTable<R extends Row = Row>(props: CrudTableProps<R>) {
  // The table hands cells and actions the list's own rows: R at run time, Row to Arco's table.
  const { list, actions, actionsWidth = 220, cells = {}, columns, index = true, selection = true, onRowClick, activeKey, tree = false, size, nowrap = false } = props as unknown as CrudTableProps;
  const { t } = useTranslation();
  const { entity } = list;
  const chosen = useStable(columns);
  const fields = useMemo(() => listFields(entity).filter(([name]) => !chosen || chosen.includes(name)), [entity, chosen]);
  // The user's choices for this list (columns hidden, density), shared with its toolbar.
  const settings = useListSettings(entity);
  const shownFields = fields.filter(([name]) => !settings.hidden.includes(name));
  // The table's width, so that its columns can be fitted to it.
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const choices = useFieldChoices(useMemo(() => fields.map(([, f]) => f), [fields]));
  // A tree opens fully (dictionary entries are few); what the user folds stays folded across reloads.
  // A lazy tree starts folded: the list state knows what is open and loads what is opened.
  const lazy = list.lazy;
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expanded = useMemo(() => (tree && !lazy ? branchKeys(list.rows).filter((key) => !folded.has(key)) : undefined), [tree, lazy, list.rows, folded]);
  const expandIcon = ({ expanded: open, record }: { expanded: boolean; record: Record<string, unknown> }) => {
    const busy = lazy && list.loadingKeys.includes(String(record.id));
    // Arco adds the click handler; the button is named for keyboard and screen-reader users.
    return (
      <button type="button" className="ba-crud-expand" aria-label={t(open ? 'crud.collapse' : 'crud.expand')} aria-expanded={open} aria-busy={busy || undefined}>
        {busy ? <IconLoading /> : open ? <IconMinus /> : <IconPlus />}
      </button>
    );
  };

  const tableColumns: TableColumnProps<Row>[] = [];
  if (index) {
    tableColumns.push({
      title: t('crud.index'),
      key: '__index',
      width: 56,
      align: 'center',
      render: (_value: unknown, _row: Row, i: number) => (list.paged ? (list.current - 1) * list.size : 0) + i + 1,
    });
  }
  const fixedWidth = (index ? 56 : 0) + (selection ? 40 : 0) + (actions ? actionsWidth : 0);
  const widths = fitWidths(
    shownFields.map(([, field]) => naturalWidth(field)),
    shownFields.map(([, field]) => minimumWidth(field)),
    boxWidth > 0 ? boxWidth - fixedWidth - 2 : 0,
  );
  shownFields.forEach(([name, field], i) => tableColumns.push(fieldColumn(name, field, choices, list, cells[name], nowrap, widths[i]!)));
  if (actions) {
    tableColumns.push({ title: t('crud.actions'), key: '__actions', width: actionsWidth, fixed: 'right', render: (_v: unknown, row: Row) => <div className="ba-crud-row-actions">{actions(row)}</div> });
  }

  return (
    <div ref={box} className="ba-crud-table-box">
      <Table<Row>
        className="ba-crud-table"
        rowKey="id"
        size={size ?? settings.density}
        border={{ wrapper: true, cell: true }}
        columns={tableColumns}
        // A failed load is said in the body, with a retry, never as "no data".
        data={list.failed ? [] : list.rows}
        loading={list.loading}
        scroll={{ x: true }}
        noDataElement={list.failed ? <LoadFailure onRetry={() => void list.reload()} /> : <Empty description={t('crud.empty')} />}
        childrenColumnName={tree || lazy ? 'children' : '__no_children'}
        expandedRowKeys={lazy ? list.expandedKeys : expanded}
        // A lazy row with children still to load carries `children: []`: it gets an expand button too.
        expandProps={{ strictTreeData: !lazy, icon: expandIcon }}
        onExpand={(row, open) => {
          if (lazy) {
            list.expand(row, open);
            return;
          }
          setFolded((prev) => {
            const next = new Set(prev);
            if (open) next.delete(String(row.id));
            else next.add(String(row.id));
            return next;
          });
        }}
        rowSelection={
          selection
            ? {
                type: 'checkbox',
                selectedRowKeys: list.selectedKeys,
                onChange: (keys) => list.setSelectedKeys(keys.map(String)),
                checkStrictly: true,
              }
            : undefined
        }
        rowClassName={(row) => (activeKey !== undefined && row.id === activeKey ? 'ba-crud-row-active' : '')}
        onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row) }) : undefined}
        pagination={
          list.paged
            ? {
                current: list.current,
                pageSize: list.size,
                total: list.total,
                sizeCanChange: true,
                sizeOptions: [...PAGE_SIZES],
                showTotal: list.totalExact ? true : (total: number) => t('crud.totalAtLeast', { total: total.toLocaleString() }),
                showJumper: true,
              }
            : false
        }
        onChange={(pagination, sorter, _filters, extra) => {
          if (extra.action === 'paginate') list.changePage(pagination.current ?? 1, pagination.pageSize);
          if (extra.action === 'sort') {
            const info = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterInfo | undefined;
            list.changeSort(info?.direction && info.field ? { field: String(info.field), order: info.direction === 'ascend' ? 'asc' : 'desc' } : null);
          }
        }}
      />
    </div>
  );
}
