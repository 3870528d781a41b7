import type {
  AddressInput,
  GiftCardLineJson,
  InvalidGiftCardJson,
} from '../../shared/checkout/api.js';
import { maskCode } from '../../shared/checkout/gift-card-code.js';
import type { CheckoutSettings } from '../../shared/checkout/settings.js';
import { computeQuote, type Quote, type TotalsLine } from '../../shared/checkout/totals.js';
import type { EntryRow } from '../cart/cart-json.js';
import type {
  AdjustmentCart,
  DiscountResolution,
  DiscountResolver,
  GiftCardResolver,
} from './adjustments.js';

/** The discount and gift card domains, when the app wires them (routes.ts). */
export interface Adjusters {
  discounts?: DiscountResolver | undefined;
  giftCards?: GiftCardResolver | undefined;
}

export interface AdjustedQuoteInput {
  siteId: string;
  contentVersion: number;
  currency: string;
  language: string;
  now: number;
  email: string | undefined;
  entries: readonly EntryRow[];
  lines: readonly TotalsLine[];
  settings: CheckoutSettings;
  address: Partial<AddressInput> | undefined;
  shippingOptionId: string | undefined;
  couponCode: string | undefined;
  giftCardCodes: readonly string[] | undefined;
}

/** A gift card's share of the order, as `place_order` takes it from the card's balance. */
export interface GiftCardDebit {
  giftCardId: string;
  amount: number;
}

export interface AdjustedQuote {
  quote: Quote;
  discount: DiscountResolution;
  giftCardLines: GiftCardLineJson[];
  invalidGiftCards: InvalidGiftCardJson[];
  debits: GiftCardDebit[];
}

const NOT_VALID = 'This code is not valid.';

/**
 * The totals of a cart with its discounts and gift cards, the same for the quote and the
 * placement (adjustments.ts describes the flow): discounts first (they lower the subtotal and
 * may make shipping free), then tax and shipping, then gift cards pay what is left, each up to
 * its balance, in the order the shopper gave them.
 */
export async function adjustedQuote(
  adjusters: Adjusters,
  input: AdjustedQuoteInput,
): Promise<AdjustedQuote> {
  const discount = await resolveDiscount(adjusters, input);
  const quote = computeQuote({
    currency: input.currency,
    lines: input.lines,
    settings: input.settings,
    address: input.address,
    shippingOptionId: input.shippingOptionId,
    discount: discount.amount,
    freeShipping: discount.freeShipping,
  });
  const withShipping = priceFreeShipping(discount, quote.shippingSaved);
  const cards = await resolveGiftCards(adjusters, input);
  let left = quote.totals.grandTotal;
  const giftCardLines: GiftCardLineJson[] = [];
  for (const card of cards.cards) {
    const amount = Math.min(card.balance, left);
    if (amount <= 0) break;
    left -= amount;
    giftCardLines.push({
      giftCardId: card.giftCardId,
      last4: card.last4,
      amount,
      remaining: card.balance - amount,
    });
  }
  const giftCardTotal = quote.totals.grandTotal - left;
  return {
    quote: {
      ...quote,
      totals: { ...quote.totals, giftCardTotal, grandTotal: left },
    },
    discount: withShipping,
    giftCardLines,
    invalidGiftCards: cards.invalid,
    debits: giftCardLines.map((l) => ({ giftCardId: l.giftCardId, amount: l.amount })),
  };
}

function adjustmentCart(input: AdjustedQuoteInput): AdjustmentCart {
  const lines = input.entries.map((e) => ({
    itemId: e.item_id,
    variantId: e.variant_id,
    productType: e.product_type,
    unitPrice: e.unit_price_cents,
    quantity: e.quantity,
  }));
  return {
    siteId: input.siteId,
    contentVersion: input.contentVersion,
    currency: input.currency,
    language: input.language,
    now: input.now,
    email: input.email?.trim() || undefined,
    lines,
    subtotal: lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
  };
}

async function resolveDiscount(
  adjusters: Adjusters,
  input: AdjustedQuoteInput,
): Promise<DiscountResolution> {
  const code = input.couponCode?.trim() || undefined;
  if (adjusters.discounts) return adjusters.discounts.resolve(adjustmentCart(input), code);
  return {
    amount: 0,
    freeShipping: false,
    lines: [],
    validCoupons: [],
    invalidCoupons: code ? [{ code, reason: NOT_VALID }] : [],
    uses: [],
  };
}

/**
 * A free-shipping discount's worth is only known once shipping is priced: its line, coupon and
 * use carry what the selected option would have cost. When it saves nothing (a cart that ships
 * nothing, an option that is free anyway) it is not used: no line, and no use spent against its
 * limit or the shopper's once-per-email.
 */
function priceFreeShipping(discount: DiscountResolution, saved: number): DiscountResolution {
  if (!discount.freeShipping) return discount;
  const free = new Set(
    discount.lines.filter((l) => l.kind === 'free-shipping').map((l) => l.discountId),
  );
  const priced = <T extends { discountId: string }>(rows: T[]): T[] =>
    saved > 0
      ? rows.map((r) => (free.has(r.discountId) ? { ...r, amount: saved } : r))
      : rows.filter((r) => !free.has(r.discountId));
  return {
    ...discount,
    lines: priced(discount.lines),
    validCoupons: discount.validCoupons.map((c) =>
      c.kind === 'free-shipping' ? { ...c, amount: saved } : c,
    ),
    uses: priced(discount.uses),
  };
}

async function resolveGiftCards(adjusters: Adjusters, input: AdjustedQuoteInput) {
  const codes = [...new Set((input.giftCardCodes ?? []).map((c) => c.trim()).filter(Boolean))];
  if (!codes.length) return { cards: [], invalid: [] };
  if (!adjusters.giftCards) {
    return {
      cards: [],
      invalid: codes.map((c) => ({ code: maskCode(c), reason: NOT_VALID })),
    };
  }
  return adjusters.giftCards.resolve(input.siteId, input.currency, codes);
}
