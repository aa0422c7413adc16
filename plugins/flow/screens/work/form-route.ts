import { useMemo } from 'react';
import { useDictionary, usePluginRegistry } from '../../../../core/sdk/browser';
import { FLOW_DICTIONARY } from '../../dictionary';
import { formRemark, routesOf, type FormRoutes } from './form-paths';

export { formRemark, routesOf, type FormRoutes } from './form-paths';

/** The form routes of each category, from the flow dictionary and the routes the browser has. */
export function useFormRoutes(): (category: string) => FormRoutes {
  const { items } = useDictionary(FLOW_DICTIONARY);
  const registry = usePluginRegistry();
  // Read while rendering an observer: a plugin registered later (another tenant's) is followed.
  const paths = (registry?.routes() ?? []).map((route) => route.path);
  const pathsKey = paths.join('\n');
  return useMemo(
    () => (category: string) => routesOf(formRemark(category, items, pathsKey.split('\n'))),
    [items, pathsKey],
  );
}
