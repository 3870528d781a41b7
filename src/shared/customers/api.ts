import type { AddressInput } from '../checkout/api.js';

/**
 * Customer accounts (issue 14, docs/customers.md): the shopper's pages, the owner's API, limits
 * and the SPEC 3.8 site-user cookie's value. Pure: the server and the browser share it.
 */

/** The shopper's pages (plain forms with the crumb; they work without JavaScript). */
export const CUSTOMER_PAGES = {
  signIn: '/account/sign-in',
  /** POST: the 6-digit code typed on the code step. */
  code: '/account/sign-in/code',
  /** GET: the mailed link's page (a button that posts the token); POST: uses it. */
  link: '/account/sign-in/link',
  signOut: '/account/sign-out',
  account: '/account',
  addresses: '/account/addresses',
  /** POST …/:id (save), …/:id/delete, …/:id/default. */
  address: (id: string) => `/account/addresses/${encodeURIComponent(id)}`,
  restockRemove: '/account/restock/remove',
  newsletterRemove: '/account/newsletter/remove',
} as const;

/** GET: the signed-in customer for the checkout's prefill (401 when signed out). */
export const CUSTOMER_ME_PATH = '/api/customers/me';

export interface CustomerMe {
  id: string;
  email: string;
  name: string;
  defaultAddress: AddressInput | null;
}

/** The owner's /config API. */
export const CUSTOMER_API = {
  list: '/api/customers',
} as const;

export const CustomerLimits = {
  /** Sign-in codes: 6 digits. */
  codeDigits: 6,
  /** How long a code or link works (minutes). */
  tokenTtlMinutes: 15,
  /** Sign-in mails to one address per website and hour, whoever asks. */
  mailsPerAddressPerHour: 5,
  /** Sign-in requests per client address per 10 minutes. */
  requestsPerAddressPer10Min: 10,
  /** Code attempts per address (email) per 15 minutes, from anywhere. */
  codeAttemptsPer15Min: 10,
  /** Saved addresses per customer. */
  addressesMax: 20,
  /** Owner list page size. */
  pageSize: 50,
  searchMax: 200,
} as const;

/** A customer's line in /config Customers. Money in minor units of the site's currency. */
export interface CustomerSummary {
  id: string;
  email: string;
  name: string;
  ordersCount: number;
  totalSpent: number;
  currency: string;
  /** ISO time of the latest order, null when none. */
  lastOrderAt: string | null;
  createdAt: string;
}

export interface CustomerListResponse {
  customers: CustomerSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** SPEC 3.8's site-user cookie. */
export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string;
}

export function siteUserCookieValue(siteUserId: string): string {
  return encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId }));
}

/** Reads the cookie's value (raw, as in document.cookie); null when absent or not ours. */
export function parseSiteUser(value: string | null | undefined): SiteUserInfo | null {
  if (!value) return null;
  try {
    const v = JSON.parse(decodeURIComponent(value)) as Partial<SiteUserInfo> | null;
    if (!v || v.authenticated !== true || typeof v.siteUserId !== 'string') return null;
    return { authenticated: true, siteUserId: v.siteUserId };
  } catch {
    return null;
  }
}

/**
 * A typed code: digits only once spaces and dashes are gone (full-width digits, as a Japanese
 * keyboard may type them, count as digits); undefined when not 6 digits.
 */
export function normalizeCode(raw: string): string | undefined {
  const code = raw
    .replace(/[\uFF10-\uFF19]/g, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(/[\s\-\u2010-\u2015\u30FC\uFF0D]/g, '');
  return /^\d{6}$/.test(code) ? code : undefined;
}
