import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { findSiteById, type Site } from '../sites/site-queries.js';
import { publicCaptchaSettings } from '../captcha/settings.js';
import { normalizeField } from '../../shared/forms/normalize.js';
import type {
  FormBlockProps,
  FormDefinitionJson,
  FormFieldDef,
  FormKind,
  FormPageContext,
  FormSummaryJson,
} from '../../shared/forms/types.js';
import type { FormsTable } from './tables.js';
import { ensureMailingList } from '../mail/mailing-lists.js';

export type FormRow = Selectable<FormsTable>;

export async function findForm(
  db: Db,
  siteId: string,
  formId: string,
): Promise<FormRow | undefined> {
  return db
    .selectFrom('forms')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', formId)
    .executeTakeFirst();
}

/** The public definition (no messages, redirects or post-submit HTML, no captcha secret). */
export function toPublicForm(row: FormRow, site: Pick<Site, 'settings'>): FormDefinitionJson {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    fields: row.fields.map(normalizeField),
    disclaimer: row.disclaimer,
    submitLabel: row.submit_label,
    captcha: { enabled: row.captcha_enabled, ...publicCaptchaSettings(site) },
  };
}

/**
 * Props of the `form-block` / `newsletter-block` islands for a page block, or null when the form
 * does not exist on this website (the page then shows nothing for the block).
 */
export async function formBlockProps(
  db: Db,
  siteId: string,
  formId: string,
  pageContext: FormPageContext = {},
  site?: Pick<Site, 'settings' | 'language'>,
): Promise<FormBlockProps | null> {
  const [row, theSite] = await Promise.all([
    findForm(db, siteId, formId),
    site ? Promise.resolve(site) : findSiteById(db, siteId),
  ]);
  if (!row || !theSite) return null;
  return { form: toPublicForm(row, theSite), pageContext, locale: theSite.language };
}

/** Summaries of forms for a page's `?format=json` context, in the order asked (unknown ids left out). */
export async function formsForBlocks(
  db: Db,
  siteId: string,
  formIds: string[],
): Promise<FormSummaryJson[]> {
  const ids = [...new Set(formIds.filter((id) => typeof id === 'string' && id))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('forms')
    .select(['id', 'name', 'kind', 'fields'])
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        name: r.name,
        kind: r.kind,
        fields: r.fields.map(normalizeField).map((f) => ({
          id: f.id,
          type: f.type,
          label: f.label,
          required: f.required === true,
          ...(f.maxLength ? { maxLength: f.maxLength } : {}),
        })),
      },
    ];
  });
}

export interface FormInput {
  id: string;
  name: string;
  kind?: FormKind;
  fields: FormFieldDef[];
  submissionMessage?: string;
  disclaimer?: string;
  successRedirect?: string;
  postSubmitHtml?: string;
  submitLabel?: string;
  captchaEnabled?: boolean;
  /** Newsletter forms: default a list of the form's own id and name (as before named lists). */
  mailingListId?: string | null;
  notificationEmails?: string[];
  emailSubject?: string;
}

/**
 * Creates or replaces a form definition (demo seeding, tests). A newsletter form without a list
 * gets one of its own id, as sign-ups had before lists had names. The owner's builder goes
 * through `owner-forms.ts`, which checks every rule first.
 */
export async function saveForm(db: Db, siteId: string, input: FormInput): Promise<void> {
  const fields = input.fields.map(normalizeField);
  const ids = new Set<string>();
  for (const f of fields) {
    if (!f.id || ids.has(f.id))
      throw new Error(`form ${input.id}: field ids must be unique and set`);
    ids.add(f.id);
  }
  const values = {
    name: input.name,
    kind: input.kind ?? 'form',
    fields: JSON.stringify(fields),
    submission_message: input.submissionMessage ?? '',
    disclaimer: input.disclaimer ?? '',
    success_redirect: input.successRedirect ?? '',
    post_submit_html: input.postSubmitHtml ?? '',
    submit_label: input.submitLabel ?? 'Submit',
    captcha_enabled: input.captchaEnabled ?? false,
    mailing_list_id:
      input.mailingListId !== undefined
        ? input.mailingListId
        : input.kind === 'newsletter'
          ? input.id
          : null,
    notification_emails: JSON.stringify(input.notificationEmails ?? []),
    email_subject: input.emailSubject ?? '',
  };
  if (values.mailing_list_id) {
    await ensureMailingList(db, siteId, values.mailing_list_id, Date.now(), input.name);
  }
  await db
    .insertInto('forms')
    .values({ site_id: siteId, id: input.id, ...values } as never)
    .onConflict((oc) =>
      oc.columns(['site_id', 'id']).doUpdateSet({ ...values, updated_at: new Date() } as never),
    )
    .execute();
}
