import { useMemo, useState } from 'react';
import { Button, Checkbox, Dropdown, Menu, Message, Popover, Tooltip } from '@arco-design/web-react';
import { IconDownload, IconLineHeight, IconSettings } from '@arco-design/web-react/icon';
import { localText, useTranslation } from '../i18n';
import { useStable } from '../kernel/stable';
import type { EntityDef, FieldDef } from '../schema/entity';
import { fetchList } from './api';
import { useFieldChoices } from './choices';
import { collectRows, downloadWorkbook, flattenRows, sheetRows, type PageFetcher } from './exportRows';
import { fieldLabel, listFields } from './fields';
import { DENSITIES, useListSettings } from './listSettings';
import { listQuery } from './query';
import type { CrudList } from './useCrudList';
import './locales';
import './crud.css';

export interface ListToolsProps {
  list: CrudList;
  /** The columns the table offers (default: the definition's listed fields). */
  columns?: readonly string[];
  /** The list's fixed query values and endpoint, for the export's calls (as given to useCrudList). */
  params?: Record<string, unknown>;
  action?: string;
  /** Offer the export (default true; a screen with an export of its own says false). */
  exportable?: boolean;
}

/** The fields a list can show as columns, in the table's order. */
export function offeredColumns(entity: EntityDef, columns?: readonly string[]): [string, FieldDef][] {
  return listFields(entity).filter(([name]) => !columns || columns.includes(name));
}

/** `20240131`. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The list's own tools at the end of its toolbar: which columns show, how dense the rows are (both kept
 * per entity in this browser), and the export of every row the current filters match as an .xlsx of the
 * columns shown, with the texts the cells show.
 */
export function ListTools({ list, columns, params, action, exportable = true }: ListToolsProps) {
  const { t } = useTranslation();
  const { entity } = list;
  const settings = useListSettings(entity);
  const chosen = useStable(columns);
  const offered = useMemo(() => offeredColumns(entity, chosen), [entity, chosen]);
  const shown = offered.filter(([name]) => !settings.hidden.includes(name));
  const choices = useFieldChoices(offered.map(([, f]) => f));
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const toggle = (name: string, show: boolean) => {
    const hidden = show ? settings.hidden.filter((n) => n !== name) : [...settings.hidden, name];
    settings.setHidden(hidden);
  };

  const exportRows = async () => {
    if (progress) return;
    setProgress({ done: 0, total: list.total });
    try {
      const fetchPage: PageFetcher = (current, size) => fetchList(entity, listQuery(entity, { current, size, filters: list.filters, sort: list.sort, params }, true), action);
      const { rows, total, exact } = list.paged ? await collectRows(fetchPage, (done, all) => setProgress({ done, total: all })) : { rows: flattenRows(list.rows), total: 0, exact: true };
      if (rows.length === 0) {
        Message.info({ id: 'crud:export', content: t('crud.exportEmpty') });
        return;
      }
      const label = localText(entity.label);
      await downloadWorkbook(sheetRows(shown, rows, choices.optionsOf), `${label}-${today()}.xlsx`, label);
      if (total > rows.length) Message.warning({ id: 'crud:export', content: t('crud.exportCapped', { count: rows.length, total: exact ? total : `${total}+` }) });
    } catch {
      // A refused page: the HTTP pipeline's toast said why.
    } finally {
      setProgress(null);
    }
  };

  const columnList = (
    <div className="ba-list-columns" role="group" aria-label={t('crud.columns')}>
      {offered.map(([name, field]) => {
        const visible = !settings.hidden.includes(name);
        return (
          <Checkbox key={name} checked={visible} disabled={visible && shown.length === 1} onChange={(checked: boolean) => toggle(name, checked)}>
            {fieldLabel(field)}
          </Checkbox>
        );
      })}
      <Button type="text" size="mini" disabled={settings.hidden.length === 0} onClick={() => settings.setHidden([])}>
        {t('crud.columnsReset')}
      </Button>
    </div>
  );

  return (
    <>
      {exportable ? (
        <Button size="small" icon={<IconDownload />} loading={progress !== null} onClick={() => void exportRows()} data-testid="crud-export">
          {progress ? t('crud.exporting', { done: progress.done, total: progress.total }) : t('crud.export')}
        </Button>
      ) : null}
      <Dropdown
        trigger="click"
        droplist={
          <Menu selectedKeys={[settings.density]} onClickMenuItem={(key) => settings.setDensity(key as (typeof DENSITIES)[number])}>
            {DENSITIES.map((density) => (
              <Menu.Item key={density}>{t(`crud.density_${density}`)}</Menu.Item>
            ))}
          </Menu>
        }
      >
        <Tooltip content={t('crud.density')} mini>
          <Button shape="circle" size="small" icon={<IconLineHeight />} aria-label={t('crud.density')} />
        </Tooltip>
      </Dropdown>
      <Popover trigger="click" position="br" content={columnList}>
        <Tooltip content={t('crud.columns')} mini>
          <Button shape="circle" size="small" icon={<IconSettings />} aria-label={t('crud.columns')} />
        </Tooltip>
      </Popover>
    </>
  );
}
