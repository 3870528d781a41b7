import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DomainEvents } from '../events.js';
import { appError } from '../errors/app-error.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import { ErrorCode } from '../../shared/errors.js';
import {
  checkForm,
  defaultEmailSubject,
  type CleanForm,
} from '../../shared/forms/builder-rules.js';
import { normalizeField } from '../../shared/forms/normalize.js';
import type {
  FormListItemJson,
  FormSaveInput,
  OwnerFormJson,
} from '../../shared/forms/owner-api.js';
import type { FormRow } from './form-queries.js';

/** The secret's last characters: enough to tell secrets apart, useless for signing. */
export function secretHint(secret: string): string {
  return secret ? `…${secret.slice(-4)}` : '';
}

export function ownerFormJson(row: FormRow): OwnerFormJson {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    fields: row.fields.map(normalizeField),
    submissionMessage: row.submission_message,
    disclaimer: row.disclaimer,
    successRedirect: row.success_redirect,
    postSubmitHtml: row.post_submit_html,
    submitLabel: row.submit_label,
    captchaEnabled: row.captcha_enabled,
    mailingListId: row.mailing_list_id,
    notificationEmails: row.notification_emails,
    emailSubject: row.email_subject || defaultEmailSubject(row.name),
    createdOn: new Date(row.created_at).getTime(),
    updatedOn: new Date(row.updated_at).getTime(),
    webhook: { url: row.webhook_url, secretHint: secretHint(row.webhook_secret) },
  };
}

/** The website's forms with their inbox counts, by name. */
export async function listOwnerForms(db: Db, siteId: string): Promise<FormListItemJson[]> {
  const rows = await db
    .selectFrom('forms as f')
    .leftJoin(
      db
        .selectFrom('form_submissions')
        .select((eb) => [
          'form_id',
          eb.fn.countAll<number>().as('total'),
          eb.fn.countAll<number>().filterWhere('read_at', 'is', null).as('unread'),
          eb.fn.max('created_at').as('last'),
        ])
        .where('site_id', '=', siteId)
        .groupBy('form_id')
        .as('s'),
      's.form_id',
      'f.id',
    )
    .select([
      'f.id',
      'f.name',
      'f.kind',
      'f.fields',
      'f.webhook_url',
      'f.updated_at',
      's.total',
      's.unread',
      's.last',
    ])
    .where('f.site_id', '=', siteId)
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    fieldCount: r.fields.filter((f) => f.type !== 'section').length,
    submissions: Number(r.total ?? 0),
    unread: Number(r.unread ?? 0),
    lastSubmissionOn: r.last === null || r.last === undefined ? null : Number(r.last),
    webhookEnabled: r.webhook_url !== '',
    updatedOn: new Date(r.updated_at).getTime(),
  }));
}

export async function getOwnerForm(db: Db, siteId: string, id: string): Promise<FormRow> {
  const row = await db
    .selectFrom('forms')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return row;
}

/** Runs the builder's rules against the website's lists; throws FORM_DEFINITION_INVALID. */
async function checked(db: Db, siteId: string, input: FormSaveInput): Promise<CleanForm> {
  const lists = await db
    .selectFrom('mailing_lists')
    .select('id')
    .where('site_id', '=', siteId)
    .execute();
  const result = checkForm(
    input,
    lists.map((l) => l.id),
  );
  if (!result.ok) {
    throw appError(ErrorCode.FORM_DEFINITION_INVALID, undefined, { fieldErrors: result.errors });
  }
  return result.form;
}

function columns(form: CleanForm) {
  return {
    name: form.name,
    kind: form.kind,
    fields: JSON.stringify(form.fields),
    submission_message: form.submissionMessage,
    disclaimer: form.disclaimer,
    success_redirect: form.successRedirect,
    submit_label: form.submitLabel,
    captcha_enabled: form.captchaEnabled,
    mailing_list_id: form.mailingListId,
    notification_emails: JSON.stringify(form.notificationEmails),
    email_subject: form.emailSubject,
  };
}

/**
 * Saves in one transaction with the website's content version bumped (pages embed forms), then
 * announces `content-changed` so every process drops its cached pages and definitions.
 */
async function saveAndAnnounce<T>(
  db: Db,
  events: DomainEvents,
  siteId: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const out = await db.transaction().execute(async (trx) => {
    const result = await work(trx);
    await bumpContentVersion(trx, siteId);
    return result;
  });
  events.emit('content-changed', { siteId });
  return out;
}

export async function createOwnerForm(
  db: Db,
  events: DomainEvents,
  siteId: string,
  input: FormSaveInput,
): Promise<FormRow> {
  const form = await checked(db, siteId, input);
  const id = `form-${crypto.randomBytes(5).toString('hex')}`;
  return saveAndAnnounce(db, events, siteId, (trx) =>
    trx
      .insertInto('forms')
      .values({ site_id: siteId, id, ...columns(form), post_submit_html: '' } as never)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function updateOwnerForm(
  db: Db,
  events: DomainEvents,
  siteId: string,
  id: string,
  input: FormSaveInput,
): Promise<FormRow> {
  const form = await checked(db, siteId, input);
  return saveAndAnnounce(db, events, siteId, async (trx) => {
    const row = await trx
      .updateTable('forms')
      .set({ ...columns(form), updated_at: new Date() } as never)
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw appError(ErrorCode.NOT_FOUND);
    return row;
  });
}

/** Deletes a form with its submissions and webhook log (cascades); blocks using it show nothing. */
export async function deleteOwnerForm(
  db: Db,
  events: DomainEvents,
  siteId: string,
  id: string,
): Promise<void> {
  await saveAndAnnounce(db, events, siteId, async (trx) => {
    const res = await trx
      .deleteFrom('forms')
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw appError(ErrorCode.NOT_FOUND);
  });
}
