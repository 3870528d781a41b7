/**
 * Form definitions and the props of the `form-block` / `newsletter-block` islands (SPEC 3.6).
 * Shared by the server (stored definitions, validation) and the browser (rendering, validation).
 */

/** SPEC 3.6 field types, plus the text variants (textarea, email) and hidden/section blocks. */
export const FIELD_TYPES = [
  'date',
  'name',
  'time',
  'address',
  'checkbox',
  'likert',
  'radio',
  'select',
  'phone',
  'text',
  'textarea',
  'email',
  'hidden',
  'section',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What a form is for: a contact-style form, a newsletter sign-up, or a product's extra fields. */
export type FormKind = 'form' | 'newsletter' | 'product';

export interface FormFieldDef {
  /** Stable id; the key of the field's value in a submission. */
  id: string;
  /** 'single-line' is accepted on input and normalised to 'text' (the default). */
  type: FieldType;
  label: string;
  required?: boolean;
  /** Character limit for text, textarea and email fields (0 or absent: none). */
  maxLength?: number;
  /** Choices of checkbox, radio and select fields. */
  options?: string[];
  placeholder?: string;
  description?: string;
  /** Likert: the statements answered on the -2..2 scale. */
  questions?: string[];
  /** Hidden: its own value, used when the page's query string has none under `name`. */
  value?: string;
  /** Hidden: the query-string parameter it reads (defaults to the field id). */
  name?: string;
  /** Phone: ask for the country code too (4 parts) instead of 3. */
  showCountryCode?: boolean;
}

/** Which bot check the page must complete before submitting. */
export interface CaptchaPublicSettings {
  enabled: boolean;
  provider: 'altcha' | 'recaptcha' | 'recaptcha-enterprise' | 'turnstile';
  /** Public site key of reCAPTCHA / Turnstile; ALTCHA needs none. */
  siteKey?: string;
}

/** The public part of a stored form: what pages and GetTemplateSchema expose. */
export interface FormDefinitionJson {
  id: string;
  name: string;
  kind: FormKind;
  fields: FormFieldDef[];
  /** Owner-authored HTML shown under the fields. */
  disclaimer: string;
  submitLabel: string;
  captcha: CaptchaPublicSettings;
}

/** Page context sent with a submission (SPEC 3.6 "plus page context fields"). */
export interface FormPageContext {
  pagePath?: string;
  pageTitle?: string;
  pageId?: string;
  collectionId?: string;
  itemId?: string;
  contentSource?: 'i' | 'c';
}

/** Props of the `form-block` and `newsletter-block` islands. */
export interface FormBlockProps {
  form: FormDefinitionJson;
  pageContext: FormPageContext;
  /** The site's language: the form's own words (form-texts.ts) and messages are in it. */
  locale?: string;
}

/** The value of one field in a submission (SPEC 3.6 value shapes). */
export type FieldValue = string | string[] | Record<string, string>;
export type FormValues = Record<string, FieldValue>;

/** Summary of a form for a page's `?format=json` context. */
export interface FormSummaryJson {
  id: string;
  name: string;
  kind: FormKind;
  fields: { id: string; type: FieldType; label: string; required: boolean; maxLength?: number }[];
}

/** SaveFormSubmission's success body. */
export interface FormSubmitSuccess {
  success: true;
  submissionMessage?: string;
  redirect?: string;
  postSubmitHtml?: string;
}

/** The name of the honeypot input every rendered form carries (bots fill it, people don't). */
export const HONEYPOT_FIELD = 'website_url';
