import crypto from 'node:crypto';
import type { AppDeps } from '../deps.js';
import type { Site } from '../sites/site-queries.js';
import { VersionedCache } from '../platform/versioned-cache.js';
import { appError, AppError } from '../errors/app-error.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { parseSubmittedValues } from '../../shared/forms/values.js';
import {
  CAPTCHA_ERROR_KEY,
  validateValues,
  type FieldErrors,
} from '../../shared/forms/validate.js';
import { isValidEmail } from '../../shared/forms/email.js';
import { CaptchaAction } from '../../shared/forms/captcha.js';
import { normalizeField } from '../../shared/forms/normalize.js';
import {
  HONEYPOT_FIELD,
  type FormFieldDef,
  type FormPageContext,
  type FormSubmitSuccess,
} from '../../shared/forms/types.js';
import { cachedOwnerEmails } from '../owners/owner-emails-cache.js';
import { verifyCaptcha } from '../captcha/verify.js';
import { mailerFor } from '../mail/mailer-registry.js';
import type { MailMessage, OutboxRow } from '../mail/mailer.js';
import { normalizeEmail, unsubscribeToken, unsubscribeUrl } from '../mail/unsubscribe.js';
import { findForm, type FormRow } from './form-queries.js';
import {
  consumeSubmissionKey,
  isPlausibleSubmissionKey,
  submissionKeyHash,
} from './submission-keys.js';
import { storeSubmission } from './store-submission.js';
import { ownerNotification } from './owner-mail.js';
import { newsletterWelcome } from './welcome-mail.js';
import { submissionWebhookJob } from './webhook.js';

export interface SubmissionInput {
  key: string;
  formId: string;
  /** JSON text of field id → value (SPEC 3.6), or the object itself. */
  form: unknown;
  captchaKey?: string;
  pageContext: FormPageContext;
  /** The honeypot's value (bots fill hidden inputs). */
  honeypot?: string;
  remoteIp?: string;
  /** Scheme and host for links in mails (unsubscribe). */
  origin: string;
}

interface Caches {
  forms: VersionedCache<Promise<FormRow | undefined>>;
}
const cachesByDeps = new WeakMap<AppDeps, Caches>();
/** Reads change rarely and every submission needs them: keep them a few seconds. */
function caches(deps: AppDeps): Caches {
  let c = cachesByDeps.get(deps);
  if (!c) {
    const now = deps.now;
    c = {
      forms: new VersionedCache({ name: 'forms', maxEntries: 10_000, ttlMs: 2_000, now }),
    };
    deps.caches.register(c.forms);
    cachesByDeps.set(deps, c);
  }
  return c;
}

function fieldsError(errors: FieldErrors): AppError {
  return appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_INVALID_FIELDS, { errors });
}

/**
 * SaveFormSubmission (SPEC 7 / 8.4). Order: the form must exist (404); the key must be valid and
 * is used up (401); a filled honeypot ends here with a quiet success; the fields must parse and
 * validate (400); the bot check must pass (400 at the captcha) — all before anything is stored.
 * Then one statement stores the submission, the newsletter membership and the outgoing mail
 * rows; the background sender delivers them after the commit.
 *
 * The usual submission — fields valid, no bot check — uses up its key in that same statement
 * (store-submission.ts), which stores nothing when the key is dead: one round trip in all. Any
 * other first uses up the key on its own, so a dead key is still the error reported first.
 */
export async function submitForm(
  deps: AppDeps,
  site: Site,
  input: SubmissionInput,
): Promise<FormSubmitSuccess> {
  const now = deps.now();
  const row = await caches(deps).forms.memo(`${site.id}|${input.formId}`, () =>
    findForm(deps.db, site.id, input.formId),
  );
  if (!row) throw appError(ErrorCode.FORM_NOT_CONFIGURED);
  if (!isPlausibleSubmissionKey(input.key)) {
    throw appError(ErrorCode.FORM_KEY_INVALID);
  }
  const fields = row.fields.map(normalizeField);
  const raw = typeof input.form === 'string' ? safeJson(input.form) : input.form;
  const isBot = Boolean(input.honeypot || (isObject(raw) && raw[HONEYPOT_FIELD]));
  const values = isBot ? undefined : parseSubmittedValues(fields, raw);
  const errors = values ? validateValues(fields, values) : {};
  const usual = values !== undefined && !Object.keys(errors).length && !row.captcha_enabled;

  if (!usual) {
    if (!(await consumeSubmissionKey(deps.db, site.id, input.key, now))) {
      throw appError(ErrorCode.FORM_KEY_INVALID);
    }
    if (isBot) return success(row); // a bot: looks fine to it, nothing kept or sent
  }
  if (!values)
    throw appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_PARSE_ERROR, { errors: {} });
  if (Object.keys(errors).length) throw fieldsError(errors);
  if (!usual) await checkCaptcha(deps, site, row, input);

  const visitorEmail = firstEmail(fields, values);
  // The form's own recipients when the owner chose some, else every owner of the website.
  const recipients = row.notification_emails.length
    ? row.notification_emails
    : await cachedOwnerEmails(deps, site.id);
  const notifications: MailMessage[] = recipients
    .filter((to) => isValidEmail(to))
    .map((to) =>
      ownerNotification({
        siteId: site.id,
        siteTitle: site.title,
        formName: row.name,
        fields,
        values,
        pageContext: input.pageContext,
        to,
        ...(visitorEmail ? { replyTo: visitorEmail } : {}),
        submittedAt: now,
        ...(row.email_subject ? { subject: row.email_subject } : {}),
      }),
    );
  const mailer = mailerFor(deps);
  let join: { listId: string; email: string; token: string } | undefined;
  let welcome: OutboxRow | undefined;
  if (row.kind === 'newsletter' && row.mailing_list_id && visitorEmail) {
    const listId = row.mailing_list_id;
    const token = unsubscribeToken(deps.config.secret, site.id, listId, visitorEmail);
    join = { listId, email: normalizeEmail(visitorEmail), token };
    [welcome] = mailer.outboxRows([
      newsletterWelcome({
        siteId: site.id,
        siteTitle: site.title,
        language: site.language,
        to: visitorEmail,
        unsubscribeUrl: unsubscribeUrl(input.origin, token),
      }),
    ]);
  }
  const submissionId = crypto.randomUUID();
  const webhook = row.webhook_url
    ? submissionWebhookJob(deps, site, row, {
        id: submissionId,
        values,
        pageContext: input.pageContext,
        createdOn: now,
      })
    : undefined;
  const outcome = await storeSubmission(deps.db, {
    ...(usual ? { keyHash: submissionKeyHash(input.key) } : {}),
    id: submissionId,
    siteId: site.id,
    formId: row.id,
    values,
    pageContext: input.pageContext,
    now,
    ...(join ? { join } : {}),
    mails: mailer.outboxRows(notifications),
    ...(welcome ? { welcome } : {}),
    ...(webhook ? { job: webhook } : {}),
  });
  if (!outcome.stored) throw appError(ErrorCode.FORM_KEY_INVALID);
  mailer.kick();
  // The webhook's job committed with the submission; it is delivered (and retried) apart.
  if (webhook) deps.jobs.wake();
  return success(row);
}

/** The bot check of a form that has one; a failure is reported at the captcha (SPEC 8.5). */
async function checkCaptcha(
  deps: AppDeps,
  site: Site,
  row: FormRow,
  input: SubmissionInput,
): Promise<void> {
  if (!row.captcha_enabled) return;
  const action =
    row.kind === 'newsletter'
      ? CaptchaAction.NEWSLETTER_BLOCK_SUBMISSION
      : CaptchaAction.FORM_BLOCK_SUBMISSION;
  const verdict = await verifyCaptcha(deps, site, input.captchaKey, action, {
    ...(input.remoteIp ? { remoteIp: input.remoteIp } : {}),
  });
  if (!verdict.ok) {
    throw appError(ErrorCode.CAPTCHA_FAILED, Messages.CAPTCHA_REQUIRED, {
      errors: { [CAPTCHA_ERROR_KEY]: Messages.CAPTCHA_REQUIRED },
    });
  }
}

function success(row: FormRow): FormSubmitSuccess {
  return {
    success: true,
    submissionMessage: row.submission_message || '<p>Thank you!</p>',
    ...(row.success_redirect ? { redirect: row.success_redirect } : {}),
    ...(row.post_submit_html ? { postSubmitHtml: row.post_submit_html } : {}),
  };
}

function firstEmail(fields: FormFieldDef[], values: Record<string, unknown>): string | undefined {
  for (const f of fields) {
    const v = values[f.id];
    if (f.type === 'email' && typeof v === 'string' && isValidEmail(v.trim())) return v.trim();
  }
  return undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
