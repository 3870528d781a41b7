/**
 * Server-side verification with third-party bot checks. Each takes the provider's verify URL
 * and a fetch, so tests (and proxies) can point them elsewhere. Any network failure or
 * unexpected answer fails closed.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface RemoteVerifyOptions {
  fetch?: FetchLike;
  url?: string;
  timeoutMs?: number;
  remoteIp?: string;
}

export interface RemoteVerifyResult {
  ok: boolean;
  reason?: string;
  score?: number;
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const RECAPTCHA_ENTERPRISE_URL = 'https://recaptchaenterprise.googleapis.com/v1';
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Scores (0 bot … 1 human) below this fail for score-based reCAPTCHA. */
export const MIN_SCORE = 0.5;

async function postAndRead(
  url: string,
  init: RequestInit,
  opts: RemoteVerifyOptions,
): Promise<Record<string, unknown> | undefined> {
  const doFetch = opts.fetch ?? (globalThis.fetch as FetchLike);
  try {
    const res = await doFetch(url, {
      ...init,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function form(values: Record<string, string | undefined>): RequestInit {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) body.set(k, v);
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  };
}

/**
 * The "siteverify" exchange reCAPTCHA and Turnstile share: the secret, the token and the
 * visitor's address as a form; `success` and the widget's `action` in the answer.
 */
async function siteverify(
  defaultUrl: string,
  secret: string,
  token: string,
  action: string | undefined,
  opts: RemoteVerifyOptions,
): Promise<{ result: RemoteVerifyResult } | { body: Record<string, unknown> }> {
  const body = await postAndRead(
    opts.url ?? defaultUrl,
    form({ secret, response: token, remoteip: opts.remoteIp }),
    opts,
  );
  if (!body) return { result: { ok: false, reason: 'unreachable' } };
  if (body.success !== true) return { result: { ok: false, reason: 'rejected' } };
  if (action && typeof body.action === 'string' && body.action && body.action !== action) {
    return { result: { ok: false, reason: 'wrong-action' } };
  }
  return { body };
}

/** reCAPTCHA (v2 checkbox or v3 score): `success`, a good enough score, the expected action. */
export async function verifyRecaptcha(
  secret: string,
  token: string,
  action: string | undefined,
  opts: RemoteVerifyOptions = {},
): Promise<RemoteVerifyResult> {
  const answer = await siteverify(RECAPTCHA_VERIFY_URL, secret, token, action, opts);
  if ('result' in answer) return answer.result;
  const score = typeof answer.body.score === 'number' ? answer.body.score : undefined;
  if (score !== undefined && score < MIN_SCORE) return { ok: false, reason: 'low-score', score };
  return score === undefined ? { ok: true } : { ok: true, score };
}

/**
 * reCAPTCHA Enterprise assessment. `secretKey` holds `projectId:apiKey` (the assessment needs
 * both); the token must be valid, made for `action`, and score at least MIN_SCORE.
 */
export async function verifyRecaptchaEnterprise(
  secretKey: string,
  siteKey: string,
  token: string,
  action: string,
  opts: RemoteVerifyOptions = {},
): Promise<RemoteVerifyResult> {
  const sep = secretKey.indexOf(':');
  if (sep <= 0) return { ok: false, reason: 'misconfigured' };
  const project = secretKey.slice(0, sep);
  const apiKey = secretKey.slice(sep + 1);
  const base = opts.url ?? RECAPTCHA_ENTERPRISE_URL;
  const url = `${base}/projects/${encodeURIComponent(project)}/assessments?key=${encodeURIComponent(apiKey)}`;
  const body = await postAndRead(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: {
          token,
          siteKey,
          expectedAction: action,
          ...(opts.remoteIp ? { userIpAddress: opts.remoteIp } : {}),
        },
      }),
    },
    opts,
  );
  if (!body) return { ok: false, reason: 'unreachable' };
  const props = (body.tokenProperties ?? {}) as { valid?: boolean; action?: string };
  if (props.valid !== true) return { ok: false, reason: 'rejected' };
  if (props.action !== action) return { ok: false, reason: 'wrong-action' };
  const risk = (body.riskAnalysis ?? {}) as { score?: number };
  const score = typeof risk.score === 'number' ? risk.score : 0;
  if (score < MIN_SCORE) return { ok: false, reason: 'low-score', score };
  return { ok: true, score };
}

/** Cloudflare Turnstile: `success`, and the action when the widget set one. */
export async function verifyTurnstile(
  secret: string,
  token: string,
  action: string | undefined,
  opts: RemoteVerifyOptions = {},
): Promise<RemoteVerifyResult> {
  const answer = await siteverify(TURNSTILE_VERIFY_URL, secret, token, action, opts);
  return 'result' in answer ? answer.result : { ok: true };
}
