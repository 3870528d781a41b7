/**
 * Restock (back-in-stock) notifications: the JSON shapes shared by the server, the `restock-form`
 * island and the owner's tools (SPEC 3.4, 3.5, 7). Field names are the SPEC's; do not rename.
 */
import type { MerchandisingContextJson } from '../product/types.js';

/** Bot-check settings the page gives islands (provider of the website's captchaSettings). */
export interface RestockCaptchaProps {
  provider: 'altcha' | 'recaptcha' | 'recaptcha-enterprise' | 'turnstile';
  siteKey?: string;
}

/**
 * Props of the `restock-form` island. `product-form` renders it (importing
 * `src/browser/islands/restock/restock-form.tsx` directly) when the chosen variant is sold out;
 * a new `variantId` resets the form.
 */
export interface RestockFormProps {
  /** The product's item id (`productId` in the API). */
  itemId: string;
  variantId: string;
  messages: MerchandisingContextJson['restockNotificationMessages'];
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  captcha: RestockCaptchaProps;
  /** The site's language: the bot check's words and the messages are in it. */
  locale?: string;
}

/** POST /api/site-users/account/notifications/restock */
export interface RestockSignUpRequest {
  isJoinMailingList: boolean;
  productId: string;
  variantId: string;
  siteVisitorEmail: string;
  /** The bot-check token (ALTCHA payload, reCAPTCHA or Turnstile token); absent without one. */
  captchaToken?: string;
  /** The page's translation-widget language, when the page has one (SPEC 7). */
  translationLanguage?: string;
}

export interface RestockSignUpResponse {
  success: true;
}

/** One (product, variant) with sign-ups, for the owner. */
export interface RestockSignUpGroupJson {
  productId: string;
  productName: string;
  variantId: string;
  sku: string;
  attributes: Record<string, string>;
  /** Every sign-up of the variant. */
  count: number;
  /** Sign-ups not yet notified. */
  pendingCount: number;
  /**
   * The variant has nothing to sell yet (SPEC 4.7): notifying now would bring shoppers to a
   * sold-out page, so the editor asks first.
   */
  soldOut: boolean;
}

/** GET /api/site-users/account/notifications/restock/groups?cursor= */
export interface RestockSignUpGroupsResponse {
  signUpGroups: RestockSignUpGroupJson[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface RestockSignUpJson {
  id: string;
  productId: string;
  variantId: string;
  email: string;
  /** Epoch milliseconds. */
  created: number;
  notified: boolean;
  /** Epoch milliseconds of the notice, null while pending. */
  notifiedOn: number | null;
  joinMailingList: boolean;
}

/** GET /api/site-users/account/notifications/restock?productId=&variantId=&cursor= */
export interface RestockSignUpsResponse {
  signUps: RestockSignUpJson[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** POST …/restock/send */
export interface RestockSendRequest {
  productId: string;
  variantId: string;
}

/** POST …/restock/send/all */
export interface RestockSendAllRequest {
  sendRequests: RestockSendRequest[];
}

export type RestockSendStatus = 'running' | 'done' | 'failed';

/** GET …/restock/sends/{sendId}: progress of one send. */
export interface RestockSendJson {
  sendId: string;
  productId: string;
  variantId: string;
  status: RestockSendStatus;
  /** Addresses to notify when the send started (grows if sign-ups arrive meanwhile). */
  total: number;
  /** Addresses mailed and marked notified so far. */
  sent: number;
  /** Addresses whose mail failed in this send (left pending for the next send). */
  failed: number;
  /** Epoch milliseconds. */
  started: number;
  finished: number | null;
  error: string | null;
}

/** Owner setting per product: notify signed-up shoppers when a variant comes back in stock. */
export interface RestockSettingsJson {
  productId: string;
  autoNotify: boolean;
}

export const RESTOCK_API = {
  signUp: '/api/site-users/account/notifications/restock',
  groups: '/api/site-users/account/notifications/restock/groups',
  signUps: '/api/site-users/account/notifications/restock',
  send: '/api/site-users/account/notifications/restock/send',
  sendAll: '/api/site-users/account/notifications/restock/send/all',
  sends: '/api/site-users/account/notifications/restock/sends',
  settings: '/api/site-users/account/notifications/restock/settings',
  unsubscribe: '/api/site-users/account/notifications/restock/unsubscribe',
} as const;
