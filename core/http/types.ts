/** The BladeX response envelope (`org.springblade.core.tool.api.R`). */
export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export type { Page } from '../schema/page';

export type Params = Record<string, unknown>;

export interface RequestOptions {
  /** Query string values; undefined and null are left out, everything is URL-encoded. */
  params?: Params;
  /** Milliseconds; default siteConfig().httpTimeout. */
  timeout?: number;
  /** A long call (imports, file generation): siteConfig().longTimeout instead of the default. */
  long?: boolean;
  headers?: Record<string, string>;
  /** No toast on failure: the caller reports it (background work such as the token refresh). */
  silent?: boolean;
  /** Called with the answer's headers when it arrives (a file answer that gives counts in its headers, say). */
  onHeaders?: (headers: Headers) => void;
}

/** How far an upload is: bytes of the request body sent, of `total` (0 when the browser cannot tell). */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100, whole. */
  percent: number;
}

export interface UploadOptions extends RequestOptions {
  /** Called as the body goes out (several times a second on a slow line). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload: the call rejects with an HttpError of kind 'aborted', without a toast. */
  signal?: AbortSignal;
}

/** 'aborted': the caller cancelled the call (no toast; the caller knows). */
export type HttpErrorKind = 'business' | 'unauthorized' | 'whitelisted' | 'status' | 'network' | 'timeout' | 'aborted';

/** Every rejected call rejects with this, after the one toast (if any) was shown. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly code: number;
  readonly body: unknown;

  constructor(kind: HttpErrorKind, message: string, code = 0, body: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.code = code;
    this.body = body;
  }
}
