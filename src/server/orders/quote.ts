import type { PaymentProviderId, QuoteRequest, QuoteResponse } from '../../shared/checkout/api.js';
import { enabledProviders } from '../../shared/checkout/settings.js';
import { ErrorCode } from '../../shared/errors.js';
import { findOpenCart, listEntries } from '../cart/cart-queries.js';
import type { CartStore } from '../cart/store.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { loadCheckoutSettings } from './checkout-settings.js';
import { adjustedQuote, type Adjusters } from './adjusted-quote.js';
import { quoteLines } from './place-order.js';

const PROVIDER_LABELS = { test: 'Test card', manual: 'Bank transfer', stripe: 'Card' } as const;

/**
 * POST /api/commerce/checkout/quote: the totals and shipping options of the visitor's cart for
 * what the page knows so far. Reads only; `itemCount` and `subtotal` let the route record the
 * checkout-started event.
 */
export async function quoteCart(
  db: Db,
  adjusters: Adjusters & { now: number },
  store: CartStore,
  cartId: string | undefined,
  input: QuoteRequest,
  /** Providers the server can use (Stripe only with its keys configured). */
  available: (id: PaymentProviderId) => boolean,
): Promise<QuoteResponse & { itemCount: number; cartId: string }> {
  const cart = cartId ? await findOpenCart(db, store.siteId, cartId) : undefined;
  const entries = cart ? await listEntries(db, cart.id) : [];
  if (!cart || !entries.length) throw appError(ErrorCode.CART_EMPTY);
  const settings = await loadCheckoutSettings(db, store.siteId);
  const address = input.shippingAddress
    ? { ...input.shippingAddress, country: input.shippingAddress.country.trim().toUpperCase() }
    : undefined;
  const adjusted = await adjustedQuote(adjusters, {
    siteId: store.siteId,
    contentVersion: store.contentVersion,
    currency: store.currency,
    language: store.language,
    now: adjusters.now,
    email: input.email,
    entries,
    lines: await quoteLines(db, store.siteId, settings, entries),
    settings,
    address,
    shippingOptionId: input.shippingOptionId,
    couponCode: input.couponCode,
    giftCardCodes: input.giftCardCodes,
  });
  const { quote, discount } = adjusted;
  return {
    totals: quote.totals,
    shippingOptions: quote.shippingOptions,
    selectedShippingOptionId: quote.selected?.id ?? null,
    requiresShipping: quote.requiresShipping,
    purelyDigital: quote.purelyDigital,
    shipsTo: quote.requiresShipping ? settings.shipsTo : [],
    paymentProviders: enabledProviders(settings)
      .filter(available)
      .map((id) => ({
        id,
        label: id === 'manual' ? settings.payments.manual.label : PROVIDER_LABELS[id],
        instructions: id === 'manual' ? settings.payments.manual.instructions : '',
      })),
    testMode: settings.testMode,
    minimumSubtotal: store.minimumOrderSubtotalCents,
    discountLines: discount.lines,
    validCoupons: discount.validCoupons,
    invalidCoupons: discount.invalidCoupons,
    giftCardLines: adjusted.giftCardLines,
    invalidGiftCards: adjusted.invalidGiftCards,
    itemCount: entries.reduce((n, e) => n + e.quantity, 0),
    cartId: cart.id,
  };
}
