/** reCAPTCHA Enterprise action names (SPEC 7), one per place a bot check guards. */
export const CaptchaAction = {
  FORM_BLOCK_SUBMISSION: 'FORM_BLOCK_SUBMISSION',
  NEWSLETTER_BLOCK_SUBMISSION: 'NEWSLETTER_BLOCK_SUBMISSION',
  PRODUCT_WAITLIST_SUBMISSION: 'PRODUCT_WAITLIST_SUBMISSION',
  PROMO_POPUP_SUBMISSION: 'PROMO_POPUP_SUBMISSION',
  /** Issue 14: a visitor's comment on an item (docs/comments.md). */
  COMMENT_SUBMISSION: 'COMMENT_SUBMISSION',
} as const;
export type CaptchaAction = (typeof CaptchaAction)[keyof typeof CaptchaAction];

export type CaptchaProviderName = 'altcha' | 'recaptcha' | 'recaptcha-enterprise' | 'turnstile';

/** SPEC 8.5 failures of the reCAPTCHA client. */
export const CaptchaErrors = {
  DOCUMENT_DESTROYED: 'Document was destroyed',
  NO_ENTERPRISE_KEY: 'Enterprise V3 ReCaptcha site key not found',
  NOT_SET_UP: 'ReCaptcha has not been set up!',
} as const;

/** SPEC 9.1: the widget uses its compact size in containers narrower than this. */
export const CAPTCHA_COMPACT_BELOW_PX = 320;

/** Where the browser gets an ALTCHA challenge. */
export const ALTCHA_CHALLENGE_PATH = '/api/captcha/altcha/challenge';
