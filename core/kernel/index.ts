/** The kernel context: what plugins and the CRUD kit use to reach the session, HTTP, texts and permissions. */
export { KernelProvider, useKernel, useCan, type KernelServices, type HttpClient, type Permission } from './context';
export { decideCan, type PermissionFacts } from './can';
export { useStable } from './stable';
