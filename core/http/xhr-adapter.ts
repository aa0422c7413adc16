import type { ProgressUpdater, RequestElements } from 'alova';
import type { FetchRequestAdapter } from 'alova/fetch';

/** The rejection of a call the caller cancelled (the name fetch gives its own). */
export const abortError = () => new DOMException('The call was cancelled', 'AbortError');

export const isAbortError = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/** What is sent as it is; anything else goes as JSON (as the fetch adapter does). */
const sentAsIs = (data: unknown): data is XMLHttpRequestBodyInit =>
  typeof data === 'string' || data instanceof FormData || data instanceof Blob || data instanceof ArrayBuffer || data instanceof URLSearchParams;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** Statuses a Response may not carry a body with. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * alova's request adapter over XMLHttpRequest, for the calls whose sending must be seen (uploads): fetch
 * cannot report how much of a body is sent, XHR's `upload.onprogress` can. It answers a fetch `Response`,
 * so the client's `responded` hooks read it exactly as they read the fetch adapter's.
 *
 * The time-out counts from the last sign of life (a chunk sent or received), not from the start: a large
 * file on a slow line that is still moving is not cut off, a stalled one is.
 */
export function adapterXhr(): FetchRequestAdapter {
  return (elements: RequestElements, method) => {
    const xhr = new XMLHttpRequest();
    const timeout = method.config.timeout ?? 0;
    const { data, headers } = elements;
    xhr.open(elements.type, elements.url);
    xhr.responseType = 'blob';
    xhr.withCredentials = method.config.credentials === 'include';
    const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (!typed && !(data instanceof FormData)) xhr.setRequestHeader('Content-Type', 'application/json; charset=UTF-8');
    for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
      if (value !== '' && value !== undefined && value !== null && value !== false) xhr.setRequestHeader(name, String(value));
    }

    let onUpload: ProgressUpdater | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settle: { resolve: (response: Response) => void; reject: (error: unknown) => void } | undefined;
    const response = new Promise<Response>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const finish = () => clearTimeout(timer);
    const alive = () => {
      if (timeout <= 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.onabort = null;
        xhr.abort();
        settle?.reject(new Error('xhrError: network timeout'));
      }, timeout);
    };

    xhr.upload.onprogress = (event) => {
      alive();
      onUpload?.(event.loaded, event.lengthComputable ? event.total : 0);
    };
    xhr.onprogress = alive;
    xhr.onload = () => {
      finish();
      const status = xhr.status || 200;
      const body = NO_BODY.has(status) ? null : (xhr.response as Blob | null);
      settle?.resolve(new Response(body, { status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
    };
    // What fetch rejects with when nothing answers, so the pipeline judges both transports alike.
    xhr.onerror = () => {
      finish();
      settle?.reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      finish();
      settle?.reject(abortError());
    };
    alive();
    xhr.send(data === undefined || data === null ? null : sentAsIs(data) ? data : JSON.stringify(data));

    return {
      response: () => response,
      headers: () => response.then((answer) => answer.headers, () => new Headers()),
      onUpload: (handler: ProgressUpdater) => {
        onUpload = handler;
      },
      abort: () => xhr.abort(),
    };
  };
}
