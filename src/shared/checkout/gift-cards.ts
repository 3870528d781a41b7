import { Messages } from '../errors.js';
import { emailError } from './address-rules.js';

/**
 * Gift cards (issue 15): the shapes of the purchase page, the owner API and the checkout, and the
 * code's form. A code is at least 16 characters from an alphabet without look-alikes, shown in
 * groups of 4 for reading; only its hash and last 4 are stored.
 */

/** POST /api/commerce/gift-card-orders body: the gift card checkout (/checkout/giftcard). */
export interface GiftCardPurchaseRequest {
  giftCardProductId: string;
  /** The denomination's variant. */
  sku: string;
  /** The buyer. */
  email: string;
  senderName?: string;
  recipientName: string;
  recipientEmail: string;
  message?: string;
  /** YYYY-MM-DD in the website's time zone; today or later; absent: today. */
  sendOn?: string;
  payment: import('./api.js').PaymentInput;
}

/** POST /api/commerce/gift-cards body (owner: issue a card by hand). */
export interface GiftCardIssueRequest {
  /** Minor units. */
  amount: number;
  currency?: string;
  recipientEmail?: string;
  recipientName?: string;
  message?: string;
}

export type GiftCardStatus = 'active' | 'disabled';

export interface GiftCardTransactionJson {
  at: number;
  kind: 'issued' | 'redeemed' | 'refunded' | 'disabled' | 'enabled' | 'adjusted';
  /** Signed: issued and refunded add, redeemed takes off. */
  amount: number;
  balanceAfter: number;
  orderId: string | null;
  orderNumber: number | null;
  note: string;
}

export interface GiftCardJson {
  id: string;
  /** Masked: '•••• •••• •••• AB12'. */
  maskedCode: string;
  last4: string;
  currency: string;
  initialBalance: number;
  balance: number;
  status: GiftCardStatus;
  recipientEmail: string;
  recipientName: string;
  source: 'order' | 'manual';
  orderId: string | null;
  /** When the recipient's mail goes (epoch ms of the send date's start); null: at once. */
  sendOn: number | null;
  created: number;
  transactions: GiftCardTransactionJson[];
}

/** 201 of POST /api/commerce/gift-cards: the only answer that carries the full code. */
export interface GiftCardIssueResponse {
  id: string;
  code: string;
  balance: number;
  giftCard: GiftCardJson;
}

export interface GiftCardListResponse {
  giftCards: GiftCardJson[];
}

// --- the code's form (one home: the server generates and hashes, the pages show and detect) ---

export {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  codeLast4,
  groupCode,
  looksLikeGiftCardCode,
  maskCode,
  normalizeGiftCardCode,
} from './gift-card-code.js';

// --- checks of the purchase page and the owner's issue form -----------------------------------

export const GIFT_CARD_LIMITS = {
  name: 100,
  message: 500,
  /** Largest card the owner can issue by hand (minor units): 100 000.00. */
  maxAmount: 10_000_000,
  /** How far ahead a send date may be. */
  maxSendDays: 366,
} as const;

export type GiftCardFieldErrors = Record<string, string>;

const REQUIRED = Messages.REQUIRED;

/**
 * The purchase page's own field texts (English is the wire contract; Japanese in
 * i18n/ja/messages.ts `extra`). Here, not in the registry, so only the gift card page loads them.
 */
export const GiftCardFieldTexts = {
  SEND_DATE_INVALID: 'Please enter a date.',
  SEND_DATE_PAST: 'Please choose today or a later date.',
  SEND_DATE_TOO_FAR: 'Please choose a date within a year.',
  TOO_LONG: 'Please use at most {max} characters.',
} as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The checkout's email rule (address-rules.ts); an optional one may be left empty. */
function emailProblem(v: string | undefined, required: boolean): string | null {
  if (!required && !(v ?? '').trim()) return null;
  return emailError(v);
}

function tooLong(v: string | undefined, max: number): string | null {
  return (v ?? '').trim().length > max
    ? GiftCardFieldTexts.TOO_LONG.replace('{max}', String(max))
    : null;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' that names a real date; undefined otherwise. */
export function dayNumber(day: string): number | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    return undefined;
  }
  return t / 86_400_000;
}

/**
 * The gift card checkout's fields, each with its problem (empty: fine). `today` is the date in
 * the website's time zone ('YYYY-MM-DD'): the send date is today or later, within a year.
 * The payment is checked by the order's own placement.
 */
export function giftCardPurchaseErrors(
  req: Omit<GiftCardPurchaseRequest, 'payment'>,
  today: string,
): GiftCardFieldErrors {
  const errors: GiftCardFieldErrors = {};
  const put = (field: string, problem: string | null) => {
    if (problem) errors[field] = problem;
  };
  if (!req.sku.trim()) errors.sku = Messages.GIFT_CARD_DENOMINATION;
  put('email', emailProblem(req.email, true));
  put('senderName', tooLong(req.senderName, GIFT_CARD_LIMITS.name));
  put(
    'recipientName',
    req.recipientName.trim() ? tooLong(req.recipientName, GIFT_CARD_LIMITS.name) : REQUIRED,
  );
  put('recipientEmail', emailProblem(req.recipientEmail, true));
  put('message', tooLong(req.message, GIFT_CARD_LIMITS.message));
  if (req.sendOn !== undefined && req.sendOn !== '') {
    const day = dayNumber(req.sendOn);
    const first = dayNumber(today) ?? 0;
    if (day === undefined) errors.sendOn = GiftCardFieldTexts.SEND_DATE_INVALID;
    else if (day < first) errors.sendOn = GiftCardFieldTexts.SEND_DATE_PAST;
    else if (day > first + GIFT_CARD_LIMITS.maxSendDays) {
      errors.sendOn = GiftCardFieldTexts.SEND_DATE_TOO_FAR;
    }
  }
  return errors;
}

/** The owner's 'Issue gift card' form. */
export function giftCardIssueErrors(req: GiftCardIssueRequest): GiftCardFieldErrors {
  const errors: GiftCardFieldErrors = {};
  const put = (field: string, problem: string | null) => {
    if (problem) errors[field] = problem;
  };
  if (!Number.isInteger(req.amount) || req.amount < 1) {
    errors.amount = 'Please enter an amount above zero.';
  } else if (req.amount > GIFT_CARD_LIMITS.maxAmount) {
    errors.amount = 'This amount is too large for a gift card.';
  }
  if (req.currency !== undefined && !/^[A-Z]{3}$/.test(req.currency)) {
    errors.currency = 'Please use a 3-letter currency code.';
  }
  put('recipientEmail', emailProblem(req.recipientEmail, false));
  put('recipientName', tooLong(req.recipientName, GIFT_CARD_LIMITS.name));
  put('message', tooLong(req.message, GIFT_CARD_LIMITS.message));
  return errors;
}

/** The gift card checkout island's props (rendered by the server from the catalog). */
/** POST (with the page's Idempotency-Key): the PaymentIntent Stripe's card form confirms. */
export const GIFT_CARD_STRIPE_INTENT_PATH = '/api/commerce/gift-card-orders/stripe-intent';

/** The gift card checkout's card form asks for its PaymentIntent with this body. */
export interface GiftCardIntentRequest {
  giftCardProductId: string;
  sku: string;
}

export interface GiftCardPageProps {
  locale: string;
  currency: string;
  productId: string;
  title: string;
  denominations: { sku: string; label: string; amount: number }[];
  /** The denomination the product page chose (SPEC 2 `sku`), if any. */
  sku: string | null;
  /** The providers the gift card checkout takes, as the checkout's quote lists them. */
  providers: import('./api.js').QuoteResponse['paymentProviders'];
  testMode: boolean;
  /** 'YYYY-MM-DD' in the website's time zone: the earliest send date. */
  today: string;
}
