import crypto from 'node:crypto';
import type { AppDeps } from '../deps.js';
import type { Site } from '../sites/site-queries.js';
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
import { ownerEmailsOfSite } from '../owners/owner-service.js';
import { verifyCaptcha } from '../captcha/verify.js';
import { mailerFor } from '../mail/mailer-registry.js';
import type { MailMessage } from '../mail/mailer.js';
import { joinMailingList, unsubscribeUrl } from '../mail/unsubscribe.js';
import { findForm, type FormRow } from './form-queries.js';
import { consumeSubmissionKey } from './submission-keys.js';
import { newsletterWelcome, ownerNotification } from './owner-mail.js';

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

/** Reads change rarely and every submission needs them: keep them a few seconds. */
class TtlCache<V> {
  private map = new Map<string, { v: V; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    const t = this.now();
    if (hit && t - hit.at < this.ttlMs && t >= hit.at) return hit.v;
    const v = await load();
    if (this.map.size > 10_000) this.map.clear();
    this.map.set(key, { v, at: t });
    return v;
  }
}

interface Caches {
  forms: TtlCache<FormRow | undefined>;
  owners: TtlCache<string[]>;
}
const cachesByDeps = new WeakMap<AppDeps, Caches>();
function caches(deps: AppDeps): Caches {
  let c = cachesByDeps.get(deps);
  if (!c) {
    c = { forms: new TtlCache(2_000, deps.now), owners: new TtlCache(10_000, deps.now) };
    cachesByDeps.set(deps, c);
  }
  return c;
}

export function fieldsError(errors: FieldErrors): AppError {
  return appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_INVALID_FIELDS, { errors });
}

/**
 * SaveFormSubmission (SPEC 7 / 8.4). Order: the form must exist (404); the key must be valid and
 * is used up (401); a filled honeypot ends here with a quiet success; the fields must parse and
 * validate (400); the bot check must pass (400 at the captcha) — all before anything is stored.
 * Then one transaction stores the submission, the newsletter membership and the outgoing mail
 * rows; the background sender delivers them after the commit.
 */
export async function submitForm(
  deps: AppDeps,
  site: Site,
  input: SubmissionInput,
): Promise<FormSubmitSuccess> {
  const now = deps.now();
  const row = await caches(deps).forms.get(`${site.id}\n${input.formId}`, () =>
    findForm(deps.db, site.id, input.formId),
  );
  if (!row) throw appError(ErrorCode.FORM_NOT_CONFIGURED, Messages.FORM_NOT_CONFIGURED);
  if (!(await consumeSubmissionKey(deps.db, site.id, input.key, now))) {
    throw appError(ErrorCode.FORM_KEY_INVALID, Messages.FORM_UNAUTHORIZED);
  }
  const fields = row.fields.map(normalizeField);
  const raw = typeof input.form === 'string' ? safeJson(input.form) : input.form;
  if (input.honeypot || (isObject(raw) && raw[HONEYPOT_FIELD])) {
    return success(row); // a bot: looks fine to it, nothing kept or sent
  }
  const values = parseSubmittedValues(fields, raw);
  if (!values)
    throw appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_PARSE_ERROR, { errors: {} });
  const errors = validateValues(fields, values);
  if (Object.keys(errors).length) throw fieldsError(errors);

  if (row.captcha_enabled) {
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

  const visitorEmail = firstEmail(fields, values);
  const owners = await caches(deps).owners.get(site.id, () => ownerEmailsOfSite(deps.db, site.id));
  const mails: MailMessage[] = owners
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
      }),
    );
  const mailer = mailerFor(deps);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('form_submissions')
      .values({
        id: crypto.randomUUID(),
        site_id: site.id,
        form_id: row.id,
        data: JSON.stringify(values),
        page_context: JSON.stringify(input.pageContext),
        created_at: now,
      } as never)
      .execute();
    if (row.kind === 'newsletter' && visitorEmail) {
      const joined = await joinMailingList(trx, {
        secret: deps.config.secret,
        now,
        siteId: site.id,
        listId: row.id,
        email: visitorEmail,
      });
      if (joined.joined) {
        mails.push(
          newsletterWelcome({
            siteId: site.id,
            siteTitle: site.title,
            to: visitorEmail,
            unsubscribeUrl: unsubscribeUrl(input.origin, joined.token),
          }),
        );
      }
    }
    await mailer.enqueue(trx, mails);
  });
  mailer.kick();
  return success(row);
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
