import type { Site } from '../sites/site-queries.js';
import type { CaptchaProviderName } from '../../shared/forms/captcha.js';

export interface CaptchaSettings {
  provider: CaptchaProviderName;
  siteKey?: string;
  secretKey?: string;
}

const PROVIDERS: CaptchaProviderName[] = [
  'altcha',
  'recaptcha',
  'recaptcha-enterprise',
  'turnstile',
];

/**
 * The website's bot check (`settings.websiteSettings.captchaSettings`). ALTCHA is the default and
 * the fallback when a third-party provider lacks its keys: it needs no account and no network.
 */
export function captchaSettingsOf(site: Pick<Site, 'settings'>): CaptchaSettings {
  const raw = site.settings?.websiteSettings?.captchaSettings as
    Partial<CaptchaSettings> | undefined;
  const provider = raw?.provider && PROVIDERS.includes(raw.provider) ? raw.provider : 'altcha';
  if (provider === 'altcha' || !raw?.siteKey || !raw?.secretKey) return { provider: 'altcha' };
  return { provider, siteKey: raw.siteKey, secretKey: raw.secretKey };
}

/** What the page may know: never the secret. */
export function publicCaptchaSettings(site: Pick<Site, 'settings'>): {
  provider: CaptchaProviderName;
  siteKey?: string;
} {
  const s = captchaSettingsOf(site);
  return s.siteKey ? { provider: s.provider, siteKey: s.siteKey } : { provider: s.provider };
}
