/**
 * What both sides of a plugin read: the declarations of its index.ts (the plugin, its resources and
 * entities, their menus and buttons). Nothing here loads React or a Node module, so a file that both the
 * browser and the server import takes its kernel imports from here; browser.ts and server.ts pass all of
 * it on, so the rest of a plugin imports from its own side's module only.
 */
export { definePlugin, type BrowserPlugin, type BrowserPluginModule, type HomeCardDecl, type MessageFeed, type MessageFeedItem, type NoticeFeed, type NoticeFeedDetail, type NoticeFeedItem, type NoticeFeedPage, type ProcessProgressProps, type RouteDecl, type RouteMeta, type StoreDecl, type WorkflowUi } from '../plugin/types';
export { defineResource, resourcePath, type ResourceDecl, type ResourceMenu, type ResourcePlugin } from '../schema/resource';
export { crudButtons } from '../schema/crud-buttons';
export { declaredCodes, type ButtonDecl, type DictionaryDecl, type LocalText, type MenuDecl, type PluginManifest, type TopMenuDecl } from '../schema/manifest';
export { FILE_LINK_PREFIX, isImageLink } from '../schema/image-link';
export { EMBEDDED_DATASOURCE_ID, type ColumnShape, type DatasourceChoice, type IndexShape, type TableShape, type TableSummary } from '../schema/table-shape';
export { EMAIL_RULE, HTTP_URL_RULE, MOBILE_REQUIRED, MOBILE_RULES, TELEPHONE_RULE, type FieldRule } from '../schema/field-rules';
export { defineEntity, fieldColumn, requiredMessage, snakeCase, type EntityApi, type EntityDef, type FieldDef, type FieldSource, type FieldType, type FilterOp, type Option, type TreeTrait } from '../schema/entity';
export { FEN_PER_YUAN, formatYuan, MAX_FEN, parseYuan } from '../schema/money';
export {
  canMove,
  defineStateMachine,
  isState,
  moveRefusal,
  nextStates,
  stateLabel,
  stateOptions,
  type StateDecl,
  type StateMachine,
} from '../schema/state-machine';
export { bladeFlow, categoryName, durationText, isPass, NOT_PASS_COMMENT, PASS_COMMENT, PASS_FLAG, splitBusinessKey, TASK_USER_PREFIX, taskUser, userIdOfTaskUser, type BladeFlow } from '../schema/blade-flow';
