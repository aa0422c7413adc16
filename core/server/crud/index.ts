/**
 * The CRUD engine: everything a list screen's server side needs, derived from an entity definition
 * (`core/schema/entity.ts`). `mountCrud` mounts the endpoints; the parts are exported for hand-written ones.
 */
export { entityTableParts, checkEntity, columnType, entityFields, sortColumn, sortableColumns, AUDIT_FIELDS, type TableColumn, type TableIndex } from './columns';
export { syncEntityTable, columnPlan, indexName, type SyncChange } from './table-sync';
export { entityValidator, fieldSchema, acceptsField, formatError, firstIssueText, type BodyMode, type EntityValues, type ParsedBody, type EntityValidator } from './body';
export { SqlParams, filterSql, orderSql, parseListQuery, localInstant, type Where, type ListQuery } from './sql';
export { crudRepo, type CrudRepo, type Actor, type DbRow, type Json, type QueryOptions } from './repo';
export { mountCrud, entityRoute, entityColumns, crudDataScope, parseIds, parseId, readIds, type CrudAction, type MountCrudOptions } from './mount';
export { composeHooks, checkAccess, defaultRule, type CrudHooks, type CrudOperation, type AccessRule, type HookArgs, type PrepareArgs } from './hooks';
export { entityNames, entityIdsByName, namesById } from './lookups';
export { nest, parentIdOf, resolveTree, addressedTenant, actorIn, MSG_SELF_PARENT, type TreeNode } from './tree';
export { moveState, mountStateMove, stateMoveParams, type MoveContext, type NoMoveInput, type StateMoveOptions, type StateMoveResult, type MountStateMoveOptions } from './state-move';
