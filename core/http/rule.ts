/**
 * How the browser judges every response, as a pure function so every path is unit-tested:
 * - the code is the body's `code`, or the HTTP status when the body has none (the token endpoint answers
 *   raw OAuth JSON without `code`);
 * - only HTTP 200..500 reach the rule (a 502 from a proxy is a failure of its own);
 * - a whitelisted code is rejected silently (the caller handles it);
 * - 401 ends the session;
 * - any other code but 200 is an error with `msg || error_description` (null: the caller's "unknown error").
 */
export type Verdict =
  | { kind: 'ok'; code: 200 }
  | { kind: 'whitelisted'; code: number; message: string | null }
  | { kind: 'unauthorized'; code: 401; message: string | null }
  | { kind: 'error'; code: number; message: string | null }
  | { kind: 'status'; code: number; message: string | null };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function bodyMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  return text(record.msg) ?? text(record.error_description);
}

export function bodyCode(body: unknown, status: number): number {
  if (body && typeof body === 'object') {
    const code = Number((body as Record<string, unknown>).code);
    if (Number.isFinite(code) && code !== 0) return code;
  }
  return status;
}

export function judgeResponse(status: number, body: unknown, whiteList: readonly number[]): Verdict {
  const message = bodyMessage(body);
  if (status < 200 || status > 500) return { kind: 'status', code: status, message };
  const code = bodyCode(body, status);
  if (whiteList.includes(code)) return { kind: 'whitelisted', code, message };
  if (code === 401) return { kind: 'unauthorized', code: 401, message };
  if (code !== 200) return { kind: 'error', code, message };
  return { kind: 'ok', code: 200 };
}
