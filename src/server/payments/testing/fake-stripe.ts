/**
 * A small local stand-in for Stripe's API (test-only; there is no internet here): the
 * PaymentIntent and refund endpoints the `stripe` provider calls, with Stripe's idempotency
 * (a repeated key answers with the first response) and its well-known test payment methods:
 * pm_card_visa authorizes, pm_card_chargeDeclined declines, pm_card_threeDSecure needs the
 * shopper (`confirmIntent` plays the bank's part). stripe-node talks to it over real HTTP.
 *
 * For browser tests it also stands in for Stripe.js: `GET /v3` serves `fake-stripe-js.ts`'s
 * script (set STRIPE_JS_URL to `${url}/v3`), whose card form confirms an intent the way
 * Stripe.js does, with `POST /v1/payment_intents/{id}/confirm` and the client secret (CORS open,
 * as Stripe's API is to browsers).
 *
 * Subscriptions (issue 15): `POST /v1/customers`; an intent made with a `customer` and
 * `setup_future_usage: 'off_session'` keeps its card when confirmed — as Stripe does, the card
 * becomes a new PaymentMethod (pm_fake_…) attached to that customer, named by the intent's
 * `payment_method`. Off-session intents (`off_session: true, confirm: true`) charge only a card
 * attached to the customer named; `declineCard` makes a kept card refuse later charges (an
 * expired or emptied card), and a kept 3-D Secure card refuses with `authentication_required`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeStripeJs } from './fake-stripe-js.js';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: null | { message: string };
  customer: string | null;
  setup_future_usage: string | null;
  /** Made by a renewal, without the shopper (`off_session: true`). */
  off_session: boolean;
}

/** A card kept with a customer (the test payment method it was made from as `card`). */
export interface FakeSavedCard {
  id: string;
  customer: string;
  card: string;
  declines: boolean;
}

export interface FakeStripe {
  url: string;
  /** The fake Stripe.js (STRIPE_JS_URL). */
  jsUrl: string;
  intents: Map<string, FakeIntent>;
  /** POST /v1/payment_intents calls that made a new intent (not idempotent replays). */
  created: () => number;
  captures: () => number;
  refunds: { payment_intent: string; amount: number }[];
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  savedCards: Map<string, FakeSavedCard>;
  /** A kept card starts refusing charges (true) or works again (false). */
  declineCard(id: string, declines?: boolean): void;
  /** The shopper finished 3-D Secure: the intent is now authorized. */
  confirmIntent(id: string): void;
  close(): Promise<void>;
}

function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) metadata[m[1]!] = v;
  }
  return metadata;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const customers: FakeStripe['customers'] = new Map();
  const savedCards = new Map<string, FakeSavedCard>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const refunds: { payment_intent: string; amount: number }[] = [];
  let created = 0;
  let captures = 0;
  let seq = 0;

  const cardError = (message: string, code: string) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: code, message } },
  });

  function handle(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const id = `cus_fake_${++seq}`;
      const customer = { id, email: form.email ?? null, metadata: metadataOf(form) };
      customers.set(id, customer);
      return { status: 200, body: { ...customer, object: 'customer' } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = form.payment_method ?? '';
      const saved = savedCards.get(pm);
      if (pm.startsWith('pm_fake_') && (!saved || saved.customer !== form.customer)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'The provided PaymentMethod does not belong to the Customer.',
            },
          },
        };
      }
      if (saved?.declines) return cardError('Your card was declined.', 'card_declined');
      if (saved?.card === 'pm_card_threeDSecure' && form.off_session === 'true') {
        return cardError(
          'Your card requires authentication to complete this payment.',
          'authentication_required',
        );
      }
      if (pm === 'pm_card_chargeDeclined')
        return cardError('Your card was declined.', 'card_declined');
      if (pm === 'pm_card_visa_chargeDeclinedInsufficientFunds') {
        return cardError('Your card has insufficient funds.', 'insufficient_funds');
      }
      created++;
      const id = `pi_fake_${++seq}`;
      const metadata = metadataOf(form);
      const amount = Number(form.amount);
      const needsAction = pm === 'pm_card_threeDSecure';
      // No payment method: the browser's card form confirms it later (Payment Element).
      const status = !pm
        ? 'requires_payment_method'
        : needsAction
          ? 'requires_action'
          : 'requires_capture';
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: status === 'requires_capture' ? amount : 0,
        amount_received: 0,
        currency: form.currency ?? 'usd',
        status,
        capture_method: form.capture_method ?? 'automatic',
        client_secret: `${id}_secret_x`,
        payment_method: pm || null,
        metadata,
        last_payment_error: null,
        customer: form.customer ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
        off_session: form.off_session === 'true',
      };
      if (status === 'requires_capture' && !saved) keepCard(intent);
      intents.set(id, intent);
      return { status: 200, body: { ...intent } };
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel|confirm))?$/.exec(path);
    if (m) {
      const intent = intents.get(m[1]!);
      if (!intent)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
        };
      if (method === 'GET') return { status: 200, body: intent };
      if (m[2] === 'capture') {
        if (intent.status !== 'requires_capture') {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                message: 'This PaymentIntent could not be captured.',
              },
            },
          };
        }
        captures++;
        intent.amount_received = Number(form.amount_to_capture ?? intent.amount);
        intent.amount_capturable = 0;
        intent.status = 'succeeded';
        return { status: 200, body: intent };
      }
      if (m[2] === 'confirm') return confirm(intent, form);
      if (m[2] === 'cancel') {
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      const amount = Number(form.amount);
      const already = refunds
        .filter((r) => r.payment_intent === intent?.id)
        .reduce((n, r) => n + r.amount, 0);
      if (!intent || intent.status !== 'succeeded' || already + amount > intent.amount_received) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'Refund amount is greater than unrefunded amount on charge.',
            },
          },
        };
      }
      refunds.push({ payment_intent: intent.id, amount });
      return {
        status: 200,
        body: {
          id: `re_fake_${refunds.length}`,
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }

  /** A confirmed intent made to keep its card: the card becomes the customer's own method. */
  function keepCard(intent: FakeIntent) {
    if (!intent.customer || !intent.setup_future_usage || !intent.payment_method) return;
    const kept: FakeSavedCard = {
      id: `pm_fake_${++seq}`,
      customer: intent.customer,
      card: intent.payment_method,
      declines: false,
    };
    savedCards.set(kept.id, kept);
    intent.payment_method = kept.id;
  }

  /**
   * Stripe.js confirming with the publishable key and the client secret: the test cards of
   * `fake-stripe-js.ts` as payment methods. 3-D Secure is approved at once (Stripe.js would show
   * the bank's page and wait).
   */
  function confirm(intent: FakeIntent, form: Record<string, string>) {
    if (form.client_secret !== intent.client_secret || !form.key?.startsWith('pk_')) {
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid client secret.' } },
      };
    }
    if (intent.status !== 'requires_payment_method') {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This PaymentIntent has already been confirmed.',
          },
        },
      };
    }
    const pm = form.payment_method ?? '';
    const refused =
      pm === 'pm_card_chargeDeclined'
        ? cardError('Your card was declined.', 'card_declined')
        : pm === 'pm_card_visa_chargeDeclinedInsufficientFunds'
          ? cardError('Your card has insufficient funds.', 'insufficient_funds')
          : null;
    if (refused) {
      intent.last_payment_error = { message: refused.body.error.message };
      return refused;
    }
    intent.payment_method = pm;
    keepCard(intent);
    intent.last_payment_error = null;
    intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    intent.amount_capturable = intent.status === 'requires_capture' ? intent.amount : 0;
    return { status: 200, body: { ...intent } };
  }

  let url = '';
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
      });
      res.end();
      return;
    }
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/v3') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(fakeStripeJs(url));
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const key = req.headers['idempotency-key'];
      const replayKey =
        typeof key === 'string' && req.method === 'POST' ? `${path}\n${key}` : undefined;
      const reply =
        (replayKey && replies.get(replayKey)) || handle(req.method ?? 'GET', path, parseForm(body));
      if (replayKey) replies.set(replayKey, JSON.parse(JSON.stringify(reply)) as typeof reply);
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_${++seq}`,
      });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    jsUrl: `${url}/v3`,
    intents,
    created: () => created,
    captures: () => captures,
    refunds,
    customers,
    savedCards,
    declineCard(id, declines = true) {
      const card = savedCards.get(id);
      if (!card) throw new Error(`no saved card ${id}`);
      card.declines = declines;
    },
    confirmIntent(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      if (!savedCards.has(intent.payment_method ?? '')) keepCard(intent);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
