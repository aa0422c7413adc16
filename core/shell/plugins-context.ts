import { createContext, useContext } from 'react';
import type { PluginLoader } from '../plugin/loader';
import type { Registry } from '../plugin/registry';

/**
 * The loader of the tenant's plugins, for the layout (its loading and error states). Null when the app
 * was given its plugins up front (tests that register them directly): they are all there from the start.
 */
export const PluginLoaderContext = createContext<PluginLoader | null>(null);

export function usePluginLoader(): PluginLoader | null {
  return useContext(PluginLoaderContext);
}

/** The registry the app runs on, for pages that gather what the plugins contribute (the home cards). */
export const PluginRegistryContext = createContext<Registry | null>(null);

export function usePluginRegistry(): Registry | null {
  return useContext(PluginRegistryContext);
}
