import { createContext } from 'react';
import type { DictionaryBases } from '../schema/entity';

/**
 * Where dictionaries are read: what the plugin keeping them provides (the app gives it from the registry).
 * Null when no installed plugin keeps dictionaries: fields with a dictionary then show their raw values.
 * On its own, without the kit, so that the app's entry can provide it without loading the kit.
 */
export const DictionarySourceContext = createContext<DictionaryBases | null>(null);
