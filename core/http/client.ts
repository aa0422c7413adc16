import { createAlova, type Method } from 'alova';
import adapterFetch, { type FetchRequestAdapter } from 'alova/fetch';
import reactHook from 'alova/react';
import { siteConfig } from '../config';
import { currentLanguage, i18n } from '../i18n';
import { navigateTo } from '../navigation/navigator';
import { authHooks } from './auth';
import { createPipeline, type CallContext, type Pipeline } from './pipeline';
import { toastError } from './toast';
import { base64, withQuery } from './query';
import { adapterXhr } from './xhr-adapter';
import { HttpError, type R, type RequestOptions, type UploadOptions, type UploadProgress } from './types';
// The error texts the pipeline shows (errors.*) must be registered wherever HTTP is used.
import '../i18n/kernel';

let pipeline: Pipeline | null = null;

/** The pipeline with the real side effects, made on first use (the site config is set by then). */
function livePipeline(): Pipeline {
  pipeline ??= createPipeline({
    whiteList: () => siteConfig().statusWhiteList,
    toast: toastError,
    signOut: () => authHooks().signOut(),
    navigate: (path) => navigateTo(path, { replace: true }),
    t: (key, values) => i18n.t(key, values),
  });
  return pipeline;
}

interface CallMeta {
  silent: boolean;
  blob: boolean;
  /** Sent over XMLHttpRequest, whose upload progress can be watched (uploads). */
  watched?: boolean;
  sentToken?: string;
  onHeaders?: (headers: Headers) => void;
}

function context(meta: CallMeta | undefined): CallContext {
  return { sentToken: meta?.sentToken ?? '', silent: meta?.silent ?? false };
}

async function readBody(response: Response, blob: boolean): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (blob && response.ok && !type.includes('json')) return response.blob();
  const raw = await response.text();
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // an HTML error page from a proxy, say: judged by its HTTP status
  }
}

const sendByFetch = adapterFetch();
const sendByXhr = adapterXhr();
/** Fetch for every call, but XMLHttpRequest for those whose upload is watched (fetch cannot report it). */
const sendEither: FetchRequestAdapter = (elements, method) => ((method.meta as CallMeta | undefined)?.watched ? sendByXhr : sendByFetch)(elements, method);

export const alova = createAlova({
  requestAdapter: sendEither,
  // React state for alova's request hooks (alova/client), which the CRUD kit's data layer builds on.
  statesHook: reactHook,
  // Every call goes to the server unless it asks otherwise: no response cache (alova caches GETs for 5
  // minutes by default) and no sharing of identical concurrent calls (a list reloaded after a save must
  // really reload). The CRUD kit's keyed reads opt in per call (MethodOptions).
  cacheFor: null,
  // No console line per answer served from the cache.
  cacheLogger: false,
  shareRequest: false,
  snapshots: 0,
  beforeRequest(method) {
    const config = siteConfig();
    const headers = method.config.headers as Record<string, string>;
    headers.Authorization = `Basic ${base64(`${config.clientId}:${config.clientSecret}`)}`;
    // The server answers its messages (refusals, validation, sign-in errors) in the interface's language.
    headers['Accept-Language'] = currentLanguage() === 'en' ? 'en' : 'zh-CN';
    const token = authHooks().token();
    if (token) headers[config.tokenHeader] = `bearer ${token}`;
    method.meta = { ...(method.meta as CallMeta), sentToken: token };
  },
  responded: {
    async onSuccess(response, method) {
      const meta = method.meta as CallMeta | undefined;
      meta?.onHeaders?.(response.headers);
      const body = await readBody(response, meta?.blob ?? false);
      return livePipeline().settle(response.status, body, context(meta));
    },
    onError(error, method) {
      livePipeline().fail(error, context(method.meta as CallMeta | undefined));
    },
  },
});

type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a keyed read adds to a call: alova's name, cache, cache invalidation and sharing, and a transform. */
export interface MethodOptions<T> {
  name?: string;
  /** Milliseconds the answer is kept (default: not kept). */
  cacheFor?: number;
  /** The name of the calls whose success drops this answer from the cache. */
  hitSource?: string;
  /** Identical calls under way at once make one request. */
  shareRequest?: boolean;
  /** From the answer (the R envelope, or the body) to what the caller keeps. */
  transform?: (body: never) => T | Promise<T>;
}

/** One call as an alova Method, not yet sent: the same headers, time-outs and pipeline as every call. */
export function requestMethod<T>(verb: Verb, url: string, body: unknown, opts: RequestOptions = {}, extra: MethodOptions<T> = {}, blob = false, watched = false): Method {
  const config = siteConfig();
  return alova.Request<T>({
    url: withQuery(url, opts.params),
    method: verb,
    data: body as never,
    headers: { ...opts.headers },
    timeout: opts.timeout ?? (opts.long ? config.longTimeout : config.httpTimeout),
    credentials: 'include',
    meta: { silent: opts.silent ?? false, blob, watched, onHeaders: opts.onHeaders } satisfies CallMeta,
    ...(extra as object),
  }) as unknown as Method;
}

function call<T>(verb: Verb, url: string, body: unknown, opts: RequestOptions = {}, blob = false): Promise<T> {
  return requestMethod<T>(verb, url, body, opts, {}, blob).send() as Promise<T>;
}

const percentOf = (loaded: number, total: number) => (total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0);

/**
 * A multipart POST over XMLHttpRequest through the same alova instance, so the same headers, time-out and
 * pipeline apply; it reports how much of the body is sent and can be cancelled with `signal`.
 */
function sendWatched<T>(url: string, form: FormData, opts: UploadOptions): Promise<T> {
  const { onProgress, signal, ...rest } = opts;
  // Already cancelled: nothing is sent.
  if (signal?.aborted) return Promise.reject(new HttpError('aborted', i18n.t('errors.aborted')));
  const method = requestMethod<T>('POST', url, form, { long: true, ...rest }, {}, false, true);
  if (onProgress) method.onUpload(({ loaded, total }) => onProgress({ loaded, total, percent: percentOf(loaded, total) } satisfies UploadProgress));
  const cancel = () => void method.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  return (method.send() as Promise<T>).finally(() => signal?.removeEventListener('abort', cancel));
}

/**
 * The shared client. `get`/`post`/`upload` resolve with the R envelope (callers read `.data`) and reject
 * with an HttpError that has already been reported (one toast). URLs start with `/api/`.
 */
export const http = {
  get<T>(url: string, opts?: RequestOptions): Promise<R<T>> {
    return call<R<T>>('GET', url, undefined, opts);
  },
  post<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<R<T>> {
    return call<R<T>>('POST', url, body, opts);
  },
  /**
   * Multipart upload: the browser sets the boundary; the long time-out applies unless given, counted from
   * the last chunk sent. `onProgress` follows the body going out, `signal` cancels it.
   */
  upload<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<R<T>> {
    return sendWatched<R<T>>(url, form, opts);
  },
  /** One file as the multipart field `field` (default `file`), like `upload`. */
  uploadFile<T>(url: string, file: Blob, opts: UploadOptions & { field?: string; fileName?: string } = {}): Promise<R<T>> {
    const { field = 'file', fileName, ...rest } = opts;
    const form = new FormData();
    if (fileName !== undefined) form.append(field, file, fileName);
    else form.append(field, file);
    return sendWatched<R<T>>(url, form, rest);
  },
  /** A body that is not an R envelope (the OAuth token answer, the captcha). Same rules otherwise. */
  request<T>(verb: Verb, url: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return call<T>(verb, url, body, opts);
  },
  /** A file answer (exports). A JSON answer is judged like any other call and rejects when it is an error. */
  download(verb: Verb, url: string, body?: unknown, opts?: RequestOptions): Promise<Blob> {
    return call<Blob>(verb, url, body, { long: true, ...opts }, true);
  },
};
