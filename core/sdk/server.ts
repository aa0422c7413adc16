/**
 * The kernel as a plugin's server side sees it: its declarations (shared.ts), `defineServerPlugin`, the
 * CRUD engine, answers and errors, messages in the caller's language, permissions, the database's types,
 * and the kernel's tenants, users, menus and seed that a system plugin works with. A plugin's server
 * files import the kernel from here and from nowhere else in core/ (the linter holds them to it).
 */
export * from './shared';
export { composeServerParts, defineServerPlugin, type BodyLimits, type Migration, type ServerParts, type ServerPlugin } from '../server/plugin';
export type { Job } from '../server/jobs';
// The engine's public surface is core/server/crud/index.ts, all of it.
export * from '../server/crud';
export { parseFilters, type Filter, type FilterResult } from '../schema/filters';
export type { AppEnv, Logger, ServerContext } from '../server/context';
export type { Tx } from '../server/db/types';
export type { CreatedTenant, DeclaredTopMenu, DictionaryLabels, NameLookup, OAuthClient, Provides, TopMenuStore } from '../server/extensions';
export type { FileStore, FileStoreContext, FileStores } from '../server/oss/file-store';
export { catalogSchemas, type DatasourceCatalog } from '../server/datasource-catalog';
export type { DeployedDefinition, WorkflowCompleteInput, WorkflowDeployInput, WorkflowInstanceSummary, WorkflowService, WorkflowStartInput, WorkflowTask } from '../server/workflow';
export { EMBEDDED_DATASOURCE_ID, type ColumnShape, type DatasourceChoice, type IndexShape, type TableShape, type TableSummary } from '../schema/table-shape';
export { PARAMETERS, parameterValueRefusal, readParameters, type ParameterSource } from '../server/parameters';
export { logEvent, type LoggedEvent } from '../server/log/event';
export type { ApiLogEntry, ErrorLogEntry, LoggedCaller, Logs, UsualLogEntry, UsualLogLevel } from '../server/log/entries';
export { MASK, maskSecrets } from '../server/log/mask';
export type { IdGenerator } from '../server/ids';
export { isUniqueViolation } from '../server/db/errors';
export {
  FILE_LOCATION_COLUMNS,
  FILE_ROUTE,
  fileBytes,
  MSG_STORE_FAILED,
  readObject,
  removeFiles,
  storeFile,
  storeOf,
  storeUpload,
  type FileLocation,
  type FileReadingContext,
  type StoredFile,
  type StoredType,
  type StoringContext,
} from '../server/oss/store';
export { hostAllowed, isInternalAddress, listedHosts, publicOnlyLookup } from '../server/net/outbound-address';
export { DOCUMENT_TYPES, sniffDocument, type DocumentType } from '../server/oss/document-type';
export { sniffImage, type ImageType } from '../server/oss/image-type';
export { makeThumbnail, type Thumbnail } from '../server/oss/thumbnail';
export { MULTIPART_MARGIN, uploadBodyLimit, uploadedFile, uploadedImage, type UploadedFile } from '../server/oss/upload';
export { sanitizeRichText } from '../server/richtext';
export {
  attachment,
  cellText,
  checkArchive,
  DEFAULT_SHEET_LIMITS,
  MSG_SHEET_EMPTY,
  MSG_SHEET_TYPE,
  readSheet,
  sheetHeaders,
  sheetRowsMessage,
  sheetSizeMessage,
  uploadedSheet,
  writeSheet,
  XLSX_TYPE,
  type Cell,
  type SheetColumn,
  type SheetLimits,
  type SheetRow,
} from '../server/excel';
export { ApiError, bizError, forbidden, missingParam, unauthorized } from '../server/http/errors';
export { commaList, formatDateTime, num, str } from '../server/http/format';
export { MSG } from '../server/http/messages';
export { page, pageParams, type Page } from '../server/http/page';
export { rData, rFail, rStatus, rSuccess, type R } from '../server/http/r';
export { md5Param, optionalParam, param, parseInput, readJson, readParams, zodMessage } from '../server/http/validate';
export { describeRoute, docText, pageOf, textParams, type RouteDoc } from '../server/openapi/describe';
export { currentLanguage, localize } from '../server/i18n';
export { isBigintId } from '../server/ids';
export { currentMember, currentUser } from '../server/auth/middleware';
export { clientIp } from '../server/http/client-ip';
export type { DeclaredRateRules, RateRule } from '../server/ratelimit/rules';
export { hashPassword, md5 } from '../server/auth/password';
export { assertPasswordRule, initialPassword, passwordRuleOf } from '../server/auth/password-policy';
export { assertAdministrator, assertPermission, hasPermission, noPermission, requirePermission } from '../server/auth/permissions';
export { revokeTenantSessions, revokeUserSessions } from '../server/auth/refresh-tokens';
export { parseScopeRule } from '../server/auth/scope-rule';
export { ADMINISTRATOR_ROLE, type AuthUser } from '../server/auth/user';
export { pruneEmptyGroups, visibleMenus } from '../server/menu/queries';
export { syncMenus } from '../server/menu/sync';
export { buildTree, withoutSort } from '../server/menu/tree';
export { menuTreeNode, type MenuRow, type TopMenuRow } from '../server/menu/vo';
export { DEMO_TENANT, SEED, insertRole } from '../server/seed/kernel-seed';
export { provisionTenant } from '../server/tenant/provision';
export { ADMIN_TENANT, MSG_QUOTA, TENANT_ID, assertAccountQuota, nextTenantId } from '../server/tenant/tenants';
export { insertUser, validIds } from '../server/user/users';
export { orderNumber, ORDER_NUMBER_MAX } from '../server/orders';
export type { Secrets } from '../server/secrets';
