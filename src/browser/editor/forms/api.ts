import type { BuilderErrors } from '../../../shared/forms/builder-rules.js';
import { ApiError } from '../../lib/api.js';

/** The server's `error.fieldErrors` of a failed save (paths as the builder rules name them). */
export function fieldErrorsOf(err: unknown): BuilderErrors | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const body = err.body as { error?: { fieldErrors?: BuilderErrors } } | null;
  return body?.error?.fieldErrors;
}

export const KIND_LABELS = {
  form: 'Contact form',
  newsletter: 'Newsletter sign-up',
  product: 'Product form',
} as const;

/** Moves the item at `from` to `to` (both in range), returning a new array. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}
