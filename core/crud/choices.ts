import { useMemo } from 'react';
import type { FieldDef } from '../schema/entity';
import { invalidateResource, queryKey, useQueries } from './data';
import { fieldDictionaries, fieldOptions, useDictionaries, type ChoiceOption } from './dictionary';
import { fieldSources, sourceOptions, sourceQuery, sourceResource } from './source';
import type { Row } from './query';

/** How the choices of a field read from an endpoint are doing (a select shows it). */
export interface SourceState {
  loading: boolean;
  /** The read failed: the select shows the raw value and offers a retry. */
  failed: boolean;
  reload: () => void;
}

export interface FieldChoices {
  /** A field's choices: fixed options, a dictionary's entries or its source's rows (none while loading). */
  optionsOf: (field: FieldDef) => ChoiceOption[];
  /** The state of a field's source; undefined for a field without one. */
  sourceOf: (field: FieldDef) => SourceState | undefined;
  loading: boolean;
}

/**
 * The choices of some fields, wherever they come from: fixed options, dictionaries (one request per code)
 * and sources (one request per URL, again when their resource changes). The one way the kit's screens
 * (form, search form, table, export) get a field's choices.
 */
export function useFieldChoices(fields: readonly FieldDef[]): FieldChoices {
  const { items, loading: dictionariesLoading } = useDictionaries(fieldDictionaries(fields));
  const queries = useMemo(() => {
    const byKey = new Map(fieldSources(fields).map((source) => [queryKey(sourceQuery(source)), sourceQuery(source)]));
    return [...byKey.values()];
  }, [fields]);
  const sources = useQueries<Row[]>(queries);
  return useMemo(() => {
    const rowsOf = (field: FieldDef) => (field.source ? sources.data[queryKey(sourceQuery(field.source))] : undefined);
    return {
      optionsOf: (field) => {
        if (field.source) return sourceOptions(field.source, rowsOf(field) ?? []);
        return fieldOptions(field, items);
      },
      sourceOf: (field) => {
        if (!field.source) return undefined;
        const arrived = rowsOf(field) !== undefined;
        const resource = sourceResource(field.source.url);
        // Every view of the source failed alike (the search form, the table, a form): all ask again.
        return { loading: sources.loading && !arrived, failed: !sources.loading && !arrived, reload: () => void invalidateResource(resource) };
      },
      loading: dictionariesLoading || sources.loading,
    };
  }, [items, dictionariesLoading, sources.data, sources.loading]);
}
