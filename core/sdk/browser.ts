/**
 * The kernel as a plugin's browser side sees it: its declarations (shared.ts), the CRUD kit, the kernel
 * services (`useKernel`, `useCan`), texts, HTTP. A plugin's screens import the kernel from here and from
 * nowhere else in core/ (the linter holds them to it), so the kernel may move its files without touching
 * a plugin.
 */
export * from './shared';
// The CRUD kit's public surface is core/crud/index.ts, all of it.
export * from '../crud';
export { useCan, useKernel, useStable, type HttpClient, type KernelServices, type Permission } from '../kernel';
export { currentLanguage, i18n, languages, localText, useTranslation, type Language, type Messages, type TFunction } from '../i18n';
export { HttpError, http, toastError, toastSuccess, withQuery, type Page, type Params, type R, type UploadOptions, type UploadProgress } from '../http';
export { failureText, useCall, type CallState } from '../http/use-call';
export { passwordRuleHint, passwordRuleValidator, usePasswordRule } from '../session/password-rule';
export { MenuIcon } from '../shell/icons';
export { usePluginRegistry } from '../shell/plugins-context';
export { useReplaceTab, useTabSubject, useUnsavedChanges } from '../shell/layout/page-tab';
