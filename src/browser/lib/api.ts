import { CRUMB_COOKIE, CRUMB_HEADER } from '../../shared/wire-names.js';
import { Messages, type ErrorCode } from '../../shared/errors.js';
import { ApiError, NETWORK_ERROR_CODE } from './api-error.js';
import { readCookie } from './cookies.js';

export { ApiError } from './api-error.js';

// Typed against the registry, but plain strings: the islands' bundles leave the registry out.
const CRUMB_INVALID: ErrorCode = 'CRUMB_INVALID';
const COOKIES_DISABLED: ErrorCode = 'COOKIES_DISABLED';

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as the JSON body. */
  json?: unknown;
  /** Sent as `Idempotency-Key`, so a retried add is applied once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** For tests; the page's `fetch` otherwise. */
  fetch?: typeof fetch;
  /** For tests; `document.cookie` otherwise. */
  cookies?: string;
}

/**
 * Calls one of our JSON APIs. Mutating calls echo the `crumb` cookie in `X-CSRF-Token` (the
 * server's double-submit check). Resolves with the parsed JSON body (undefined when empty);
 * rejects with an ApiError whose message is the SPEC text the visitor should see:
 * 429 → 'Please try again in a few seconds.'; no answer → 'Please check your internet
 * connection.'; anything else (crumb failures included, SPEC 8.1) → the server's message.
 * An abort rejects with the AbortError as is, so callers can ignore it.
 */
export async function apiFetch<T = unknown>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.json === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const crumb = readCookie(CRUMB_COOKIE, opts.cookies);
    if (crumb !== undefined) headers[CRUMB_HEADER] = crumb;
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;

  const doFetch = opts.fetch ?? globalThis.fetch;
  let res: Response;
  try {
    res = await doFetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR_CODE, Messages.CHECK_CONNECTION);
  }

  const body = await readJson(res);
  if (res.ok) return body as T;
  throw toApiError(res.status, body);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's error body is `{ error: { code, message }, message }` (src/server/errors). */
export function toApiError(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as {
    error?: { code?: unknown; message?: unknown };
    message?: unknown;
  };
  const code = typeof b.error?.code === 'string' ? b.error.code : `HTTP_${status}`;
  const serverMessage =
    typeof b.message === 'string' && b.message
      ? b.message
      : typeof b.error?.message === 'string' && b.error.message
        ? b.error.message
        : undefined;
  if (status === 429) return new ApiError(status, code, Messages.TOO_MANY_REQUESTS, body);
  if (code === CRUMB_INVALID)
    return new ApiError(status, code, serverMessage ?? Messages.SESSION_EXPIRED, body);
  if (code === COOKIES_DISABLED)
    return new ApiError(status, code, serverMessage ?? Messages.COOKIES_DISABLED, body);
  return new ApiError(status, code, serverMessage ?? Messages.PLEASE_TRY_AGAIN, body);
}
