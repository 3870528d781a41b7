import type { ApiError } from '../lib/api.js';

/** SPEC 8.7 editor messages the dashboard shows. */
export const EditorText = {
  LOAD_FAILED: 'Unable to load. Try again.',
  NETWORK: 'Network error',
  GENERIC: 'Something went wrong',
  CONNECT: 'Unable to connect. Please try again',
} as const;

/**
 * What an owner reads when an action (save, send) fails: 'Network error' when there was no
 * answer, the server's own explanation for a refused request (4xx: validation, a stale crumb,
 * rate limits — `apiFetch` already turned those into SPEC texts), else 'Something went wrong'
 * (server faults never leak internals).
 */
export function actionFailureText(err: unknown): string {
  const e = err as Partial<ApiError> | null;
  if (!e || typeof e.status !== 'number') return EditorText.GENERIC;
  if (e.status === 0) return EditorText.NETWORK;
  if (e.status >= 400 && e.status < 500 && e.message) return e.message;
  return EditorText.GENERIC;
}

/** The second line under 'Unable to load. Try again.': why, when we know. */
export function loadFailureDetail(err: unknown): string {
  const e = err as Partial<ApiError> | null;
  if (e && e.status === 0) return EditorText.NETWORK;
  if (e && e.status === 403) return 'Your role on this website does not include this screen.';
  return EditorText.GENERIC;
}
