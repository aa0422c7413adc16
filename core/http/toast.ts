/**
 * Error and success toasts for kernel code. Arco's Message is fetched on first use (a toast is rare;
 * keeping it out of the entry makes the login page lighter). Identical texts shown together replace each
 * other instead of stacking up (the text is the toast id).
 */
type MessageApi = typeof import('./message').Message;

let loading: Promise<MessageApi> | null = null;

function message(): Promise<MessageApi> {
  loading ??= import('./message').then((m) => m.Message);
  return loading;
}

/** An error stays long enough to be read, however long it is, and can be closed sooner. */
export function toastError(content: string): void {
  void message().then((m) => m.error({ id: `toast:${content}`, content, duration: 8000, closable: true }));
}

export function toastSuccess(content: string): void {
  void message().then((m) => m.success({ id: `toast:${content}`, content }));
}

export function toastWarning(content: string): void {
  void message().then((m) => m.warning({ id: `toast:${content}`, content }));
}
