import crypto from 'node:crypto';
import type { OrderJson, PaymentStatus } from '../../shared/checkout/api.js';
import { ErrorCode, OwnerMessages } from '../../shared/errors.js';
import { formatMoney } from '../../shared/money.js';
import { isDigitalGood, isGiftCard } from '../../shared/product/rules.js';
import { appError } from '../errors/app-error.js';
import { announceStockChange, returnStock, type Restocked } from '../catalog/take-stock.js';
import { followUpKey } from '../payments/payment-key.js';
import { orderProvider } from '../payments/registry.js';
import {
  addOrderEvent,
  findOrderRow,
  loadOrderJson,
  paidStatus,
  type OrderRow,
} from './order-json.js';
import { orderDownloadsMail, orderShippedMail, type MailSite } from './order-mail.js';
import { orderDownloads } from './downloads.js';
import { cardRefundable, returnToCards } from '../gift-cards/order-refunds.js';
import type { OrderDeps } from './place-order.js';
import { recordAudit } from '../audit/audit-log.js';

export interface OwnerContext {
  site: MailSite;
  origin: string;
  /** The signed-in owner acting (the audit log's actor). */
  actorId: string;
}

/** One order action in the audit log, in the action's transaction (issue 16). */
function audit(
  trx: OrderDeps['db'],
  ctx: OwnerContext,
  row: OrderRow,
  action: 'order.paid' | 'order.fulfil' | 'order.refund' | 'order.cancel',
  details: Record<string, unknown> = {},
) {
  return recordAudit(trx, {
    siteId: ctx.site.id,
    ownerId: ctx.actorId,
    action,
    target: `Order #${row.order_number}`,
    details: { orderId: row.id, ...details },
  });
}

async function mustFind(deps: OrderDeps, siteId: string, orderId: string): Promise<OrderRow> {
  const row = await findOrderRow(deps.db, siteId, orderId);
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return row;
}

async function json(deps: OrderDeps, siteId: string, orderId: string): Promise<OrderJson> {
  const order = await loadOrderJson(deps.db, deps.secret, siteId, orderId);
  if (!order) throw appError(ErrorCode.NOT_FOUND);
  return order;
}

const invalid = (why: string) =>
  appError(ErrorCode.ORDER_ACTION_INVALID, `${OwnerMessages.ORDER_ACTION_INVALID} ${why}`);

/**
 * 'Mark as paid': a manual payment arrived (bank transfer, paid on pickup). Only an open order
 * still waiting for its money; a repeat answers with the order as it is.
 */
export async function markPaid(
  deps: OrderDeps,
  ctx: OwnerContext,
  orderId: string,
): Promise<OrderJson> {
  const siteId = ctx.site.id;
  const row = await mustFind(deps, siteId, orderId);
  if (row.payment_status === 'paid') return json(deps, siteId, orderId);
  if (row.status === 'cancelled') throw invalid('It was cancelled.');
  if (row.payment_status !== 'pending' && row.payment_status !== 'authorized') {
    throw invalid(`Its payment is ${row.payment_status}.`);
  }
  if (row.payment_status === 'authorized') {
    const provider = orderProvider(deps.providers, row.payment_provider);
    const r = provider
      ? await provider.capture(
          row.payment_reference,
          row.grand_total,
          followUpKey(row.payment_reference, 'capture'),
        )
      : { ok: false as const, message: 'The payment provider is not configured.' };
    if (!r.ok) throw invalid(r.message);
  }
  const now = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({
        payment_status: 'paid',
        paid_total: row.grand_total,
        status: paidStatus(row),
        updated: now,
      })
      .where('id', '=', orderId)
      .where('payment_status', 'in', ['pending', 'authorized'])
      .returning('id')
      .executeTakeFirst();
    if (!moved) return;
    await addOrderEvent(trx, orderId, now, 'paid', 'Marked as paid.');
    await audit(trx, ctx, row, 'order.paid');
    // A waiting bank transfer's digital files go out now (its confirmation had no links).
    if (row.payment_status !== 'pending') return;
    const order = await loadOrderJson(trx, deps.secret, siteId, orderId);
    // So do the gift cards it bought: issued (and mailed) only now that the money came.
    // Orders placed before cards waited for the money already have theirs: never a second set.
    const alreadyIssued = await trx
      .selectFrom('gift_cards')
      .select('id')
      .where('order_id', '=', orderId)
      .limit(1)
      .executeTakeFirst();
    if (
      order &&
      deps.giftCards &&
      !alreadyIssued &&
      order.lines.some((l) => isGiftCard(l.productType))
    ) {
      const issued = deps.giftCards.issue({
        site: ctx.site,
        order,
        origin: ctx.origin,
        purchase: undefined,
      });
      if (issued.giftCards.length) {
        await trx.insertInto('gift_cards').values(issued.giftCards).execute();
        await trx.insertInto('gift_card_transactions').values(issued.transactions).execute();
      }
      if (issued.mails.length) await trx.insertInto('outbox').values(issued.mails).execute();
    }
    const downloads = order
      ? await orderDownloads(
          { db: trx, sign: deps.signFileUrl, now: deps.now },
          ctx.site,
          order,
          ctx.origin,
        )
      : [];
    if (order && downloads.length) {
      await deps.mailer.enqueue(trx, [orderDownloadsMail(ctx.site, order, downloads, ctx.origin)]);
    }
  });
  deps.mailer.kick();
  return json(deps, siteId, orderId);
}

/** Ships an order: records carrier and tracking, and mails the shopper. */
export async function fulfillOrder(
  deps: OrderDeps,
  ctx: OwnerContext,
  orderId: string,
  shipment: { carrier: string; trackingNumber: string },
): Promise<OrderJson> {
  const siteId = ctx.site.id;
  const row = await mustFind(deps, siteId, orderId);
  if (row.status === 'cancelled') throw invalid('It was cancelled.');
  if (row.fulfillment_status === 'fulfilled') return json(deps, siteId, orderId);
  const now = new Date(deps.now());
  const carrier = shipment.carrier.trim();
  const trackingNumber = shipment.trackingNumber.trim();
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({ fulfillment_status: 'fulfilled', updated: now })
      .where('id', '=', orderId)
      .where('fulfillment_status', '<>', 'fulfilled')
      .returning('id')
      .executeTakeFirst();
    if (!moved) return;
    await audit(trx, ctx, row, 'order.fulfil', { carrier, trackingNumber });
    await trx
      .insertInto('order_fulfillments')
      .values({
        id: crypto.randomUUID(),
        order_id: orderId,
        carrier,
        tracking_number: trackingNumber,
        created: now,
      })
      .execute();
    const tracking = [carrier, trackingNumber].filter(Boolean).join(' ');
    await addOrderEvent(
      trx,
      orderId,
      now,
      'fulfilled',
      tracking ? `Shipped: ${tracking}.` : 'Marked as fulfilled.',
    );
    if (row.status === 'open' && row.payment_status === 'paid') {
      await trx
        .updateTable('orders')
        .set({ status: 'completed' })
        .where('id', '=', orderId)
        .execute();
    }
    const order = await loadOrderJson(trx, deps.secret, siteId, orderId);
    if (order)
      await deps.mailer.enqueue(trx, [
        orderShippedMail(ctx.site, order, { carrier, trackingNumber }, ctx.origin),
      ]);
  });
  deps.mailer.kick();
  return json(deps, siteId, orderId);
}

/** Refunded in full once everything taken (the provider's part and the cards') went back. */
function refundedStatus(o: {
  paid_total: number;
  gift_card_total: number;
  refunded_total: number;
}) {
  const taken = o.paid_total + o.gift_card_total;
  return (o.refunded_total >= taken ? 'refunded' : 'partially_refunded') satisfies PaymentStatus;
}

/**
 * Gives money back: `amount` (minor units) or everything still refundable. Never more than was
 * taken and not yet refunded (also a CHECK on the row). An order paid partly by gift cards
 * refunds to the cards first (their balance goes back up), then the rest through the provider.
 */
export async function refundOrder(
  deps: OrderDeps,
  ctx: OwnerContext,
  orderId: string,
  amount?: number,
): Promise<OrderJson> {
  const siteId = ctx.site.id;
  const row = await mustFind(deps, siteId, orderId);
  const refundable = row.paid_total + row.gift_card_total - row.refunded_total;
  const want = amount ?? refundable;
  if (refundable <= 0 || want <= 0 || want > refundable) {
    throw appError(ErrorCode.REFUND_TOO_LARGE, OwnerMessages.REFUND_TOO_LARGE, { refundable });
  }
  const toCards = Math.min(want, cardRefundable(row));
  const toProvider = want - toCards;
  if (toProvider > 0) await refundThroughProvider(deps, row, toProvider);
  const now = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set((eb) => ({
        refunded_total: eb('refunded_total', '+', want),
        updated: now,
      }))
      .where('id', '=', orderId)
      .where('refunded_total', '=', row.refunded_total)
      .returning(['refunded_total', 'paid_total', 'gift_card_total'])
      .executeTakeFirst();
    if (!moved) return;
    await audit(trx, ctx, row, 'order.refund', { amount: want, currency: row.currency });
    await trx
      .updateTable('orders')
      .set({ payment_status: refundedStatus(moved) })
      .where('id', '=', orderId)
      .execute();
    if (toCards > 0) await returnToCards(trx, row, toCards, now);
    const money = (n: number) => formatMoney(n, row.currency, 'en-US');
    await addOrderEvent(
      trx,
      orderId,
      now,
      'refunded',
      toCards > 0
        ? `Refunded ${money(want)} (${money(toCards)} to gift cards).`
        : `Refunded ${money(want)}.`,
      { amount: want, toGiftCards: toCards },
    );
  });
  return json(deps, siteId, orderId);
}

/** The provider's part of a refund; one key per refund step, so a retry is one refund. */
async function refundThroughProvider(deps: OrderDeps, row: OrderRow, amount: number) {
  const provider = orderProvider(deps.providers, row.payment_provider);
  if (!provider) throw invalid('The payment provider is not configured.');
  const key = followUpKey(row.payment_reference, `refund:${row.refunded_total}:${amount}`);
  const r = await provider.refund(row.payment_reference, amount, key);
  if (!r.ok) throw invalid(r.message);
}

/**
 * An unpaid order that used gift cards gives their amounts back when it is cancelled (recorded
 * as refunded, like a refund to the cards).
 */
async function returnCardsOfUnpaid(deps: OrderDeps, row: OrderRow): Promise<void> {
  const back = cardRefundable(row);
  if (back <= 0) return;
  const now = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set((eb) => ({ refunded_total: eb('refunded_total', '+', back), updated: now }))
      .where('id', '=', row.id)
      .where('refunded_total', '=', row.refunded_total)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return;
    await returnToCards(trx, row, back, now);
    await addOrderEvent(
      trx,
      row.id,
      now,
      'refunded',
      `Returned ${formatMoney(back, row.currency, 'en-US')} to gift cards.`,
      { amount: back, toGiftCards: back },
    );
  });
}

/**
 * Cancels an open order: its stock goes back (in the order's transaction; the restock
 * auto-notify runs after the commit for variants that come back), held money is released and
 * paid money refunded through the provider.
 */
export async function cancelOrder(
  deps: OrderDeps,
  ctx: OwnerContext,
  orderId: string,
): Promise<OrderJson> {
  const siteId = ctx.site.id;
  const row = await mustFind(deps, siteId, orderId);
  if (row.status === 'cancelled') return json(deps, siteId, orderId);
  if (row.fulfillment_status === 'fulfilled') throw invalid('It was already shipped.');
  const now = new Date(deps.now());
  let restocked: Restocked[] = [];
  const done = await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({ status: 'cancelled', updated: now })
      .where('id', '=', orderId)
      .where('status', '<>', 'cancelled')
      .returning('id')
      .executeTakeFirst();
    if (!moved) return false;
    await audit(trx, ctx, row, 'order.cancel');
    const lines = await trx
      .selectFrom('order_lines')
      .select(['variant_id', 'quantity', 'product_type'])
      .where('order_id', '=', orderId)
      .execute();
    restocked = await returnStock(
      trx,
      siteId,
      lines
        .filter((l) => !isDigitalGood(l.product_type))
        .map((l) => ({ variantId: l.variant_id, quantity: l.quantity })),
    );
    await addOrderEvent(trx, orderId, now, 'cancelled', 'Order cancelled; stock returned.');
    return true;
  });
  if (!done) return json(deps, siteId, orderId);
  announceStockChange(deps.events, siteId, restocked);

  const provider = orderProvider(deps.providers, row.payment_provider);
  if (row.payment_status === 'authorized' || row.payment_status === 'pending') {
    if (provider)
      await provider.cancel(row.payment_reference, followUpKey(row.payment_reference, 'cancel'));
    await deps.db
      .updateTable('orders')
      .set({ payment_status: 'voided', updated: new Date(deps.now()) })
      .where('id', '=', orderId)
      .execute();
    await addOrderEvent(deps.db, orderId, new Date(deps.now()), 'voided', 'Payment voided.');
    await returnCardsOfUnpaid(deps, row);
  } else if (row.paid_total + row.gift_card_total - row.refunded_total > 0) {
    return refundOrder(deps, ctx, orderId);
  }
  return json(deps, siteId, orderId);
}
