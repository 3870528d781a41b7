import type { AppDeps } from '../deps.js';
import type { Site } from '../sites/site-queries.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { CaptchaAction } from '../../shared/forms/captcha.js';
import { verifyCaptcha } from '../captcha/verify.js';

/**
 * The website's bot check for restock sign-ups (ALTCHA unless a reCAPTCHA / Turnstile key pair
 * is set; SPEC 7 action PRODUCT_WAITLIST_SUBMISSION). Throws CAPTCHA_FAILED (401, SPEC 8.4's
 * 'Unable to submit form. Please try again later.') when it fails.
 */
export async function verifyRestockBotCheck(
  deps: AppDeps,
  site: Site,
  token: string | undefined,
  remoteIp?: string,
): Promise<void> {
  const verdict = await verifyCaptcha(
    deps,
    site,
    token,
    CaptchaAction.PRODUCT_WAITLIST_SUBMISSION,
    remoteIp ? { remoteIp } : {},
  );
  if (!verdict.ok) {
    throw appError(ErrorCode.CAPTCHA_FAILED, Messages.RESTOCK_FAILED, {
      reason: verdict.reason ?? 'invalid',
    });
  }
}
