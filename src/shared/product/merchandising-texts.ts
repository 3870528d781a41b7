/**
 * The texts a product's restock form and low-stock message start with (SPEC 3.4), by the
 * website's language: the one home of these defaults. A new product stores its site's defaults
 * (owner API, CSV import, seed, starter content, the product editor's blank form); rendering runs
 * stored texts through `localizeMerchandisingTexts`, so products saved before Japanese defaults
 * existed (they hold the English ones) read Japanese on a Japanese site too. Server and editor
 * only: the storefront islands get the texts already chosen in their props, so no storefront
 * bundle carries another language's table.
 */
import { byLanguage } from '../i18n/by-language.js';
import JA_MERCHANDISING_TEXTS from '../i18n/ja/merchandising.js';
import { DEFAULT_SCARCITY_TEXT } from './rules-scarcity.js';
import type { OwnerMerchandising } from './owner-api.js';
import type { MerchandisingTexts } from './types.js';

export type { MerchandisingTexts };
type RestockTexts = MerchandisingTexts['restockNotificationMessages'];

/** English: SPEC 3.4's wording, exactly. */
export const ENGLISH_MERCHANDISING_TEXTS: MerchandisingTexts = {
  restockNotificationMessages: {
    buttonText: 'Notify Me',
    CTAText: 'Get notified when this item is back in stock.',
    placeholderText: 'Email Address',
    mailingListDescription: 'Also sign up for our newsletter',
  },
  scarcityText: DEFAULT_SCARCITY_TEXT,
};

/** The defaults of a website language (English for a language without its own). */
export function defaultMerchandisingTexts(language: string | null | undefined): MerchandisingTexts {
  return byLanguage({ ja: JA_MERCHANDISING_TEXTS }, language, ENGLISH_MERCHANDISING_TEXTS);
}

/**
 * A product's merchandising as it starts (SPEC 3.4): every feature off and the texts of the
 * website's language, a fresh object each call. The one home of this default: the server stores
 * it for a new product, the editor opens a blank product with it.
 */
export function newMerchandising(language: string | null | undefined): OwnerMerchandising {
  const d = defaultMerchandisingTexts(language);
  return {
    restockNotificationViews: [],
    restockNotificationMessages: { ...d.restockNotificationMessages },
    mailingListSignUpEnabled: false,
    mailingListOptInByDefault: false,
    scarcityEnabled: false,
    scarcityTemplateViews: [],
    scarcityText: d.scarcityText,
    scarcityShownByDefault: false,
    customSoldOutText: '',
  };
}

/**
 * The texts a shopper is shown: on a site whose language has its own defaults, a text left
 * empty or still exactly the English default becomes that language's default (an owner who
 * wrote their own words keeps them). English sites get what is stored, unchanged. The same
 * object comes back when nothing changes.
 */
export function localizeMerchandisingTexts<T extends MerchandisingTexts>(
  m: T,
  language: string | null | undefined,
): T {
  const d = defaultMerchandisingTexts(language);
  if (d === ENGLISH_MERCHANDISING_TEXTS) return m;
  const en = ENGLISH_MERCHANDISING_TEXTS;
  const pick = (stored: string | undefined, english: string, own: string) => {
    const t = stored?.trim() ?? '';
    return t === '' || t === english ? own : (stored as string);
  };
  const msgs = m.restockNotificationMessages;
  const keys = Object.keys(en.restockNotificationMessages) as (keyof RestockTexts)[];
  const localized = { ...msgs };
  for (const k of keys) {
    localized[k] = pick(
      msgs[k],
      en.restockNotificationMessages[k],
      d.restockNotificationMessages[k],
    );
  }
  const scarcityText = pick(m.scarcityText, en.scarcityText, d.scarcityText);
  const same = scarcityText === m.scarcityText && keys.every((k) => localized[k] === msgs[k]);
  return same ? m : { ...m, restockNotificationMessages: localized, scarcityText };
}
