import { Messages, OwnerMessages } from '../errors.js';
import { isValidEmail } from './email.js';
import { normalizeField } from './normalize.js';
import { CHOICE_TYPES, FormLimits, type FormSaveInput } from './owner-api.js';
import { FIELD_TYPES, type FormFieldDef, type FormKind } from './types.js';

/**
 * The form builder's rules, shared by the /config builder (messages as the owner types) and
 * the server (the same messages in `fieldErrors`, nothing saved): SPEC 5.7's editor texts.
 * Keys are paths in the input: `name`, `fields.2.label`, `notificationEmails.0`, ….
 */
export type BuilderErrors = Record<string, string>;

/** What a form is stored as after the rules ran (trimmed, defaults filled). */
export interface CleanForm {
  name: string;
  kind: FormKind;
  fields: FormFieldDef[];
  submissionMessage: string;
  disclaimer: string;
  successRedirect: string;
  submitLabel: string;
  captchaEnabled: boolean;
  mailingListId: string | null;
  notificationEmails: string[];
  emailSubject: string;
}

const FIELD_ID = /^[A-Za-z0-9_-]{1,100}$/;
const TEXT_TYPES = new Set(['text', 'textarea', 'email']);

/** The notification mail's subject when the owner sets none. */
export function defaultEmailSubject(formName: string): string {
  return `Form Submission - ${formName}`;
}

/** 'Emails must be formatted as an address with @' / 'Please enter a valid email' / ok. */
export function editorEmailError(value: string): string | undefined {
  const v = value.trim();
  if (!v.includes('@')) return OwnerMessages.EDITOR_EMAIL_NO_AT;
  if (!isValidEmail(v)) return OwnerMessages.EDITOR_EMAIL_INVALID;
  return undefined;
}

/**
 * A success redirect: a path on this website (`/thanks`, `/thanks?x=1#top`) or an http(s) URL.
 * '//host' (another website without a scheme), spaces and control characters are refused.
 */
export function redirectError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  const bad = OwnerMessages.PAGE_URL_INVALID.replace('{val}', v);
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(v) || v.length > FormLimits.urlMax) return bad;
  if (v.startsWith('/')) return v.startsWith('//') ? bad : undefined;
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname ? undefined : bad;
  } catch {
    return bad;
  }
}

/** A field id from its label, unique among `taken` (the builder names new fields so). */
export function fieldIdFor(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'field';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * Checks a form as the owner saves it. `listIds` are the website's mailing lists (a newsletter
 * form needs one of them). Returns the clean form, or the errors (then nothing may be saved).
 */
export function checkForm(
  input: FormSaveInput,
  listIds: readonly string[],
): { ok: true; form: CleanForm } | { ok: false; errors: BuilderErrors } {
  const errors: BuilderErrors = {};
  const name = input.name.trim();
  if (!name) errors.name = Messages.REQUIRED;

  if (input.fields.length === 0) errors.fields = Messages.REQUIRED;
  const ids = new Set<string>();
  const fields: FormFieldDef[] = [];
  input.fields.forEach((raw, i) => {
    const at = `fields.${i}`;
    const type = String(raw.type);
    if (type !== 'single-line' && !(FIELD_TYPES as readonly string[]).includes(type)) {
      errors[`${at}.type`] = OwnerMessages.NOT_AN_OPTION.replace('{val}', type);
    }
    const f = normalizeField({ ...raw, label: String(raw.label ?? '').trim() });
    if (!FIELD_ID.test(f.id)) errors[`${at}.id`] = Messages.INVALID_REQUEST;
    else if (ids.has(f.id)) errors[`${at}.id`] = OwnerMessages.FIELD_ID_TAKEN;
    ids.add(f.id);
    if (!f.label) errors[`${at}.label`] = Messages.REQUIRED;
    if (CHOICE_TYPES.includes(f.type)) {
      f.options = [...new Set((f.options ?? []).map((o) => o.trim()).filter(Boolean))];
      if (f.options.length === 0) errors[`${at}.options`] = Messages.REQUIRED;
    } else delete f.options;
    if (f.type === 'likert') {
      f.questions = [...new Set((f.questions ?? []).map((q) => q.trim()).filter(Boolean))];
      if (f.questions.length === 0) errors[`${at}.questions`] = Messages.REQUIRED;
    } else delete f.questions;
    if (!TEXT_TYPES.has(f.type)) delete f.maxLength;
    if (f.type === 'section' || f.type === 'hidden') delete f.required;
    if (f.type !== 'hidden') {
      delete f.value;
      delete f.name;
    }
    if (f.type !== 'phone') delete f.showCountryCode;
    fields.push(f);
  });

  const redirect = (input.successRedirect ?? '').trim();
  const redirectProblem = redirectError(redirect);
  if (redirectProblem) errors.successRedirect = redirectProblem;

  const notificationEmails = (input.notificationEmails ?? []).map((e) => e.trim());
  notificationEmails.forEach((e, i) => {
    const problem = editorEmailError(e);
    if (problem) errors[`notificationEmails.${i}`] = problem;
  });

  let emailSubject = defaultEmailSubject(name);
  if (input.emailSubject !== undefined) {
    emailSubject = input.emailSubject.trim();
    if (!emailSubject) errors.emailSubject = OwnerMessages.EMAIL_SUBJECT_REQUIRED;
  }

  let mailingListId: string | null = null;
  if (input.kind === 'newsletter') {
    mailingListId = input.mailingListId ?? null;
    if (listIds.length === 0) errors.mailingListId = OwnerMessages.NO_MAILING_LISTS;
    else if (!mailingListId || !listIds.includes(mailingListId)) {
      errors.mailingListId = OwnerMessages.MAILING_LIST_REQUIRED;
    }
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    form: {
      name,
      kind: input.kind,
      fields,
      submissionMessage: input.submissionMessage ?? '',
      disclaimer: input.disclaimer ?? '',
      successRedirect: redirect,
      submitLabel: input.submitLabel?.trim() || 'Submit',
      captchaEnabled: input.captchaEnabled === true,
      mailingListId,
      notificationEmails: [...new Set(notificationEmails.map((e) => e.toLowerCase()))],
      emailSubject,
    },
  };
}
