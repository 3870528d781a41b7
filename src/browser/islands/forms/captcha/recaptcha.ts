import { CAPTCHA_COMPACT_BELOW_PX, CaptchaErrors } from '../../../../shared/forms/captcha.js';

/** The part of Google's `grecaptcha` (and `grecaptcha.enterprise`) we use. */
interface GrecaptchaApi {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  reset(id?: number): void;
  getResponse(id?: number): string;
}

declare global {
  interface Window {
    grecaptcha?: GrecaptchaApi & { enterprise?: GrecaptchaApi };
  }
}

const scripts = new Map<string, Promise<GrecaptchaApi>>();

/**
 * Loads Google's script once per page (SPEC 4.8) and resolves with the API. Enterprise needs its
 * site key ('Enterprise V3 ReCaptcha site key not found'); a page torn down while loading fails
 * with 'Document was destroyed' (SPEC 8.5).
 */
export function loadRecaptcha(opts: {
  siteKey?: string;
  enterprise: boolean;
}): Promise<GrecaptchaApi> {
  if (opts.enterprise && !opts.siteKey) {
    return Promise.reject(new Error(CaptchaErrors.NO_ENTERPRISE_KEY));
  }
  const src = opts.enterprise
    ? `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(opts.siteKey!)}`
    : 'https://www.google.com/recaptcha/api.js?render=explicit';
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<GrecaptchaApi>((resolve, reject) => {
      if (typeof document === 'undefined' || !document.head) {
        reject(new Error(CaptchaErrors.DOCUMENT_DESTROYED));
        return;
      }
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.defer = true;
      el.onload = () => {
        const api = opts.enterprise ? window.grecaptcha?.enterprise : window.grecaptcha;
        if (!api || !document.defaultView) reject(new Error(CaptchaErrors.DOCUMENT_DESTROYED));
        else api.ready(() => resolve(api));
      };
      el.onerror = () => {
        scripts.delete(src);
        reject(new Error(CaptchaErrors.DOCUMENT_DESTROYED));
      };
      document.head.appendChild(el);
      hideBadgeUntilFocus();
    });
    scripts.set(src, p);
  }
  return p;
}

/** Runs a v3 / Enterprise check for `action`; fails with 'ReCaptcha has not been set up!'. */
export async function executeRecaptcha(
  api: GrecaptchaApi | undefined,
  siteKey: string | undefined,
  action: string,
): Promise<string> {
  if (!api || !siteKey) throw new Error(CaptchaErrors.NOT_SET_UP);
  return api.execute(siteKey, { action });
}

/** SPEC 9.1: compact when the container is narrower than 320 px. */
export function widgetSize(containerWidth: number): 'compact' | 'normal' {
  return containerWidth > 0 && containerWidth < CAPTCHA_COMPACT_BELOW_PX ? 'compact' : 'normal';
}

const BADGE_STYLE_ID = 'form-captcha-badge';

/**
 * SPEC 4.8: the badge is hidden until a form field gets focus, and sits above a lightbox when the
 * form is inside one. One style element and one listener per page.
 */
export function hideBadgeUntilFocus(): void {
  if (typeof document === 'undefined' || document.getElementById(BADGE_STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = BADGE_STYLE_ID;
  style.textContent =
    '.grecaptcha-badge{visibility:hidden;opacity:0;transition:opacity .3s}' +
    'body.form-captcha-visible .grecaptcha-badge{visibility:visible;opacity:1}' +
    'body.form-captcha-in-lightbox .grecaptcha-badge{z-index:100001!important}';
  document.head.appendChild(style);
  document.addEventListener('focusin', (e) => {
    const target = e.target as HTMLElement | null;
    const form = target?.closest?.('form[data-form-id]');
    if (!form) return;
    document.body.classList.add('form-captcha-visible');
    const inLightbox = Boolean(form.closest('[role=dialog], .lightbox, .sqs-lightbox'));
    document.body.classList.toggle('form-captcha-in-lightbox', inLightbox);
  });
}
