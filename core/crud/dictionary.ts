import { useContext, useMemo } from 'react';
import { i18n, localText } from '../i18n';
import { useStable } from '../kernel/stable';
import type { DictionaryBases, FieldDef } from '../schema/entity';
import { DictionarySourceContext } from './dictionary-source';
import { fetchQuery, invalidateResource, query, queryKey, REFERENCE_CACHE_MS, useQueries, type Query } from './data';

/** One entry of `GET /api/blade-system/dict[-biz]/dictionary?code=` (the children of a code). */
export interface DictItem {
  id?: string;
  parentId?: string;
  code?: string;
  dictKey: string | number;
  /** In the language of the request (the Chinese value when the entry has no English one). */
  dictValue: string;
  /** The entry's English value, as stored (a BladeX backend has none). */
  dictValueEn?: string | null;
  sort?: number;
  remark?: string;
}

export interface ChoiceOption {
  value: string | number;
  label: string;
  /** An Arco tag colour: the table and the view show the choice as a tag of it. */
  color?: string;
}

export interface DictSource {
  code: string;
  biz?: boolean;
}

/** The resource a dictionary belongs to: a write to the dictionaries (or business dictionaries) refreshes it. */
export function dictionaryResource(bases: DictionaryBases, biz = false): string {
  return biz ? bases.business : bases.system;
}

/** The dictionary resources read so far: the ones a language switch must drop. */
const readResources = new Set<string>();

// An entry's value is answered in the interface's language (the server reads the request's): after a
// switch, the entries kept are in the other one. They are dropped, and every mounted view asks again.
i18n.on('languageChanged', () => {
  for (const resource of readResources) void invalidateResource(resource);
});

/** The read of a dictionary's entries: kept a while, one request however many fields and screens ask. */
export function dictionaryQuery({ code, biz }: DictSource, bases: DictionaryBases): Query<DictItem[]> {
  const resource = dictionaryResource(bases, biz);
  readResources.add(resource);
  return query(resource, `${resource}/dictionary`, {
    params: { code },
    cacheFor: REFERENCE_CACHE_MS,
    select: (data) => (Array.isArray(data) ? (data as DictItem[]) : []),
  });
}

/** The entries of a dictionary (from the cache while it is kept; a failure is not kept). */
export function loadDictionary(source: DictSource, bases: DictionaryBases): Promise<DictItem[]> {
  return fetchQuery(dictionaryQuery(source, bases));
}

export function dictOptions(items: readonly DictItem[]): ChoiceOption[] {
  return items.map((item) => ({ value: item.dictKey, label: item.dictValue }));
}

const sourceKey = (s: DictSource) => `${s.biz ? 'b' : 's'}:${s.code}`;

/**
 * The entries of several dictionaries, by `b:<code>` / `s:<code>` (business / system). Each code is
 * requested once however many fields and components ask, and again after the dictionaries change.
 */
export function useDictionaries(sources: readonly DictSource[]): { items: Record<string, DictItem[]>; loading: boolean } {
  // Callers pass a new array each render: the same codes are the same request.
  const unique = useStable([...new Map(sources.map((s) => [sourceKey(s), s])).values()], sources.map(sourceKey).join(','));
  const bases = useContext(DictionarySourceContext);
  const { data, loading } = useQueries(useMemo(() => (bases ? unique.map((s) => dictionaryQuery(s, bases)) : []), [unique, bases]));
  const items = useMemo(
    () =>
      bases
        ? Object.fromEntries(unique.flatMap((s) => (data[queryKey(dictionaryQuery(s, bases))] ? [[sourceKey(s), data[queryKey(dictionaryQuery(s, bases))]!]] : [])))
        : {},
    [unique, data, bases],
  );
  return { items, loading };
}

/** The options of one dictionary (`dictKey` → `dictValue`), for a Select. */
export function useDictionary(code: string | undefined, biz = false): { items: DictItem[]; options: ChoiceOption[]; loading: boolean } {
  const sources = useMemo(() => (code ? [{ code, biz }] : []), [code, biz]);
  const { items, loading } = useDictionaries(sources);
  const list = useMemo(() => (code ? (items[sourceKey({ code, biz })] ?? []) : []), [items, code, biz]);
  return { items: list, options: useMemo(() => dictOptions(list), [list]), loading };
}

/** The dictionaries an entity's fields use. */
export function fieldDictionaries(fields: readonly FieldDef[]): DictSource[] {
  return fields.flatMap((field) => (field.dict ? [{ code: field.dict.code, biz: field.dict.biz }] : []));
}

/** A field's choices: its fixed options, else its dictionary's entries (from `items` of useDictionaries). */
export function fieldOptions(field: FieldDef, items: Record<string, DictItem[]>): ChoiceOption[] {
  if (field.options) return field.options.map((o) => ({ value: o.value, label: localText(o.label), ...(o.color ? { color: o.color } : {}) }));
  if (field.dict) {
    const options = dictOptions(items[sourceKey({ code: field.dict.code, biz: field.dict.biz })] ?? []);
    // A numeric dictionary's values arrive as numbers: its choices must be numbers too, or a select shows the bare key.
    return field.dict.numeric ? options.map((o) => ({ ...o, value: Number(o.value) })) : options;
  }
  return [];
}

/** The label shown for a value of a field with choices (the value itself when no choice matches). */
export function choiceLabel(options: readonly ChoiceOption[], value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const found = options.find((o) => String(o.value) === String(value));
  return found ? found.label : String(value);
}
