import type { ResourceScreen } from '../plugin/registry';

/**
 * The screen of a resource that brings none: the CRUD kit's list screen, loaded with the kit's chunk the
 * first time such a screen opens (never on /login).
 */
export const resourceScreen: ResourceScreen = (resource) => () => import('../crud/ResourcePage').then((m) => ({ default: m.resourcePage(resource) }));
