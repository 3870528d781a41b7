import { CRUMB_COOKIE, CRUMB_HEADER } from '../../../shared/wire-names.js';
import { readCookie } from '../../lib/cookies.js';
import { Messages } from '../../../shared/errors.js';
import { submitFailure, type SubmitFailure } from '../../../shared/forms/messages.js';
import type {
  FormPageContext,
  FormSubmitSuccess,
  FormValues,
} from '../../../shared/forms/types.js';

/**
 * The two calls of a submit (SPEC 7): a single-use key, then the submission. Our own small fetch
 * rather than `apiFetch`: forms map statuses to their own SPEC 8.4 texts and need the body of
 * every failure (`data.errors`), which `apiFetch` turns into its generic messages.
 */
async function postJson(path: string, json: unknown): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const crumb = readCookie(CRUMB_COOKIE);
  if (crumb) headers[CRUMB_HEADER] = crumb;
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(json),
  });
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

export type SubmitOutcome =
  { ok: true; result: FormSubmitSuccess } | ({ ok: false } & SubmitFailure);

export async function submitForm(opts: {
  formId: string;
  values: FormValues;
  captchaKey?: string | undefined;
  pageContext: FormPageContext;
  honeypot: string;
}): Promise<SubmitOutcome> {
  let key: string | undefined;
  try {
    const k = await postJson('/api/form/FormSubmissionKey', {});
    const data = (k.body as { data?: { key?: unknown } } | undefined)?.data;
    if (k.status === 200 && typeof data?.key === 'string') key = data.key;
    else if (k.status === 429) return { ok: false, ...submitFailure(429, k.body) };
    else if (k.status === 403) {
      const message = (k.body as { message?: unknown } | undefined)?.message;
      return {
        ok: false,
        fieldErrors: {},
        message: typeof message === 'string' ? message : Messages.FORM_NO_KEY,
      };
    }
  } catch {
    return { ok: false, fieldErrors: {}, message: Messages.CHECK_CONNECTION };
  }
  if (!key) return { ok: false, fieldErrors: {}, message: Messages.FORM_NO_KEY };
  try {
    const res = await postJson('/api/form/SaveFormSubmission', {
      key,
      formId: opts.formId,
      form: JSON.stringify(opts.values),
      ...(opts.captchaKey ? { captchaKey: opts.captchaKey } : {}),
      ...opts.pageContext,
      ...(opts.honeypot ? { website_url: opts.honeypot } : {}),
    });
    if (res.status >= 200 && res.status < 300) {
      const result = res.body as FormSubmitSuccess | undefined;
      if (result?.success) return { ok: true, result };
      return { ok: false, fieldErrors: {}, message: Messages.FORM_PROCESSING_ERROR };
    }
    return { ok: false, ...submitFailure(res.status, res.body) };
  } catch {
    return { ok: false, fieldErrors: {}, message: Messages.CHECK_CONNECTION };
  }
}

/**
 * Injects owner-authored post-submit HTML and runs its scripts (innerHTML alone never runs
 * them): each script is re-created so the browser executes it, in document order.
 */
export function injectWithScripts(container: HTMLElement, html: string): void {
  container.innerHTML = html;
  for (const old of Array.from(container.querySelectorAll('script'))) {
    const s = document.createElement('script');
    for (const attr of Array.from(old.attributes)) s.setAttribute(attr.name, attr.value);
    s.text = old.text;
    old.replaceWith(s);
  }
}
