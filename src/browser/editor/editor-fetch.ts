import { apiFetch, ApiError, type ApiFetchOptions } from '../lib/api.js';

/** Where a signed-out owner goes; the login page sends them back to /config afterwards. */
export const LOGIN_URL = '/config/login?next=%2Fconfig';

/**
 * `apiFetch` (JSON, crumb header on mutations, SPEC error texts) plus the dashboard's one rule:
 * a 401 means the session ended (signed out in another tab, expired), so go to the sign-in page
 * instead of showing every screen's error state.
 */
export async function editorFetch<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, opts);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) window.location.assign(LOGIN_URL);
    throw err;
  }
}

/** A query string from defined values only. */
export function withQuery(
  path: string,
  params: Record<string, string | number | null | undefined>,
): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
