/**
 * The bot check's status words, the one part of the forms' texts the restock sign-up needs: a
 * module of its own, and in the storefront table too (which every product page has), so a sold-out
 * product page loads neither the contact form's words nor their table.
 */
import { areaTexts } from '../i18n/text-packs.js';

export interface CaptchaTexts {
  captchaIdle: string;
  captchaWorking: string;
  captchaDone: string;
  captchaFailed: string;
}

export const ENGLISH_CAPTCHA_TEXTS: CaptchaTexts = {
  captchaIdle: 'This form is protected against spam.',
  captchaWorking: 'Verifying you are human…',
  captchaDone: 'Verified',
  captchaFailed: 'Verification failed. Please try again.',
};

/** The bot check's words for a site language (its `storefront` table has them); English otherwise. */
export function captchaTexts(language: string | null | undefined): CaptchaTexts {
  return areaTexts<CaptchaTexts>('storefront', language) ?? ENGLISH_CAPTCHA_TEXTS;
}
