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
}
