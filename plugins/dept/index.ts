import { definePlugin } from '../../core/plugin/types';
import { deptEntity } from './entities';
import { deptMessages } from './locales';
import { deptManifest } from './manifest';

/** Departments (SPEC §7): a tree table, loaded level by level. */
export const deptPlugin = definePlugin({
  ...deptManifest,
  entities: [deptEntity],
  messages: deptMessages,
  routes: [{ path: '/system/dept', load: () => import('./screens/DeptPage'), meta: { title: deptManifest.name } }],
});

export default deptPlugin;
