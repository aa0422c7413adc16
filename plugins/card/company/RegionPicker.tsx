import { useEffect, useState } from 'react';
import { Cascader, Input } from '@arco-design/web-react';
import { fetchQuery, query, REFERENCE_CACHE_MS, useTranslation, ViewValue } from '../../../core/sdk/browser';

/**
 * The company's region, picked level by level from the region plugin's tree (`lazy-tree?parentCode=`),
 * any level may be the answer (a province, a city, a district). The value is the region code alone; its
 * ancestors are its prefixes (2 digits a province, 4 a city, 6 a district, then 9 and 12), so the path
 * an existing value opens on is loaded without asking the server what it is. Read only, the names of the
 * path as text. Where the tree cannot be read (the region plugin is off for the tenant, or the user may
 * not read it), a plain code input.
 */

const REGION_TREE = '/api/blade-system/region/lazy-tree';
const ROOT = '00';
const LEVELS = [2, 4, 6, 9, 12];

interface RegionNode {
  value: string;
  title: string;
  hasChildren: boolean;
}

interface CascaderOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: CascaderOption[];
}

const childrenQuery = (parentCode: string) =>
  query<RegionNode[]>('/api/blade-system/region', REGION_TREE, { params: { parentCode }, cacheFor: REFERENCE_CACHE_MS, silent: true, select: (data) => (Array.isArray(data) ? (data as RegionNode[]) : []) });

const toOption = (node: RegionNode): CascaderOption => ({ value: node.value, label: node.title, isLeaf: !node.hasChildren });

/** The codes from the province down to the region itself. */
export function regionPath(code: string): string[] {
  return LEVELS.filter((length) => length <= code.length).map((length) => code.slice(0, length));
}

async function loadTree(value: string | undefined): Promise<CascaderOption[]> {
  const top = (await fetchQuery(childrenQuery(ROOT))).map(toOption);
  let level = top;
  // The levels an existing value opens on, so that the field shows its names.
  for (const code of value ? regionPath(value).slice(0, -1) : []) {
    const parent = level.find((o) => o.value === code);
    if (!parent || parent.isLeaf) break;
    parent.children = (await fetchQuery(childrenQuery(code))).map(toOption);
    level = parent.children;
  }
  return top;
}

/** The names along the value's path, as far as the loaded tree knows them. */
function pathNames(options: readonly CascaderOption[], value: string): string[] {
  const names: string[] = [];
  let level: readonly CascaderOption[] | undefined = options;
  for (const code of regionPath(value)) {
    const node: CascaderOption | undefined = level?.find((o) => o.value === code);
    if (!node) break;
    names.push(node.label);
    level = node.children;
  }
  return names;
}

export function RegionPicker({ value, onChange, disabled }: { value?: string; onChange?: (value: string | undefined) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<CascaderOption[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let live = true;
    loadTree(value).then(
      (tree) => live && setOptions(tree),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
    // Loaded once per opening of the form: later changes come from the picker itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Read only (viewing a company): the region's names as text, its code until they are known.
  if (disabled) {
    const names = value && options ? pathNames(options, value) : [];
    return <ViewValue text={names.length ? names.join(' / ') : (value ?? '')} />;
  }
  if (unavailable) {
    return <Input value={value ?? ''} onChange={(next) => onChange?.(next.trim() || undefined)} disabled={disabled} placeholder={t('card.company.regionCode')} allowClear />;
  }
  return (
    <Cascader
      options={options ?? []}
      loading={options === null}
      value={value ? regionPath(value) : []}
      onChange={(path) => onChange?.(path.length ? String(path[path.length - 1]) : undefined)}
      loadMore={async (path) => (await fetchQuery(childrenQuery(String(path[path.length - 1])))).map(toOption)}
      changeOnSelect
      allowClear
      showSearch={false}
      disabled={disabled}
      placeholder={t('card.company.regionPlaceholder')}
      aria-label={t('card.company.regionPlaceholder')}
    />
  );
}
