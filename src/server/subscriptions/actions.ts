import {
  actionAllowed,
  dateOf,
  nextChargeOn,
  statusAfter,
  type SubscriptionAction,
} from '../../shared/checkout/subscriptions.js';
import { ErrorCode, OwnerMessages } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import type { Site } from '../sites/site-queries.js';
import type { SubscriptionDeps } from './deps.js';
import { planOf, type SubscriptionRow } from './subscription-json.js';
import { subscriptionMail } from './subscription-mail.js';
import type { SubscriptionMailKind } from './subscription-mail-texts.js';

/**
 * The mail each action sends the shopper (with the manage link), by whoever took it: a pause,
 * a resume or a cancel changes what will be charged, so the shopper hears of it. A skip shows
 * on the manage page and in the next charge's receipt.
 */
const MAILED: Partial<Record<SubscriptionAction, SubscriptionMailKind>> = {
  pause: 'paused-on-request',
  resume: 'resumed',
  cancel: 'cancelled',
};

/**
 * Skip next, pause, resume or cancel (the shopper from the signed link, the owner from /config),
 * under the subscription's row lock so it reads the state the renewal job leaves.
 * - skip: the next charge moves one period on (a skipped period does not count as a cycle).
 * - resume: a past next date restarts the schedule today (charged by the next job pass) rather
 *   than charging every missed period; the failure count starts again.
 * - cancel: nothing is due any more.
 * Pause, resume and cancel mail the shopper (MAILED), committed with the change.
 * An action the status does not allow is SUBSCRIPTION_ACTION_INVALID and writes nothing.
 */
export async function applyAction(
  deps: SubscriptionDeps,
  site: Site,
  subscriptionId: string,
  action: SubscriptionAction,
): Promise<SubscriptionRow> {
  const now = deps.now();
  const today = dateOf(now);
  const result = await deps.db.transaction().execute(async (trx) => {
    const sub = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .where('site_id', '=', site.id)
      .forUpdate()
      .executeTakeFirst();
    if (!sub) throw appError(ErrorCode.NOT_FOUND);
    if (!actionAllowed(action, sub.status)) {
      throw appError(
        ErrorCode.SUBSCRIPTION_ACTION_INVALID,
        OwnerMessages.SUBSCRIPTION_ACTION_INVALID,
      );
    }
    const plan = planOf(sub);
    const changes: Partial<SubscriptionRow> = {
      status: statusAfter(action, sub.status),
      updated: new Date(now),
    };
    if (action === 'skip') {
      changes.periods = sub.periods + 1;
      changes.next_charge_on = nextChargeOn(
        sub.anchor_on,
        plan,
        sub.periods + 1,
        sub.cycles_charged,
      );
    } else if (action === 'resume') {
      changes.failed_attempts = 0;
      changes.next_retry_at = null;
      if (!sub.next_charge_on || sub.next_charge_on < today) {
        changes.anchor_on = today;
        changes.periods = 0;
        changes.next_charge_on = nextChargeOn(today, plan, 0, sub.cycles_charged);
      }
    } else if (action === 'cancel') {
      changes.next_charge_on = null;
      changes.next_retry_at = null;
    } else if (action === 'pause') {
      changes.next_retry_at = null;
    }
    const {
      attributes: _a,
      shipping_address: _s,
      billing_address: _b,
      additional_fields: _f,
      ...plain
    } = changes;
    const saved = await trx
      .updateTable('subscriptions')
      .set(plain)
      .where('id', '=', sub.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const kind = MAILED[action];
    if (kind) {
      await deps.mailer.enqueue(trx, [
        subscriptionMail(deps.secret, site, saved, kind, deps.origin(site)),
      ]);
    }
    return saved;
  });
  if (MAILED[action]) deps.mailer.kick();
  return result;
}
