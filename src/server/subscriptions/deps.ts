import type { PaymentProviderId, PlaceOrderRequest } from '../../shared/checkout/api.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { PlaceContext, PlaceResult } from '../orders/place-order.js';
import type { PaymentProviders } from '../payments/registry.js';
import type { Site } from '../sites/site-queries.js';

/**
 * Cards a subscription can be charged with again later (a kept card). `test` keeps its tok_… and
 * settles offline again; Stripe keeps the card with a Customer (`setup_future_usage:
 * 'off_session'` on the first PaymentIntent) and renewals charge it with off-session intents.
 */
export const SUBSCRIPTION_PROVIDERS: readonly PaymentProviderId[] = ['test', 'stripe'];

/**
 * Places one order of a subscription through the one order pipeline (`placeOrder` with the
 * subscription's private cart as `ctx.cartId` and `ctx.subscriptionId`): stock, numbering, the
 * order mail, analytics. Built in routes.ts from the orders service's deps.
 */
export type PlaceSubscriptionOrder = (
  site: Site,
  cart: {
    cartId: string;
    subscriptionId: string;
    /** The shopper at checkout (the analytics purchase event); renewals have none. */
    shopper?: { sessionId: string | null; loggedIn: boolean };
    /** The customer the card is kept with (place-order.ts `PlaceContext.payer`). */
    payer?: PlaceContext['payer'];
    finishWith?: PlaceContext['finishWith'];
  },
  input: PlaceOrderRequest,
) => Promise<PlaceResult>;

export interface SubscriptionDeps {
  db: Db;
  now: () => number;
  secret: string;
  mailer: Mailer;
  place: PlaceSubscriptionOrder;
  /** The orders service's providers (a kept card's customer, read back after the charge). */
  providers: PaymentProviders;
  /** A website's public origin, for links in mail sent by the job (mail/site-url.ts). */
  origin: (site: Site) => string;
  log?: { warn: (obj: unknown, msg?: string) => void };
}
