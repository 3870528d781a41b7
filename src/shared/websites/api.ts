/**
 * The websites API's wire shapes and rules (issue 16; docs/websites.md), shared by the server
 * (`src/server/websites/`) and /config's Websites screen (`src/browser/editor/websites/`).
 */

/** One website in the owner's list (`GET /api/websites`). */
export interface WebsiteSummary {
  id: string;
  title: string;
  slug: string;
  theme: string;
  language: string;
  currency: string;
  /** The owner's SPEC 3.10 role there, and it in words. */
  role: number;
  roleLabel: string;
  /** `{slug}.{BASE_DOMAIN}` (or `{slug}.localhost` when /config was opened on localhost). */
  host: string;
  /** The live site and its /config, on that host. */
  url: string;
  configUrl: string;
  /** Custom domains, sorted. */
  domains: string[];
  /** ISO time the website is purged at, when it was deleted (grace period); null otherwise. */
  deletingOn: string | null;
  /** The website this /config is for. */
  current: boolean;
  /** Whether the owner may delete, restore, export it and manage its domains (`settings`). */
  canManage: boolean;
}

export interface WebsitesListJson {
  websites: WebsiteSummary[];
}

export interface WebsiteCreatedJson {
  website: WebsiteSummary;
}

/** `GET /api/websites/slug-check?slug=`: live availability for the new-website form. */
export interface SlugCheckJson {
  slug: string;
  available: boolean;
  /** Why not, in words (taken, malformed), when not available. */
  message: string | null;
  url: string;
}

/** `GET /api/themes`: the themes in themes/ (theme.json, or the folder name). */
export interface ThemeSummary {
  name: string;
  title: string;
  description: string;
  /** `/api/themes/{name}/preview` when the theme has a preview image, else null. */
  previewUrl: string | null;
  /** Which starter content a new website gets: a shop, or a portfolio and blog. */
  starter: 'store' | 'portfolio';
}

export interface ThemesJson {
  themes: ThemeSummary[];
}

/** `POST /api/websites/{id}/handoff`: a one-time link that signs the owner in on the site's host. */
export interface HandoffJson {
  url: string;
}

export interface DomainJson {
  host: string;
  createdOn: string;
}

export interface DomainsJson {
  domains: DomainJson[];
  /** What a CNAME should point at (BASE_DOMAIN). */
  cnameTarget: string;
}

/** `POST /api/websites/import` answers the new website. */
export type WebsiteImportedJson = WebsiteCreatedJson;

/** How long a deleted website waits before it is purged (its owners can restore it meanwhile). */
export const DELETE_GRACE_DAYS = 30;

export const WebsiteLimits = {
  titleMax: 100,
  slugMin: 3,
  slugMax: 40,
  domainMax: 253,
  domainsPerSite: 10,
} as const;

/** Slugs that would shadow the platform's own hosts. */
const RESERVED_SLUGS = new Set(['www', 'api', 'admin', 'config', 'mail', 'static', 'assets']);

export const WebsiteTexts = {
  TITLE_REQUIRED: 'Enter a title for the website.',
  TITLE_TOO_LONG: 'You have exceeded the character limit.',
  SLUG_FORMAT: 'Use 3 to 40 lower-case letters, digits and hyphens, starting with a letter.',
  SLUG_RESERVED: 'This address is reserved. Choose another.',
  SLUG_TAKEN: 'Another website already uses this address. Choose another.',
  LANGUAGE: 'Choose a supported language.',
  CURRENCY: 'Choose a supported currency.',
  TIME_ZONE: 'Choose a time zone such as America/New_York.',
} as const;

/** Why a slug cannot be used (format or reserved), or null when its form is fine. */
export function slugProblem(slug: string): string | null {
  if (
    slug.length < WebsiteLimits.slugMin ||
    slug.length > WebsiteLimits.slugMax ||
    !/^[a-z][a-z0-9-]*[a-z0-9]$/.test(slug) ||
    slug.includes('--')
  )
    return WebsiteTexts.SLUG_FORMAT;
  if (RESERVED_SLUGS.has(slug)) return WebsiteTexts.SLUG_RESERVED;
  return null;
}

/** A slug suggested from a title: 'Blue Heron Studio!' → 'blue-heron-studio'. */
export function slugFromTitle(title: string): string {
  const s = title
    .normalize('NFKD')
    // The accents NFKD split off ('é' → 'e' + U+0301) go, so 'Crème' is 'creme'.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, WebsiteLimits.slugMax)
    .replace(/-+$/, '');
  return /^[a-z]/.test(s) ? s : s ? `site-${s}`.slice(0, WebsiteLimits.slugMax) : '';
}

/**
 * A custom domain as stored (lower case, no trailing dot), or null when it is not a host name
 * with at least two labels: letters, digits and hyphens, no label over 63, a TLD of letters.
 */
export function normalizeDomain(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.length > WebsiteLimits.domainMax) return null;
  const labels = host.split('.');
  if (labels.length < 2) return null;
  for (const l of labels) {
    if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) return null;
  }
  if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1]!) && !/^xn--/.test(labels.at(-1)!))
    return null;
  return host;
}
