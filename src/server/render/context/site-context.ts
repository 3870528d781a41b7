import { CollectionType, PageType } from '../../../shared/enums.js';
import { moneyJson } from '../../../shared/money.js';
import {
  storefrontTexts,
  themeTexts,
  type ThemeTexts,
} from '../../../shared/i18n/storefront-texts.js';
import { engineSubscriptionStrings } from '../helpers/subscription-strings.js';
import { DEFAULT_HEADER, policyTitles } from '../../../shared/content/validate-settings.js';
import { designJson, policyLinks } from '../../content/site-design/styles-css.js';
import type { Site } from '../../sites/site-queries.js';
import type { CollectionRow } from '../../content/content-queries.js';
import { gallerySettings } from '../../../shared/gallery/gallery-settings.js';
import { itemClickable } from '../../../shared/product/rules.js';
import {
  ENGLISH_SUBSCRIPTION_WORDS,
  subscriptionWords,
} from '../../../shared/product/rules-subscription.js';
import { collectionUrl } from './item-json.js';
import type {
  CollectionJson,
  NavigationLinkJson,
  PageContext,
  WebsiteJson,
  WebsiteSettingsJson,
} from './types.js';

/** SPEC 9.2: dates format in New York time when the site sets no zone. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * SPEC 9.1 texts the engine's commerce formatters and our templates read, in the site's language
 * (src/shared/i18n/storefront-texts.ts; English for a language without its own table). Another
 * language also gets the engine's subscription price templates in its words (English sites keep
 * the engine's own English, the same sentences).
 */
export function localizedStrings(language: string): Readonly<Record<string, string>> {
  let strings = stringsByLanguage.get(language);
  if (!strings) {
    const words = subscriptionWords(language);
    strings = Object.freeze({
      ...(words === ENGLISH_SUBSCRIPTION_WORDS ? {} : engineSubscriptionStrings(language)),
      ...storefrontTexts(language),
      ...themeTexts(language),
    });
    stringsByLanguage.set(language, strings);
  }
  return strings;
}

/** Built once per site language, not per render: every page context carries the same table. */
const stringsByLanguage = new Map<string, Readonly<Record<string, string>>>();

/** The cart indicator's spoken labels in the site language (its island loads no text table). */
function indicatorLabels(language: string) {
  const t = storefrontTexts(language);
  return {
    cartItemsOneText: t.cartItemsOneText,
    cartItemsOtherText: t.cartItemsOtherText,
    cartItemsMoreText: t.cartItemsMoreText,
  };
}

/** Theme tweaks that become CSS custom properties (`--tweak-accent-color`…). */
const TWEAK_NAMES = ['accentColor', 'backgroundColor', 'textColor', 'headingFont', 'bodyFont'];

/**
 * The site's tweaks as a `:root` rule for the layout's `<style>`. Values are owner input inside
 * CSS, so anything that could end the declaration or the style element is refused.
 */
export function tweaksCss(tweaks: Record<string, string> | undefined): string {
  const decls = TWEAK_NAMES.flatMap((name) => {
    const v = tweaks?.[name];
    if (typeof v !== 'string' || !/^[\w\s,'"#().%-]{1,200}$/.test(v)) return [];
    const prop = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    return [`--tweak-${prop}:${v}`];
  });
  return decls.length ? `:root{${decls.join(';')}}` : '';
}

export function websiteJson(site: Site, baseUrl: string): WebsiteJson {
  const ws = site.settings.websiteSettings;
  return {
    id: site.id,
    identifier: site.slug,
    siteTitle: site.title,
    siteDescription: site.description,
    language: site.language,
    timeZone: ws.timeZone || DEFAULT_TIME_ZONE,
    baseUrl,
    siteStatus: site.site_status,
    websiteType: site.website_type,
    developerMode: site.developer_mode,
    createdOn: new Date(site.created_on).getTime(),
    currency: site.currency,
    tweaks: site.settings.tweaks ?? {},
    tweaksCss: tweaksCss(site.settings.tweaks),
    design: designJson(site.settings),
    policyLinks: policyLinks(site.settings, policyTitles(site.language)),
    header: site.settings.header ?? DEFAULT_HEADER,
    customerAccounts: site.settings.websiteSettings.customerAccountsEnabled === true,
  };
}

/** SPEC 3.7 website settings plus store and captcha settings, without any secret. */
export function websiteSettingsJson(site: Site): WebsiteSettingsJson {
  const ws = site.settings.websiteSettings;
  const store = ws.storeSettings;
  const currency = store.currencyCode || site.currency;
  return {
    timeZone: ws.timeZone || DEFAULT_TIME_ZONE,
    commentsEnabled: ws.commentsEnabled,
    simpleLikingEnabled: ws.simpleLikingEnabled,
    shareButtonOptions: ws.shareButtonOptions ?? {},
    ...(ws.disqusShortname ? { disqusShortname: ws.disqusShortname } : {}),
    storeSettings: {
      multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices,
      minimumOrderSubtotal:
        store.minimumOrderSubtotalCents > 0
          ? moneyJson(store.minimumOrderSubtotalCents, currency)
          : null,
      currencyCode: currency,
    },
    captchaSettings: {
      provider: ws.captchaSettings.provider,
      ...(ws.captchaSettings.siteKey ? { siteKey: ws.captchaSettings.siteKey } : {}),
    },
  };
}

const TYPE_NAMES: Record<string, string> = {
  page: 'page',
  products: 'products',
  blog: 'blog',
  gallery: 'gallery',
  events: 'events',
};

export function collectionJson(row: CollectionRow): CollectionJson {
  const json: CollectionJson = {
    id: row.id,
    title: row.title,
    description: row.description,
    urlId: row.url_id,
    fullUrl: collectionUrl(row.url_id),
    type: row.type,
    typeName: TYPE_NAMES[row.kind] ?? row.kind,
    folder: false,
    folderBehavior: row.folder_behavior,
  };
  if (row.kind === 'gallery' || row.type === CollectionType.SLIDE_GALLERY) {
    json.gallery = gallerySettings(row.settings);
  }
  return json;
}

const SPECIAL_LINKS: Record<string, { text: 'cartText' | 'searchText'; fullUrl: string }> = {
  cart: { text: 'cartText', fullUrl: '/cart' },
  search: { text: 'searchText', fullUrl: '/search' },
};

/** Rows the header may list: placed, visible, live, and routed (not the footer or 404 rows). */
function inNavigation(c: CollectionRow): boolean {
  return (
    c.nav_visible &&
    c.nav_index !== null &&
    c.status === 'published' &&
    c.kind !== 'footer' &&
    c.kind !== 'not-found'
  );
}

/**
 * The header links (issue 13): the pages tree the owner arranges in /config — visible pages in
 * their order, folders as one level of dropdowns over their pages (an empty folder is left out).
 * The `navigation` setting now only adds the cart and search pages ('cart', 'search') at the end.
 */
export function navigationJson(
  collections: CollectionRow[],
  path: string,
  specials: string[] = [],
  texts: ThemeTexts = themeTexts('en'),
): NavigationLinkJson[] {
  const shown = collections
    .filter(inNavigation)
    .sort((a, b) => (a.nav_index ?? 0) - (b.nav_index ?? 0) || a.url_id.localeCompare(b.url_id));
  const folderIds = new Set(shown.filter((c) => c.kind === 'folder').map((c) => c.id));
  const isActive = (fullUrl: string) =>
    fullUrl === '/' ? path === '/' : path === fullUrl || path.startsWith(`${fullUrl}/`);
  const link = (c: CollectionRow): NavigationLinkJson => {
    const fullUrl = collectionUrl(c.url_id);
    return { title: c.title, urlId: c.url_id, fullUrl, active: isActive(fullUrl) };
  };
  const links = shown.flatMap((c): NavigationLinkJson[] => {
    if (c.parent_id && folderIds.has(c.parent_id)) return [];
    if (c.kind !== 'folder') return [link(c)];
    const children = shown.filter((x) => x.parent_id === c.id && x.kind !== 'folder').map(link);
    if (!children.length) return [];
    return [
      {
        ...link(c),
        folder: true,
        clickable: itemClickable(c.folder_behavior),
        active: children.some((x) => x.active),
        children,
      },
    ];
  });
  for (const urlId of specials) {
    const special = SPECIAL_LINKS[urlId];
    if (special) {
      links.push({
        title: texts[special.text],
        urlId,
        fullUrl: special.fullUrl,
        active: isActive(special.fullUrl),
      });
    }
  }
  return links;
}

/** What every page's context has, before the page kind adds its own parts. */
export interface SiteBase {
  site: Site;
  collections: CollectionRow[];
  path: string;
  baseUrl: string;
}

export function baseContext(
  base: SiteBase,
  page: { pageType: number; templateFile: string; title: string; description?: string },
): PageContext {
  const website = websiteJson(base.site, base.baseUrl);
  const websiteSettings = websiteSettingsJson(base.site);
  const locale = base.site.language;
  const currency = websiteSettings.storeSettings.currencyCode;
  const title =
    page.pageType === PageType.PAGE && page.title === website.siteTitle
      ? website.siteTitle
      : page.title
        ? `${page.title} — ${website.siteTitle}`
        : website.siteTitle;
  return {
    website,
    websiteSettings,
    productMerchandisingContext: {},
    localizedStrings: localizedStrings(locale),
    pageType: page.pageType,
    template: { name: base.site.theme, file: page.templateFile },
    navigation: navigationJson(
      base.collections,
      base.path,
      base.site.settings.navigation ?? [],
      themeTexts(locale),
    ),
    pageTitle: title,
    pageDescription: page.description || website.siteDescription,
    requestPath: base.path,
    cartIndicatorIsland: { locale, currency, labels: indicatorLabels(locale) },
    featureFlags: { useCLDRMoneyFormat: true },
  };
}
