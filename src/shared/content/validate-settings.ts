import { byLanguage } from '../i18n/by-language.js';
import { isSupportedCurrency } from '../money.js';
import { sanitizeRichText } from '../rich-text.js';
import { linkError } from './links.js';
import {
  SHARE_NETWORKS,
  type SiteHeaderSettings,
  type SitePolicies,
  type SiteSettingsDoc,
} from './site-api.js';
import type { FieldErrors } from './validate-styles.js';

/**
 * The one check of site settings (issue 13), run by the Settings screen before it saves and by
 * `PUT /api/website/settings`. Normalizes what it can (canonical language tag, cleaned policy
 * HTML, every share network named) and reports the rest per field.
 */

/**
 * Languages the storefront has texts for (src/shared/i18n: English and Japanese); the region
 * decides date and number formats.
 */
export const SITE_LANGUAGES: readonly { tag: string; label: string }[] = [
  { tag: 'en-US', label: 'English (United States)' },
  { tag: 'en-GB', label: 'English (United Kingdom)' },
  { tag: 'en-AU', label: 'English (Australia)' },
  { tag: 'en-CA', label: 'English (Canada)' },
  { tag: 'en-NZ', label: 'English (New Zealand)' },
  { tag: 'en-IE', label: 'English (Ireland)' },
  { tag: 'ja-JP', label: '日本語 (Japanese)' },
];
const PRIMARY_LANGUAGES = new Set(['en', 'ja']);

export const POLICY_KINDS = ['shipping', 'returns', 'privacy'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

const POLICY_TITLES: Record<string, Record<PolicyKind, string>> = {
  en: { shipping: 'Shipping Policy', returns: 'Returns Policy', privacy: 'Privacy Policy' },
  ja: { shipping: '配送ポリシー', returns: '返品ポリシー', privacy: 'プライバシーポリシー' },
};

/** The policies' page titles and footer links in the site's language (English otherwise). */
export function policyTitles(language: string): Record<PolicyKind, string> {
  return byLanguage(POLICY_TITLES, language, POLICY_TITLES.en!);
}

/** Before any save: the theme's header (title left, cart shown) and no policies. */
export const DEFAULT_HEADER: SiteHeaderSettings = { layout: 'left', showCart: true, button: null };
export const DEFAULT_POLICIES: SitePolicies = { shipping: '', returns: '', privacy: '' };

export const SettingsLimits = {
  titleMax: 100,
  descriptionMax: 400,
  policyMax: 50_000,
  buttonLabelMax: 40,
} as const;

export const SettingsTexts = {
  TITLE_REQUIRED: 'Enter a site title.',
  TOO_LONG: 'You have exceeded the character limit.',
  LANGUAGE: 'Choose one of the listed languages.',
  CURRENCY: 'Choose one of the supported currencies.',
  TIME_ZONE: 'Choose a time zone from the list, such as Europe/Paris.',
  BUTTON_LABEL: 'Enter the button’s label, or clear its link.',
  BUTTON_URL: 'Enter where the button goes.',
  LAYOUT: '{val} is not one of the expected options',
} as const;

/** BCP 47 tag in its canonical form ('EN-us' → 'en-US'), undefined when not a valid tag. */
export function canonicalLanguage(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    return canonical;
  } catch {
    return undefined;
  }
}

/** An IANA zone the runtime knows ('Europe/Paris', 'UTC'); offsets and abbreviations are not. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The time zones offered in the picker. */
export function timeZoneChoices(): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes('UTC') ? all : ['UTC', ...all];
}

function cleanPolicies(input: SitePolicies, errors: FieldErrors): SitePolicies {
  const out = { shipping: '', returns: '', privacy: '' };
  for (const kind of POLICY_KINDS) {
    const html = String(input[kind] ?? '');
    if (html.length > SettingsLimits.policyMax) errors[`policies.${kind}`] = SettingsTexts.TOO_LONG;
    const clean = sanitizeRichText(html).trim();
    // An editor's empty paragraph is no policy (no footer link).
    out[kind] = clean.replace(/<[^>]*>|&nbsp;|\s/g, '') ? clean : '';
  }
  return out;
}

/** Checks and normalizes; `settings` is only meaningful when `fieldErrors` is empty. */
export function validateSettings(input: SiteSettingsDoc): {
  settings: SiteSettingsDoc;
  fieldErrors: FieldErrors;
} {
  const errors: FieldErrors = {};
  const siteTitle = input.siteTitle.trim();
  if (!siteTitle) errors.siteTitle = SettingsTexts.TITLE_REQUIRED;
  else if (siteTitle.length > SettingsLimits.titleMax) errors.siteTitle = SettingsTexts.TOO_LONG;
  const description = input.description.trim();
  if (description.length > SettingsLimits.descriptionMax)
    errors.description = SettingsTexts.TOO_LONG;

  const language = canonicalLanguage(input.language);
  if (!language || !PRIMARY_LANGUAGES.has(language.split('-')[0]!.toLowerCase()))
    errors.language = SettingsTexts.LANGUAGE;
  const currency = input.currency.trim().toUpperCase();
  if (!isSupportedCurrency(currency)) errors.currency = SettingsTexts.CURRENCY;
  const timeZone = input.timeZone.trim();
  if (!isTimeZone(timeZone)) errors.timeZone = SettingsTexts.TIME_ZONE;

  const shareButtonOptions: Record<string, boolean> = {};
  for (const network of SHARE_NETWORKS)
    shareButtonOptions[network] = input.shareButtonOptions[network] === true;

  const header = { ...input.header };
  if (header.layout !== 'left' && header.layout !== 'center')
    errors['header.layout'] = SettingsTexts.LAYOUT.replace('{val}', String(header.layout));
  if (header.button) {
    const label = header.button.label.trim();
    const url = header.button.url.trim();
    if (!label && !url) header.button = null;
    else {
      if (!label) errors['header.button.label'] = SettingsTexts.BUTTON_LABEL;
      else if (label.length > SettingsLimits.buttonLabelMax)
        errors['header.button.label'] = SettingsTexts.TOO_LONG;
      const linkProblem = url ? linkError(url) : SettingsTexts.BUTTON_URL;
      if (linkProblem) errors['header.button.url'] = linkProblem;
      header.button = { label, url };
    }
  }

  return {
    settings: {
      ...input,
      siteTitle,
      description,
      language: language ?? input.language,
      currency,
      timeZone,
      shareButtonOptions,
      policies: cleanPolicies(input.policies, errors),
      header,
    },
    fieldErrors: errors,
  };
}
