import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import type { RawBuilder } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Site } from '../sites/site-queries.js';
import { answeredFields } from '../../shared/forms/answers.js';
import { normalizeField } from '../../shared/forms/normalize.js';
import type { FormPageContext, FormValues } from '../../shared/forms/types.js';
import type { WebhookEvent, WebhookPayload } from '../../shared/forms/owner-api.js';
import type { FormRow } from './form-queries.js';

/**
 * The outgoing webhook of a form (SPEC 1's automation-service connection): a signed JSON POST
 * per submission, sent by the durable job queue after the submission committed, retried with
 * backoff, every try written to the form's delivery log. Receivers verify (docs/forms.md):
 *   X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 */
export const WEBHOOK_QUEUE = 'form-webhook';
/** Waits before the 2nd…6th try: 1 min, 5 min, 30 min, 2 h, 12 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Same-origin 307/308 redirects followed at most; a redirect to another host is never. */
const MAX_REDIRECTS = 3;
/** Kept of a receiver's error text in the log. */
const ERROR_MAX = 300;

interface WebhookJob {
  siteId: string;
  formId: string;
  deliveryId: string;
  event: WebhookEvent;
  submissionId: string | null;
  /** The exact body, fixed at enqueue so every retry sends the same bytes (new timestamp). */
  body: string;
}

/** `t=…,v1=…` for a body signed at `unixSeconds` with the form's secret. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (docs/forms.md shows it in a few lines): recompute the HMAC over
 * `t.body`, compare in constant time, and refuse timestamps older than the tolerance (replays).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, t, body).split('v1=')[1]!, 'hex');
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64url')}`;
}

/** Plain http to this machine is for tests and local development only. */
function localHttpAllowed(): boolean {
  return process.env.NODE_ENV !== 'production';
}

/**
 * Loopback, private, link-local and unspecified addresses (IPv4 and IPv6 literals, as URL
 * hostnames and as DNS answers): in production a webhook must not reach the server's own
 * network (SSRF), whatever name points there.
 */
export function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h.replace(/^::ffff:/, ''));
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (!h.includes(':')) return false;
  // IPv4-mapped in hex (URL writes ::ffff:127.0.0.1 as ::ffff:7f00:1): no public use, refuse.
  if (h.startsWith('::ffff:')) return true;
  return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h);
}

/** True for an address the webhook may POST to: https, or http://localhost outside production. */
export function isAllowedWebhookUrl(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.username || u.password || value.length > 2000) return false;
  if (u.protocol === 'https:') {
    return u.hostname !== '' && (localHttpAllowed() || !isPrivateAddress(u.hostname));
  }
  return (
    u.protocol === 'http:' &&
    localHttpAllowed() &&
    (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]')
  );
}

/** The JSON a receiver gets for a submission (answered fields only, plus the raw values). */
export function submissionPayload(
  deliveryId: string,
  event: WebhookEvent,
  site: Pick<Site, 'id' | 'title'>,
  row: Pick<FormRow, 'id' | 'name' | 'kind' | 'fields'>,
  sub: { id: string; values: FormValues; pageContext: FormPageContext; createdOn: number },
  now: number,
): WebhookPayload {
  return {
    id: deliveryId,
    event,
    createdOn: now,
    site: { id: site.id, title: site.title },
    form: { id: row.id, name: row.name, kind: row.kind },
    submission: {
      id: sub.id,
      createdOn: sub.createdOn,
      pageContext: sub.pageContext,
      answers: answeredFields(row.fields.map(normalizeField), sub.values).map((a) => ({
        id: a.id,
        label: a.label,
        type: a.type,
        value: a.value,
      })),
      data: sub.values,
    },
  };
}

/**
 * The job that POSTs a submission, as a statement for the submission's own write
 * (store-submission.ts): the job exists exactly when the submission does, so an accepted
 * submission is never left without its delivery. Wake the queue after the commit.
 */
export function submissionWebhookJob(
  deps: AppDeps,
  site: Site,
  row: FormRow,
  sub: { id: string; values: FormValues; pageContext: FormPageContext; createdOn: number },
): (from: RawBuilder<unknown>) => RawBuilder<unknown> {
  const deliveryId = crypto.randomUUID();
  const payload = submissionPayload(deliveryId, 'form.submission', site, row, sub, deps.now());
  const job: WebhookJob = {
    siteId: site.id,
    formId: row.id,
    deliveryId,
    event: 'form.submission',
    submissionId: sub.id,
    body: JSON.stringify(payload),
  };
  return (from) => deps.jobs.insertStatement(WEBHOOK_QUEUE, job, from, { key: deliveryId });
}

/** Queues the owner's 'Send test': a made-up submission with the form's fields. */
export async function enqueueTestWebhook(deps: AppDeps, site: Site, row: FormRow): Promise<string> {
  const deliveryId = crypto.randomUUID();
  const fields = row.fields.map(normalizeField);
  const values: FormValues = {};
  for (const f of fields) {
    if (f.type === 'section') continue;
    values[f.id] = f.type === 'email' ? 'test@example.com' : (f.options?.[0] ?? `Test ${f.label}`);
  }
  const payload = submissionPayload(
    deliveryId,
    'webhook.test',
    site,
    row,
    { id: 'test', values, pageContext: { pagePath: '/' }, createdOn: deps.now() },
    deps.now(),
  );
  await enqueueDelivery(deps, {
    siteId: site.id,
    formId: row.id,
    deliveryId,
    event: 'webhook.test',
    submissionId: null,
    body: JSON.stringify(payload),
  });
  return deliveryId;
}

async function enqueueDelivery(deps: AppDeps, job: WebhookJob): Promise<void> {
  await deps.jobs.enqueue(WEBHOOK_QUEUE, job, { key: job.deliveryId });
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** In production, a name that resolves into the server's own network is refused (SSRF). */
async function resolvesPrivate(hostname: string): Promise<boolean> {
  if (localHttpAllowed()) return false;
  const answers = await dns.lookup(hostname.replace(/^\[|\]$/g, ''), { all: true });
  return answers.some((a) => isPrivateAddress(a.address));
}

/** One POST, redirects to the same origin followed (307/308 keep the method), no others. */
async function post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  let target = new URL(url);
  if (await resolvesPrivate(target.hostname)) {
    return { ok: false, statusCode: null, error: 'The address is in a private network' };
  }
  for (let hop = 0; ; hop++) {
    const res = await fetch(target, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = await res.text().catch(() => '');
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location');
      const next = location ? new URL(location, target) : undefined;
      if (
        next &&
        next.origin === target.origin &&
        (res.status === 307 || res.status === 308) &&
        hop < MAX_REDIRECTS
      ) {
        target = next;
        continue;
      }
      return {
        ok: false,
        statusCode: res.status,
        error: `Redirect to ${next?.host ?? 'nowhere'} not followed`,
      };
    }
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      statusCode: res.status,
      error: ok ? null : `HTTP ${res.status}${text ? `: ${text.slice(0, ERROR_MAX)}` : ''}`,
    };
  }
}

function failureText(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    return (cause?.code ?? cause?.message ?? err.message).slice(0, ERROR_MAX);
  }
  return String(err).slice(0, ERROR_MAX);
}

type Log = { error: (obj: unknown, msg: string) => void };
const logs = new WeakMap<AppDeps, Log>();

/** Registers the delivery job (while the forms routes register). */
export function defineWebhookQueue(deps: AppDeps, log: Log): void {
  logs.set(deps, log);
  deps.jobs.define<WebhookJob>(WEBHOOK_QUEUE, {
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    backoffMs: (attempt) => WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? WEBHOOK_RETRY_DELAYS_MS.at(-1)!,
    // Longer than the time-out and its redirects, so a live runner keeps its job.
    leaseMs: (MAX_REDIRECTS + 2) * WEBHOOK_TIMEOUT_MS,
    run: async (job, ctx) => {
      const form = await deps.db
        .selectFrom('forms')
        .select(['webhook_url', 'webhook_secret'])
        .where('site_id', '=', job.siteId)
        .where('id', '=', job.formId)
        .executeTakeFirst();
      // The form or its webhook was removed since: nothing to deliver to.
      if (!form || !form.webhook_url || !isAllowedWebhookUrl(form.webhook_url)) return;
      const started = deps.now();
      const wall = performance.now();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'SiteForms-Webhook/1',
        'x-webhook-id': job.deliveryId,
        'x-webhook-event': job.event,
        'x-webhook-attempt': String(ctx.attempt),
        'x-webhook-signature': webhookSignature(
          form.webhook_secret,
          Math.floor(started / 1000),
          job.body,
        ),
      };
      let outcome: Outcome;
      try {
        outcome = await post(form.webhook_url, headers, job.body);
      } catch (err) {
        outcome = { ok: false, statusCode: null, error: failureText(err) };
      }
      const retries = !outcome.ok && ctx.attempt < WEBHOOK_MAX_ATTEMPTS;
      await deps.db
        .insertInto('form_webhook_attempts')
        .values({
          site_id: job.siteId,
          form_id: job.formId,
          delivery_id: job.deliveryId,
          event: job.event,
          submission_id: job.submissionId,
          attempt: ctx.attempt,
          status_code: outcome.statusCode,
          duration_ms: Math.round(performance.now() - wall),
          ok: outcome.ok,
          error: outcome.error,
          next_attempt_at: retries ? deps.now() + WEBHOOK_RETRY_DELAYS_MS[ctx.attempt - 1]! : null,
          created_at: started,
        })
        .execute()
        .catch(() => undefined); // the form was deleted meanwhile (cascade): nothing to log to
      if (!outcome.ok) throw new Error(outcome.error ?? 'Delivery failed');
    },
  });
}
