/**
 * The owner's forms and mailing-list API (issue 12): the wire contract between the /config
 * "Forms & mail" screens and `src/server/forms/owner-*.ts` / `src/server/mail/list-*.ts`.
 * Form fields keep the `FormFieldDef` shape the storefront islands render, so a form built here
 * shows on the live site unchanged. Documented in docs/forms.md.
 */
import type { FormFieldDef, FormKind, FormPageContext, FormValues } from './types.js';

export const FormsApi = {
  list: '/api/forms',
  one: (id: string) => `/api/forms/${encodeURIComponent(id)}`,
  submissions: (id: string) => `/api/forms/${encodeURIComponent(id)}/submissions`,
  submissionsRead: (id: string) => `/api/forms/${encodeURIComponent(id)}/submissions/read`,
  submissionsDelete: (id: string) => `/api/forms/${encodeURIComponent(id)}/submissions/delete`,
  submissionsCsv: (id: string) => `/api/forms/${encodeURIComponent(id)}/submissions.csv`,
  webhook: (id: string) => `/api/forms/${encodeURIComponent(id)}/webhook`,
  webhookSecret: (id: string) => `/api/forms/${encodeURIComponent(id)}/webhook/secret`,
  webhookTest: (id: string) => `/api/forms/${encodeURIComponent(id)}/webhook/test`,
  webhookLog: (id: string) => `/api/forms/${encodeURIComponent(id)}/webhook/log`,
} as const;

export const MailingListsApi = {
  list: '/api/mailing-lists',
  one: (id: string) => `/api/mailing-lists/${encodeURIComponent(id)}`,
  subscribers: (id: string) => `/api/mailing-lists/${encodeURIComponent(id)}/subscribers`,
  subscriber: (id: string, email: string) =>
    `/api/mailing-lists/${encodeURIComponent(id)}/subscribers/${encodeURIComponent(email)}`,
  csv: (id: string) => `/api/mailing-lists/${encodeURIComponent(id)}/subscribers.csv`,
} as const;

/** Limits the builder and the server share (the server's schemas use the same numbers). */
export const FormLimits = {
  nameMax: 200,
  fieldsMax: 100,
  labelMax: 500,
  optionsMax: 200,
  optionMax: 300,
  htmlMax: 20_000,
  urlMax: 2_000,
  notificationEmailsMax: 10,
  subjectMax: 200,
  listNameMax: 120,
  maxLengthMax: 10_000,
  pageSizeMax: 100,
  searchMax: 200,
  bulkMax: 500,
} as const;

/** Field types the builder offers (SPEC 3.6), with the label its type picker shows. */
export const BUILDER_FIELD_TYPES = [
  { type: 'text', label: 'Single line' },
  { type: 'textarea', label: 'Paragraph' },
  { type: 'email', label: 'Email' },
  { type: 'name', label: 'Name' },
  { type: 'phone', label: 'Phone' },
  { type: 'address', label: 'Address' },
  { type: 'date', label: 'Date' },
  { type: 'time', label: 'Time' },
  { type: 'checkbox', label: 'Checkbox' },
  { type: 'radio', label: 'Radio' },
  { type: 'select', label: 'Dropdown' },
  { type: 'likert', label: 'Likert scale' },
  { type: 'hidden', label: 'Hidden' },
  { type: 'section', label: 'Section' },
] as const satisfies readonly { type: FormFieldDef['type']; label: string }[];

/** Choice fields: they need at least one option. */
export const CHOICE_TYPES: readonly string[] = ['checkbox', 'radio', 'select'];

/** A field as sent: any `type` string, so an unknown one gets its SPEC text, not a 400 of the schema. */
export type BuilderFieldInput = Omit<FormFieldDef, 'type'> & { type: string };

/** What the owner sends to create or replace a form (PUT replaces it whole). */
export interface FormSaveInput {
  name: string;
  kind: FormKind;
  /** `single-line` is accepted and stored as `text`. Ids are the answers' keys: keep them. */
  fields: BuilderFieldInput[];
  submissionMessage?: string;
  disclaimer?: string;
  /** A site path (`/thanks`) or an http(s) URL; empty shows the submission message. */
  successRedirect?: string;
  submitLabel?: string;
  captchaEnabled?: boolean;
  /** Newsletter forms: the list sign-ups join (required for them). */
  mailingListId?: string | null;
  /** Who gets the notification mail; empty: every owner with a role on the website. */
  notificationEmails?: string[];
  /** The notification mail's subject; default `Form Submission - {name}`. */
  emailSubject?: string;
}

/** A stored form as the owner sees it. */
export interface OwnerFormJson extends Required<Omit<FormSaveInput, 'mailingListId' | 'fields'>> {
  id: string;
  fields: FormFieldDef[];
  mailingListId: string | null;
  postSubmitHtml: string;
  createdOn: number;
  updatedOn: number;
  webhook: WebhookJson;
}

/** A row of the forms list. */
export interface FormListItemJson {
  id: string;
  name: string;
  kind: FormKind;
  fieldCount: number;
  submissions: number;
  unread: number;
  lastSubmissionOn: number | null;
  webhookEnabled: boolean;
  updatedOn: number;
}

export interface WebhookJson {
  /** Empty when the form has no webhook. */
  url: string;
  /** The secret's last 4 characters; the whole secret is shown only when set or regenerated. */
  secretHint: string;
}

/** PUT /api/forms/:id/webhook and POST …/webhook/secret answer: the only time the secret shows. */
export interface WebhookSecretJson extends WebhookJson {
  secret: string;
}

export interface WebhookAttemptJson {
  id: number;
  deliveryId: string;
  event: WebhookEvent;
  submissionId: string | null;
  attempt: number;
  /** HTTP status of the receiver's answer; null when none came (timeout, refused…). */
  statusCode: number | null;
  durationMs: number;
  ok: boolean;
  error: string | null;
  /** When the next try is due, when this one failed and another will follow. */
  nextAttemptOn: number | null;
  createdOn: number;
}

export type WebhookEvent = 'form.submission' | 'webhook.test';

/** The JSON body of every webhook POST (docs/forms.md: verify `X-Webhook-Signature`). */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  createdOn: number;
  site: { id: string; title: string };
  form: { id: string; name: string; kind: FormKind };
  submission: {
    id: string;
    createdOn: number;
    pageContext: FormPageContext;
    /** Answered fields in the form's order. */
    answers: { id: string; label: string; type: string; value: FormValues[string] }[];
    /** The raw values, keyed by field id. */
    data: FormValues;
  };
}

export interface SubmissionJson {
  id: string;
  formId: string;
  data: FormValues;
  pageContext: FormPageContext;
  createdOn: number;
  read: boolean;
}

export interface SubmissionPageJson {
  items: SubmissionJson[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
  total: number;
  unread: number;
}

export interface MailingListJson {
  id: string;
  name: string;
  subscribers: number;
  unsubscribed: number;
  /** Newsletter forms that sign people up to it. */
  forms: { id: string; name: string }[];
  createdOn: number;
}

export interface SubscriberJson {
  email: string;
  subscribedOn: number;
  unsubscribedOn: number | null;
}

export interface SubscriberPageJson {
  items: SubscriberJson[];
  page: number;
  pageSize: number;
  total: number;
  hasNextPage: boolean;
}
