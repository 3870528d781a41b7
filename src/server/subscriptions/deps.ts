import type { PaymentProviderId, PlaceOrderRequest } from '../../shared/checkout/api.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { PlaceResult } from '../orders/place-order.js';
import type { Site } from '../sites/site-queries.js';

/**
 * Cards a subscription can be charged with again later (a saved method). `test` keeps its
 * tok_… and settles offline again. Stripe is not offered yet: off-session renewals need a
 * Customer with the PaymentMethod attached (`setup_future_usage`) and `off_session: true`
 * PaymentIntents, which the Stripe provider and its fake server (payments/testing) do not
 * implement (docs/checkout-api.md "Subscriptions").
 */
export const SUBSCRIPTION_PROVIDERS: readonly PaymentProviderId[] = ['test'];

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
  },
  input: PlaceOrderRequest,
) => Promise<PlaceResult>;

export interface SubscriptionDeps {
  db: Db;
  now: () => number;
  secret: string;
  mailer: Mailer;
  place: PlaceSubscriptionOrder;
  /** A website's public origin, for links in mail sent by the job (mail/site-url.ts). */
  origin: (site: Site) => string;
  log?: { warn: (obj: unknown, msg?: string) => void };
}
