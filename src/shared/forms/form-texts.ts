/**
 * The words of the contact, newsletter and product custom forms that are not the owner's own
 * (sub-part labels, SPEC 3.6's likert scale, the submit button's states, the bot check's status),
 * per site language. English is SPEC 3.6 / 4.6 verbatim; another language's table is its
 * `i18n/{language}/forms.ts` (text-packs.ts). The forms' messages are `Messages` texts, shown in
 * the page's language by `localizeMessage` (i18n/messages.ts).
 */
import { areaTexts } from '../i18n/text-packs.js';
import { ProductTexts } from '../product/product-texts.js';
import { LIKERT_SCALE, PART_LABELS } from './parts.js';
import { ENGLISH_CAPTCHA_TEXTS, type CaptchaTexts } from './captcha-texts.js';

export interface FormTexts extends CaptchaTexts {
  /** Labels under each sub-input (PART_LABELS' keys). */
  parts: Readonly<Record<string, string>>;
  /**
   * The order a multi-part field shows its sub-inputs in, where the language has its own (a
   * Japanese name is family name first); the value keeps SPEC 3.6's order.
   */
  partOrder: Readonly<Record<string, readonly string[]>>;
  /** SPEC 3.6's likert labels by value ('-2' … '2'). */
  likert: Readonly<Record<string, string>>;
  selectValue: string;
  submit: string;
  submitting: string;
  /** SPEC 4.3: the custom product form's button while it saves. */
  saving: string;
  loading: string;
  close: string;
  honeypot: string;
}

const EN: FormTexts = {
  parts: PART_LABELS,
  partOrder: {},
  likert: Object.fromEntries(LIKERT_SCALE.map((s) => [s.value, s.label])),
  selectValue: ProductTexts.SELECT_VALUE,
  submit: 'Submit',
  submitting: 'Submitting…',
  saving: 'Saving…',
  loading: 'Loading…',
  close: 'Close',
  honeypot: 'Leave this field empty',
  ...ENGLISH_CAPTCHA_TEXTS,
};

export const ENGLISH_FORM_TEXTS: FormTexts = EN;

/** The forms' words for a site language ('ja', 'ja-JP'…); English for any other. */
export function formTexts(language: string | null | undefined): FormTexts {
  return areaTexts<FormTexts>('forms', language) ?? EN;
}
