import type { Insertable } from 'kysely';
import type { PaymentProviderId } from '../../shared/checkout/api.js';
import type { TestPaymentsTable } from './tables.js';

/**
 * One interface for every way to pay (issue 10; Medusa's shape): the orders service calls these
 * and never knows which provider it talks to. Every call that moves money carries an
 * idempotency key derived from the checkout (see `paymentKey`), so a retried request — a second
 * click, a browser retry, the webhook and the browser both finishing — reaches the provider
 * as the same operation and never charges twice.
 */
export interface PaymentRequest {
  siteId: string;
  cartId: string;
  /** Same checkout, same key: the provider answers a repeat with the first result. */
  idempotencyKey: string;
  amount: number;
  currency: string;
  email: string;
  /** The card token (`test`: tok_…; `stripe`: pm_…); none for `manual`. */
  token?: string | undefined;
  testMode: boolean;
  /**
   * Subscriptions (issue 15): the processor's customer the card is kept with (Stripe: cus_…).
   * With `saveCard`, the first charge keeps the card for later charges (Stripe:
   * `setup_future_usage: 'off_session'`); with `offSession`, a renewal charges the card kept
   * (`token`) without the shopper (Stripe: `off_session: true, confirm: true`): a card that
   * would need the shopper (3-D Secure) is a decline, never `action_required`.
   */
  customer?: string | undefined;
  saveCard?: boolean | undefined;
  offSession?: boolean | undefined;
}

/** A card kept for later charges, read from a payment that saved it. */
export interface SavedCard {
  customer: string;
  /** What a later charge names as its `token` (Stripe: pm_…). */
  token: string;
}

export type AuthorizeResult =
  | {
      ok: true;
      /**
       * authorized: money held, captured after the order commits; pending: nothing to take now
       * (manual: the owner marks it paid); paid: the provider took it already.
       */
      status: 'authorized' | 'pending' | 'paid';
      /** The provider's id of this payment (test_…, pi_…, manual_…). */
      reference: string;
    }
  | {
      ok: false;
      /** The provider's message, shown to the shopper as it is. */
      message: string;
      /** action_required: the card needs the shopper (3-D Secure); `clientSecret` finishes it. */
      reason: 'declined' | 'action_required';
      reference?: string;
      clientSecret?: string;
    };

/**
 * A payment settled with the order (`settleWithOrder`): decided without any I/O, written by the
 * order's own transaction.
 */
export type SettleResult =
  | {
      ok: true;
      /** paid: the money is taken as the order commits; pending: nothing to take (manual). */
      status: 'paid' | 'pending';
      reference: string;
      /** The `test` provider's ledger row, inserted in the order's transaction. */
      ledger?: Insertable<TestPaymentsTable>;
    }
  | { ok: false; message: string };

export type MoneyResult = { ok: true } | { ok: false; message: string };

/** A verified provider notification, reduced to what the orders service acts on. */
export interface PaymentWebhookEvent {
  kind: 'payment_authorized' | 'payment_succeeded' | 'payment_failed' | 'ignored';
  reference: string;
  /** The checkout it belongs to (metadata the provider echoes back). */
  siteId?: string | undefined;
  cartId?: string | undefined;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Prepares a payment the browser finishes (Stripe's client secret); optional. */
  initiate?(req: PaymentRequest): Promise<{ reference: string; clientSecret: string }>;
  /** Takes or holds the money. A decline leaves nothing behind: no order, no stock taken. */
  authorize(req: PaymentRequest): Promise<AuthorizeResult>;
  /**
   * For a provider whose decision needs no network call (the offline `test` cards, `manual`):
   * decides from the request alone and hands back what the order's transaction writes, so the
   * order and its payment commit together or not at all — no hold to release when the order
   * fails (out of stock, cart changed), nothing to capture after it commits, and no statement of
   * its own. Providers that talk to a processor (Stripe) leave it out: they authorize before the
   * order is recorded and capture after it committed. Money never moves without an order.
   */
  settleWithOrder?(req: PaymentRequest): SettleResult;
  /** Takes held money (after the order committed). Repeats are no-ops. */
  capture(reference: string, amount: number, idempotencyKey: string): Promise<MoneyResult>;
  /** Gives money back (full or part). */
  refund(reference: string, amount: number, idempotencyKey: string): Promise<MoneyResult>;
  /** Releases a hold that will not be captured (the order did not happen, or was cancelled). */
  cancel(reference: string, idempotencyKey: string): Promise<MoneyResult>;
  /** A customer to keep a subscription's card with (Stripe Customers); same key, same one. */
  createCustomer?(input: {
    siteId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<string>;
  /** The card a payment made with `saveCard` kept, or undefined when it kept none. */
  savedCard?(reference: string): Promise<SavedCard | undefined>;
  /** Verifies and reads a notification; throws when the signature is wrong. */
  webhook?(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent;
}
