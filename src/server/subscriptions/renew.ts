import { sql } from 'kysely';
import type { PlaceOrderRequest } from '../../shared/checkout/api.js';
import {
  dateOf,
  nextChargeOn,
  planComplete,
  retryAt,
} from '../../shared/checkout/subscriptions.js';
import { AppError } from '../errors/app-error.js';
import { findCart } from '../cart/cart-queries.js';
import { createCartWithLines } from '../cart/cart-with-lines.js';
import { findSiteById } from '../sites/site-queries.js';
import type { SubscriptionDeps } from './deps.js';
import { planOf, type SubscriptionRow } from './subscription-json.js';
import { subscriptionMail } from './subscription-mail.js';

/** How long a runner holds a subscription it is charging (others skip it meanwhile). */
export const CLAIM_MS = 5 * 60_000;
const BATCH = 50;

export type RenewalOutcome = 'charged' | 'failed' | 'paused' | 'skipped';

/**
 * One pass of the renewal job: every subscription due now is charged for its next cycle.
 * Due: active with next_charge_on ≤ today, or past_due with its retry time come. Each is claimed
 * first (one UPDATE: its row lock makes a second process's claim find it taken), so two
 * processes running passes at once each charge different subscriptions; should a claim lapse
 * (a runner died mid-charge), the cycle's renewal row and its private cart make the retry reach
 * the same order: a period is never charged twice.
 */
export async function renewDue(
  deps: SubscriptionDeps,
  job: { stopping?: () => boolean; extend?: () => Promise<void> } = {},
) {
  const stopping = job.stopping ?? (() => false);
  const outcomes: RenewalOutcome[] = [];
  for (;;) {
    const ids = await dueIds(deps);
    if (!ids.length) return outcomes;
    let progressed = false;
    for (const id of ids) {
      if (stopping()) return outcomes;
      const row = await claim(deps, id);
      if (!row) continue;
      progressed = true;
      try {
        outcomes.push(await renewOne(deps, row));
      } finally {
        await release(deps, id);
      }
    }
    // Everything due was claimed by others: their passes charge it.
    if (!progressed || ids.length < BATCH) return outcomes;
    // A long pass keeps its job's lease between batches (docs/jobs.md).
    await job.extend?.();
  }
}

function dueWhere(now: number) {
  const today = dateOf(now);
  const at = new Date(now);
  return sql<boolean>`(
    (status = 'active' AND next_charge_on <= ${today})
    OR (status = 'past_due' AND next_retry_at <= ${at})
  ) AND (claimed_until IS NULL OR claimed_until < ${at})`;
}

async function dueIds(deps: SubscriptionDeps): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('subscriptions')
    .select('id')
    .where(dueWhere(deps.now()))
    .orderBy('next_charge_on')
    .limit(BATCH)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes the subscription for this runner if it is still due and unclaimed (one statement). */
async function claim(deps: SubscriptionDeps, id: string): Promise<SubscriptionRow | undefined> {
  const now = deps.now();
  return deps.db
    .updateTable('subscriptions')
    .set({ claimed_until: new Date(now + CLAIM_MS) })
    .where('id', '=', id)
    .where(dueWhere(now))
    .returningAll()
    .executeTakeFirst();
}

async function release(deps: SubscriptionDeps, id: string) {
  await deps.db
    .updateTable('subscriptions')
    .set({ claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/** This cycle's renewal row and private cart, created once (UNIQUE subscription_id, cycle). */
async function renewalOf(deps: SubscriptionDeps, sub: SubscriptionRow, cycle: number) {
  const now = new Date(deps.now());
  const cartId = `renew_${sub.id}_${cycle}`;
  await deps.db
    .insertInto('subscription_renewals')
    .values({
      subscription_id: sub.id,
      cycle,
      site_id: sub.site_id,
      cart_id: cartId,
      status: 'pending',
      order_id: null,
      attempts: 0,
      last_error: '',
      created: now,
      updated: now,
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'cycle']).doNothing())
    .execute();
  const renewal = await deps.db
    .selectFrom('subscription_renewals')
    .selectAll()
    .where('subscription_id', '=', sub.id)
    .where('cycle', '=', cycle)
    .executeTakeFirstOrThrow();
  // A cart no order was placed through may have been purged (abandoned carts): made again.
  if (renewal.status !== 'paid' && !(await findCart(deps.db, sub.site_id, renewal.cart_id))) {
    // Made once: a runner that lost the race finds it made (`created: false`).
    await createCartWithLines(
      deps.db,
      sub.site_id,
      [
        {
          itemId: sub.item_id,
          variantId: sub.variant_id,
          sku: sub.sku,
          quantity: sub.quantity,
          unitPriceCents: sub.unit_price,
          title: sub.title,
          attributes: sub.attributes,
          productType: sub.product_type,
          additionalFields: sub.additional_fields as never,
        },
      ],
      now,
      renewal.cart_id,
    );
  }
  return renewal;
}

/** Charges the subscription's next cycle through a renewal order; records success or failure. */
export async function renewOne(
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
): Promise<RenewalOutcome> {
  const site = await findSiteById(deps.db, sub.site_id);
  if (!site) return 'skipped';
  const cycle = sub.cycles_charged + 1;
  const renewal = await renewalOf(deps, sub, cycle);
  if (renewal.status === 'paid' && renewal.order_id) {
    // Charged before a crash could record it on the subscription: record it now.
    await recordCharged(deps, sub, cycle, renewal.order_id);
    return 'charged';
  }
  const input: PlaceOrderRequest = {
    email: sub.email,
    ...(sub.shipping_address ? { shippingAddress: sub.shipping_address } : {}),
    ...(sub.billing_address ? { billingAddress: sub.billing_address } : {}),
    ...(sub.shipping_option_id ? { shippingOptionId: sub.shipping_option_id } : {}),
    payment: { provider: sub.payment_provider, token: sub.payment_token },
  };
  try {
    // Stripe: the kept card, off-session; a retry after a refusal is a new PaymentIntent (its
    // key carries the cycle's tries so far, which never go back, also after a resume), a repeat
    // of this try (a runner died mid-charge) the same one.
    const payer =
      sub.payment_provider === 'stripe'
        ? { customer: sub.payment_customer, offSession: true, attempt: renewal.attempts }
        : undefined;
    const placed = await deps.place(
      site,
      { cartId: renewal.cart_id, subscriptionId: sub.id, ...(payer ? { payer } : {}) },
      input,
    );
    await recordCharged(deps, sub, cycle, placed.order.id);
    return 'charged';
  } catch (err) {
    // Only a refusal (card declined, out of stock, a shipping option gone…) is the shopper's
    // failure to retry on the schedule; anything else (the database) is the job's to retry.
    if (!(err instanceof AppError)) throw err;
    return recordFailed(deps, sub, cycle, err.message, site);
  }
}

/** Moves the subscription on one period, from exactly the cycle this runner read (CAS). */
async function recordCharged(
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
  cycle: number,
  orderId: string,
) {
  const now = new Date(deps.now());
  const plan = planOf(sub);
  const periods = sub.periods + 1;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscription_renewals')
      .set({ status: 'paid', order_id: orderId, attempts: sql`attempts + 1`, updated: now })
      .where('subscription_id', '=', sub.id)
      .where('cycle', '=', cycle)
      .where('status', '!=', 'paid')
      .execute();
    // The money is taken: the cycle counts whatever happened meanwhile. A shopper or owner who
    // cancelled or paused during the charge keeps that status (and a cancelled one no date).
    const next = nextChargeOn(sub.anchor_on, plan, periods, cycle);
    const status = planComplete(plan, cycle) ? 'completed' : 'active';
    await trx
      .updateTable('subscriptions')
      .set({
        cycles_charged: cycle,
        periods,
        next_charge_on: sql`CASE WHEN status = 'cancelled' THEN NULL ELSE CAST(${next} AS text) END`,
        status: sql`CASE WHEN status IN ('active', 'past_due') THEN CAST(${status} AS text) ELSE status END`,
        failed_attempts: 0,
        next_retry_at: null,
        updated: now,
      })
      .where('id', '=', sub.id)
      .where('cycles_charged', '=', cycle - 1)
      .execute();
  });
}

/**
 * A refused charge: past_due with the next try 1, 3, 7 days on, then paused; a mail each time.
 * The update matches the failure count this runner read, so one failure is counted (and mailed)
 * once.
 */
async function recordFailed(
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
  cycle: number,
  message: string,
  site: NonNullable<Awaited<ReturnType<typeof findSiteById>>>,
): Promise<RenewalOutcome> {
  const nowMs = deps.now();
  const now = new Date(nowMs);
  const failures = sub.failed_attempts + 1;
  const retry = retryAt(nowMs, failures);
  const status = retry === null ? 'paused' : 'past_due';
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('subscriptions')
      .set({
        status,
        failed_attempts: failures,
        next_retry_at: retry === null ? null : new Date(retry),
        updated: now,
      })
      .where('id', '=', sub.id)
      .where('cycles_charged', '=', cycle - 1)
      .where('failed_attempts', '=', sub.failed_attempts)
      .where('status', 'in', ['active', 'past_due'])
      .returningAll()
      .executeTakeFirst();
    if (!moved) return undefined;
    await trx
      .updateTable('subscription_renewals')
      .set({
        status: 'failed',
        attempts: sql`attempts + 1`,
        last_error: message.slice(0, 500),
        updated: now,
      })
      .where('subscription_id', '=', sub.id)
      .where('cycle', '=', cycle)
      .where('status', '!=', 'paid')
      .execute();
    const kind = status === 'paused' ? 'paused' : 'payment-failed';
    await deps.mailer.enqueue(trx, [
      subscriptionMail(deps.secret, site, moved, kind, deps.origin(site)),
    ]);
    return status === 'paused' ? 'paused' : 'failed';
  });
  if (!outcome) return 'skipped';
  deps.mailer.kick();
  return outcome;
}
