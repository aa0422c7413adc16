import type { GenFile, GenSpec } from '../spec';
import { browserTestFile } from './templates/browser-test-file';
import { screenName } from './templates/common';
import { demoRowsFile } from './templates/demo-rows-file';
import { entityFile } from './templates/entity-file';
import { serverFile } from './templates/server-file';
import { serverTestFile } from './templates/server-test-file';
import { treeScreenFile } from './templates/tree-screen-file';

/**
 * The files of a plugin, in the house style: its declaration (entity, menu, dictionaries), its server part
 * (seed, and the adoption of a table that is already there), its demo rows, a tree's screen, and its
 * server and browser tests. Paths are from the project's root.
 */
export function generatePlugin(spec: GenSpec): GenFile[] {
  const dir = `plugins/${spec.pluginId}`;
  const files: GenFile[] = [
    { path: `${dir}/index.ts`, content: entityFile(spec) },
    { path: `${dir}/server.ts`, content: serverFile(spec) },
  ];
  if (spec.demoRows.length) files.push({ path: `${dir}/demo-rows.ts`, content: demoRowsFile(spec) });
  if (spec.tree) files.push({ path: `${dir}/screens/${screenName(spec)}.tsx`, content: treeScreenFile(spec) });
  files.push({ path: `${dir}/${spec.pluginId}.server.test.ts`, content: serverTestFile(spec) });
  files.push({ path: `${dir}/${spec.pluginId}.test.tsx`, content: browserTestFile(spec) });
  return files;
}
