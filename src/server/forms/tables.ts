import type { Generated, JSONColumnType } from 'kysely';
import type {
  FormFieldDef,
  FormKind,
  FormPageContext,
  FormValues,
} from '../../shared/forms/types.js';

/** A form definition of one website (SPEC 3.6). Ids are unique per website. */
export interface FormsTable {
  site_id: string;
  id: string;
  name: string;
  kind: FormKind;
  fields: JSONColumnType<FormFieldDef[]>;
  /** Owner-authored HTML shown after a successful submission. */
  submission_message: string;
  /** Owner-authored HTML under the fields. */
  disclaimer: string;
  /** Where the browser goes after success (empty: show the submission message). */
  success_redirect: string;
  /** Owner-authored HTML (scripts allowed) injected after success. */
  post_submit_html: string;
  submit_label: string;
  captcha_enabled: boolean;
  /** Newsletter forms: the list sign-ups join (`mailing_lists.id`). */
  mailing_list_id: string | null;
  /** Who gets the notification mail; empty: every owner with a role on the website. */
  notification_emails: JSONColumnType<string[], string | undefined, string>;
  /** Subject of the notification mail; empty: `Form Submission - {name}`. */
  email_subject: Generated<string>;
  /** Outgoing webhook (empty: none) and its signing secret. */
  webhook_url: Generated<string>;
  webhook_secret: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Single-use submission keys: only the sha256 of the key is stored. */
export interface FormSubmissionKeysTable {
  key_hash: string;
  site_id: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

export interface FormSubmissionsTable {
  id: string;
  site_id: string;
  form_id: string;
  data: JSONColumnType<FormValues>;
  page_context: JSONColumnType<FormPageContext>;
  /** Epoch milliseconds. */
  created_at: number;
  /** When the owner read it in the inbox (epoch ms); null: unread. */
  read_at: Generated<number | null>;
}

/** One try to deliver a webhook (the delivery log the owner sees). */
export interface FormWebhookAttemptsTable {
  id: Generated<number>;
  site_id: string;
  form_id: string;
  delivery_id: string;
  event: string;
  submission_id: string | null;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  ok: boolean;
  error: string | null;
  /** Epoch ms of the retry a failed attempt leaves queued; null when none follows. */
  next_attempt_at: number | null;
  created_at: number;
}

/** Solved ALTCHA challenges, so a solution cannot be replayed (captcha domain). */
export interface CaptchaUsedTable {
  signature: string;
  /** Epoch milliseconds after which the row may be dropped. */
  expires_at: number;
}

export interface FormsTables {
  forms: FormsTable;
  form_submission_keys: FormSubmissionKeysTable;
  form_submissions: FormSubmissionsTable;
  captcha_used: CaptchaUsedTable;
  form_webhook_attempts: FormWebhookAttemptsTable;
}
