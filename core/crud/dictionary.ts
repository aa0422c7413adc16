import { useEffect, useMemo, useState } from 'react';
import { http } from '../http';
import { localText } from '../i18n';
import type { FieldDef } from '../schema/entity';
import { session } from '../session/session';

/** One entry of `GET /api/blade-system/dict[-biz]/dictionary?code=` (the children of a code). */
export interface DictItem {
  id?: string;
  parentId?: string;
  code?: string;
  dictKey: string | number;
  dictValue: string;
  sort?: number;
  remark?: string;
}

export interface ChoiceOption {
  value: string | number;
  label: string;
}

export interface DictSource {
  code: string;
  biz?: boolean;
}

// Per page view and per tenant: the same code is asked for once however many fields and screens use it.
const pending = new Map<string, Promise<DictItem[]>>();
const resolved = new Map<string, DictItem[]>();

function cacheKey({ code, biz }: DictSource): string {
  const tenant = session.userInfo?.tenant_id ?? session.tenantId ?? '';
  return `${tenant}|${biz ? 'dict-biz' : 'dict'}|${code}`;
}

/** The entries of a dictionary: one request per code (shared by concurrent callers), then from memory. */
export function loadDictionary(source: DictSource): Promise<DictItem[]> {
  const key = cacheKey(source);
  let promise = pending.get(key);
  if (!promise) {
    promise = http
      .get<DictItem[] | null>(`/api/blade-system/${source.biz ? 'dict-biz' : 'dict'}/dictionary`, { params: { code: source.code } })
      .then((res) => {
        const items = Array.isArray(res.data) ? res.data : [];
        resolved.set(key, items);
        return items;
      })
      .catch((error: unknown) => {
        pending.delete(key); // a failure is not remembered: the next screen asks again
        throw error;
      });
    pending.set(key, promise);
  }
  return promise;
}

/** Forgets a dictionary (after it was edited), or every dictionary. */
export function forgetDictionaries(source?: DictSource): void {
  if (!source) {
    pending.clear();
    resolved.clear();
    return;
  }
  for (const key of [...pending.keys()]) {
    if (key.endsWith(`|${source.biz ? 'dict-biz' : 'dict'}|${source.code}`)) {
      pending.delete(key);
      resolved.delete(key);
    }
  }
}

export function dictOptions(items: readonly DictItem[]): ChoiceOption[] {
  return items.map((item) => ({ value: item.dictKey, label: item.dictValue }));
}

const sourceKey = (s: DictSource) => `${s.biz ? 'b' : 's'}:${s.code}`;

/**
 * The entries of several dictionaries, by `b:<code>` / `s:<code>` (business / system). Each code is
 * requested once per page view, however many fields and components ask.
 */
export function useDictionaries(sources: readonly DictSource[]): { items: Record<string, DictItem[]>; loading: boolean } {
  const signature = sources.map(sourceKey).join(',');
  const unique = useMemo(() => [...new Map(sources.map((s) => [sourceKey(s), s])).values()], [signature]);
  const read = () => Object.fromEntries(unique.flatMap((s) => (resolved.has(cacheKey(s)) ? [[sourceKey(s), resolved.get(cacheKey(s))!]] : [])));
  const [items, setItems] = useState<Record<string, DictItem[]>>(read);
  const [loading, setLoading] = useState(() => unique.some((s) => !resolved.has(cacheKey(s))));

  useEffect(() => {
    let live = true;
    const missing = unique.filter((s) => !resolved.has(cacheKey(s)));
    setItems(read());
    if (missing.length === 0) {
      setLoading(false);
      return;
    }
    setLoading(true);
    void Promise.allSettled(missing.map(loadDictionary)).then(() => {
      if (!live) return;
      setItems(read());
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [unique]);

  return { items, loading };
}

/** The options of one dictionary (`dictKey` → `dictValue`), for a Select. */
export function useDictionary(code: string | undefined, biz = false): { items: DictItem[]; options: ChoiceOption[]; loading: boolean } {
  const sources = useMemo(() => (code ? [{ code, biz }] : []), [code, biz]);
  const { items, loading } = useDictionaries(sources);
  const list = code ? (items[sourceKey({ code, biz })] ?? []) : [];
  return { items: list, options: useMemo(() => dictOptions(list), [list]), loading };
}

/** The dictionaries an entity's fields use. */
export function fieldDictionaries(fields: readonly FieldDef[]): DictSource[] {
  return fields.flatMap((field) => (field.dict ? [{ code: field.dict.code, biz: field.dict.biz }] : []));
}

/** A field's choices: its fixed options, else its dictionary's entries (from `items` of useDictionaries). */
export function fieldOptions(field: FieldDef, items: Record<string, DictItem[]>): ChoiceOption[] {
  if (field.options) return field.options.map((o) => ({ value: o.value, label: localText(o.label) }));
  if (field.dict) return dictOptions(items[sourceKey({ code: field.dict.code, biz: field.dict.biz })] ?? []);
  return [];
}

/** The label shown for a value of a field with choices (the value itself when no choice matches). */
export function choiceLabel(options: readonly ChoiceOption[], value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const found = options.find((o) => String(o.value) === String(value));
  return found ? found.label : String(value);
}
