/**
 * An XMLHttpRequest for unit tests that sends through the global `fetch` of the moment, so the calls the app
 * makes over XHR (uploads, whose progress fetch cannot report) reach whatever a test stands in for fetch
 * with (`mockFetch`, `respond`, the in-process server) like every other call. happy-dom's own XHR goes to
 * its network stack instead.
 *
 * Its upload reports half the body sent while the answer is awaited and all of it when the answer comes,
 * so a test that holds an answer sees an upload mid-way (and can cancel it).
 */
type Handler<E extends Event = Event> = ((event: E) => void) | null;

function bodySize(body: unknown): number {
  if (body instanceof Blob) return body.size;
  if (typeof body === 'string') return new TextEncoder().encode(body).length;
  if (body instanceof FormData) {
    let size = 0;
    body.forEach((value) => {
      size += typeof value === 'string' ? value.length : value.size;
    });
    return size;
  }
  return 0;
}

const progress = (loaded: number, total: number) => Object.assign(new Event('progress'), { loaded, total, lengthComputable: total > 0 }) as ProgressEvent;

export class FetchXhr {
  static readonly UNSENT = 0;
  static readonly OPENED = 1;
  static readonly DONE = 4;

  readyState = 0;
  status = 0;
  statusText = '';
  response: unknown = null;
  responseType: XMLHttpRequestResponseType = '';
  withCredentials = false;
  timeout = 0;
  readonly upload = { onprogress: null as Handler<ProgressEvent> };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  onprogress: Handler<ProgressEvent> = null;

  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private answerHeaders = new Headers();
  private readonly controller = new AbortController();

  open(method: string, url: string): void {
    this.method = method.toUpperCase();
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  getAllResponseHeaders(): string {
    return [...this.answerHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  }

  send(body: XMLHttpRequestBodyInit | null = null): void {
    const total = bodySize(body);
    const signal = this.controller.signal;
    const answered = globalThis.fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      credentials: this.withCredentials ? 'include' : 'same-origin',
      signal,
    });
    // A task later (the caller watches the upload by then), half the body is out; the answer waits for it.
    const halfway = new Promise<void>((resolve) =>
      setTimeout(() => {
        if (!signal.aborted && total > 0) this.upload.onprogress?.(progress(Math.floor(total / 2), total));
        resolve();
      }),
    );
    void answered.then(
      async (answer) => {
        await halfway;
        if (signal.aborted) return;
        if (total > 0) this.upload.onprogress?.(progress(total, total));
        const bytes = await answer.blob();
        if (signal.aborted) return;
        this.status = answer.status;
        this.statusText = answer.statusText;
        this.answerHeaders = answer.headers;
        this.response = this.responseType === 'blob' ? bytes : await bytes.text();
        this.readyState = 4;
        this.onload?.(new Event('load'));
      },
      () => {
        if (signal.aborted) return;
        this.readyState = 4;
        this.onerror?.(new Event('error'));
      },
    );
  }

  abort(): void {
    if (this.readyState === 4 || this.controller.signal.aborted) return;
    this.controller.abort();
    this.readyState = 4;
    this.onabort?.(new Event('abort'));
  }
}

/** Puts FetchXhr in place of the environment's XMLHttpRequest (the unit tests' setup does it once). */
export function installFetchXhr(): void {
  Object.defineProperty(globalThis, 'XMLHttpRequest', { value: FetchXhr, configurable: true, writable: true });
}
