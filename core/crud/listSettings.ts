import { useCallback, useSyncExternalStore } from 'react';
import type { EntityDef } from '../schema/entity';

/** How tight a list's rows are: Arco's table sizes. */
export type Density = 'default' | 'middle' | 'small';
export const DENSITIES: readonly Density[] = ['default', 'middle', 'small'];

/** What a user chose for a list: the columns hidden and the density; kept per entity in this browser. */
export interface ListSettings {
  hidden: readonly string[];
  density: Density;
}

const DEFAULTS: ListSettings = { hidden: [], density: 'default' };
const storageKey = (entity: EntityDef) => `ba-list:${entity.api.base}`;

// The settings as last parsed, by the stored text: the same text gives the same object (useSyncExternalStore
// compares snapshots), and what is in the storage always wins.
const parsed = new Map<string, { text: string | null; settings: ListSettings }>();
const listeners = new Set<() => void>();

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused: the defaults
  }
}

function read(entity: EntityDef): ListSettings {
  const key = storageKey(entity);
  const text = stored(key);
  const last = parsed.get(key);
  if (last && last.text === text) return last.settings;
  let settings = DEFAULTS;
  try {
    const value = JSON.parse(text ?? 'null') as Partial<ListSettings> | null;
    if (value && typeof value === 'object') {
      settings = {
        // A name the definition no longer has is dropped (the entity changed since).
        hidden: Array.isArray(value.hidden) ? value.hidden.filter((name): name is string => typeof name === 'string' && name in entity.fields) : [],
        density: DENSITIES.includes(value.density as Density) ? (value.density as Density) : 'default',
      };
    }
  } catch {
    // Not ours: the defaults.
  }
  parsed.set(key, { text, settings });
  return settings;
}

function write(entity: EntityDef, settings: ListSettings): void {
  const key = storageKey(entity);
  const text = JSON.stringify(settings);
  parsed.set(key, { text, settings });
  try {
    localStorage.setItem(key, text);
  } catch {
    // Storage full or refused: the choice is not remembered.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ListSettingsState extends ListSettings {
  setHidden(hidden: readonly string[]): void;
  setDensity(density: Density): void;
}

/** A list's column and density choices, shared by its toolbar and its table, remembered per entity. */
export function useListSettings(entity: EntityDef): ListSettingsState {
  const settings = useSyncExternalStore(subscribe, () => read(entity), () => DEFAULTS);
  const setHidden = useCallback((hidden: readonly string[]) => write(entity, { ...read(entity), hidden: [...hidden] }), [entity]);
  const setDensity = useCallback((density: Density) => write(entity, { ...read(entity), density }), [entity]);
  return { ...settings, setHidden, setDensity };
}
