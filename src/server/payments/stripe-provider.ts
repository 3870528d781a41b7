import Stripe from 'stripe';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import type {
  AuthorizeResult,
  MoneyResult,
  PaymentProvider,
  PaymentRequest,
  PaymentWebhookEvent,
} from './provider.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string | undefined;
  /** STRIPE_API_URL: another API host (a local fake in tests), e.g. http://127.0.0.1:12111. */
  apiUrl?: string | undefined;
}

/** Stripe client options for an API URL (stripe-node accepts host, port and protocol). */
export function stripeClientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2 };
  const u = new URL(apiUrl);
  return {
    host: u.hostname,
    port: u.port || (u.protocol === 'https:' ? 443 : 80),
    protocol: u.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  };
}

/** Statuses that mean the card is good for the amount (held or taken). */
function settled(pi: Stripe.PaymentIntent): 'authorized' | 'paid' | null {
  if (pi.status === 'requires_capture') return 'authorized';
  if (pi.status === 'succeeded') return 'paid';
  return null;
}

function cardMessage(err: unknown): string | undefined {
  if (err instanceof Stripe.errors.StripeCardError) return err.message;
  return undefined;
}

/**
 * Stripe Payment Intents, authorized then captured (capture_method 'manual': money is held while
 * the order is recorded and taken only after it committed). Every create carries the checkout's
 * idempotency key, so a retried placement reaches the same PaymentIntent; Stripe answers a
 * repeated create with the first response, so the intent is read again for its current state
 * (the shopper may have finished 3-D Secure since).
 */
export function stripeProvider(opts: StripeOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, stripeClientOptions(opts.apiUrl));
  const money = async (work: () => Promise<unknown>): Promise<MoneyResult> => {
    try {
      await work();
      return { ok: true };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  };
  return {
    id: 'stripe',

    /**
     * The PaymentIntent the checkout's card form (Stripe's Payment Element) confirms in the
     * browser: not confirmed here, no payment method yet. The same checkout and amount get the
     * same intent back (idempotency key); one released since (a failed placement) is replaced.
     */
    async initiate(req: PaymentRequest) {
      let pi = await stripe.paymentIntents.create(intentParams(req), {
        idempotencyKey: req.idempotencyKey,
      });
      pi = await stripe.paymentIntents.retrieve(pi.id);
      if (pi.status === 'canceled') {
        pi = await stripe.paymentIntents.create(intentParams(req), {
          idempotencyKey: `${req.idempotencyKey}_${pi.id}`,
        });
      }
      return { reference: pi.id, clientSecret: pi.client_secret ?? '' };
    },

    async authorize(req: PaymentRequest): Promise<AuthorizeResult> {
      if (req.token?.startsWith('pi_')) return confirmedInBrowser(req);
      if (req.offSession && !req.customer) return declined(Messages.PAYMENT_DECLINED);
      let pi: Stripe.PaymentIntent;
      try {
        pi = await create(req);
        if (!settled(pi)) pi = await stripe.paymentIntents.retrieve(pi.id);
      } catch (err) {
        const message = cardMessage(err);
        if (message) return { ok: false, reason: 'declined', message };
        throw err;
      }
      const status = settled(pi);
      if (status) return { ok: true, status, reference: pi.id };
      // Nobody is there to authenticate an off-session renewal: a refusal, retried on schedule.
      if (pi.status === 'requires_action' && !req.offSession) return actionRequired(pi);
      return declined(pi.last_payment_error?.message ?? Messages.PAYMENT_DECLINED, pi.id);
    },

    async createCustomer({ siteId, idempotencyKey, metadata }) {
      const customer = await stripe.customers.create(
        { metadata: { siteId, ...metadata } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async savedCard(reference) {
      const pi = await stripe.paymentIntents.retrieve(reference);
      const customer = typeof pi.customer === 'string' ? pi.customer : pi.customer?.id;
      const method =
        typeof pi.payment_method === 'string' ? pi.payment_method : pi.payment_method?.id;
      if (!customer || !method || pi.setup_future_usage !== 'off_session') return undefined;
      return { customer, token: method };
    },

    capture: (reference, amount, idempotencyKey) =>
      money(async () => {
        const pi = await stripe.paymentIntents.retrieve(reference);
        if (pi.status === 'succeeded') return;
        await stripe.paymentIntents.capture(
          reference,
          { amount_to_capture: amount },
          { idempotencyKey },
        );
      }),

    refund: (reference, amount, idempotencyKey) =>
      money(() => stripe.refunds.create({ payment_intent: reference, amount }, { idempotencyKey })),

    cancel: (reference, idempotencyKey) =>
      money(async () => {
        const pi = await stripe.paymentIntents.retrieve(reference);
        if (pi.status === 'canceled' || pi.status === 'succeeded') return;
        await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey });
      }),

    webhook(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent {
      if (!opts.webhookSecret || !signature) {
        throw appError(ErrorCode.WEBHOOK_SIGNATURE_INVALID);
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch {
        throw appError(ErrorCode.WEBHOOK_SIGNATURE_INVALID);
      }
      const kinds: Record<string, PaymentWebhookEvent['kind']> = {
        'payment_intent.amount_capturable_updated': 'payment_authorized',
        'payment_intent.succeeded': 'payment_succeeded',
        'payment_intent.payment_failed': 'payment_failed',
      };
      const kind = kinds[event.type];
      if (!kind) return { kind: 'ignored', reference: '' };
      const pi = event.data.object as Stripe.PaymentIntent;
      return { kind, reference: pi.id, siteId: pi.metadata?.siteId, cartId: pi.metadata?.cartId };
    },
  };

  function intentParams(req: PaymentRequest): Stripe.PaymentIntentCreateParams {
    return {
      amount: req.amount,
      currency: req.currency.toLowerCase(),
      capture_method: 'manual',
      // No redirecting methods: the page confirms with `redirect: 'if_required'` and has no
      // return flow.
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      ...(req.email ? { receipt_email: req.email } : {}),
      ...(req.customer ? { customer: req.customer } : {}),
      ...(req.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      metadata: { siteId: req.siteId, cartId: req.cartId },
    };
  }

  /** A server-confirmed intent: a test card token, or a renewal charging the card kept. */
  function create(req: PaymentRequest): Promise<Stripe.PaymentIntent> {
    const params: Stripe.PaymentIntentCreateParams = {
      ...intentParams(req),
      confirm: true,
      payment_method: req.token,
    };
    // A renewal: the shopper is not there (Stripe applies the exemptions for saved cards).
    if (req.offSession) params.off_session = true;
    return stripe.paymentIntents.create(params, { idempotencyKey: req.idempotencyKey });
  }

  /**
   * A PaymentIntent the shopper confirmed in the browser (Payment Element, pi_… as the token):
   * read back from Stripe, never taken on the browser's word. It must be this checkout's (the
   * metadata the intent was made with) and for this amount; one still waiting for the card
   * answers `action_required` with its client secret, so the page confirms it and places again.
   */
  async function confirmedInBrowser(req: PaymentRequest): Promise<AuthorizeResult> {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await stripe.paymentIntents.retrieve(req.token!);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        return declined(Messages.PAYMENT_NOT_FOUND);
      }
      throw err;
    }
    if (pi.metadata?.siteId !== req.siteId || pi.metadata?.cartId !== req.cartId) {
      return declined(Messages.PAYMENT_NOT_FOUND);
    }
    const status = settled(pi);
    if (pi.amount !== req.amount || pi.currency !== req.currency.toLowerCase()) {
      // The cart or its shipping changed after the card form was made: a hold for the old
      // amount is released, and the page makes a new intent for the new total.
      if (status === 'authorized') await stripe.paymentIntents.cancel(pi.id).catch(() => undefined);
      return declined(Messages.PAYMENT_TOTAL_CHANGED, pi.id);
    }
    if (status) return { ok: true, status, reference: pi.id };
    if (pi.status === 'canceled') return declined(Messages.PAYMENT_TOTAL_CHANGED, pi.id);
    // requires_payment_method (not confirmed yet, or the card was refused), requires_action,
    // requires_confirmation, processing: the browser (or the webhook) finishes it.
    return actionRequired(pi);
  }
}

function declined(message: string, reference?: string): AuthorizeResult {
  return { ok: false, reason: 'declined', message, ...(reference ? { reference } : {}) };
}

/** The bank (3-D Secure) or the Payment Element must act: the page confirms with the secret. */
function actionRequired(pi: Stripe.PaymentIntent): AuthorizeResult {
  return {
    ok: false,
    reason: 'action_required',
    message: Messages.PAYMENT_ACTION_REQUIRED,
    reference: pi.id,
    clientSecret: pi.client_secret ?? '',
  };
}
