import type { Kysely, Transaction } from 'kysely';
import type { GiftCardLineJson } from '../../shared/checkout/api.js';
import type { Database } from '../db/schema.js';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** The order's columns a refund to its gift cards reads. */
export interface CardPaidOrder {
  id: string;
  site_id: string;
  order_number: number;
  gift_card_total: number;
  refunded_total: number;
  gift_card_lines: GiftCardLineJson[] | string;
}

/**
 * Refunds go to the gift cards first, then to the provider: so of `refunded_total`, the cards
 * got back min(refunded_total, gift_card_total) — no ledger to sum. What they can still get:
 */
export function cardRefundable(o: CardPaidOrder): number {
  return o.gift_card_total - Math.min(o.refunded_total, o.gift_card_total);
}

function linesOf(o: CardPaidOrder): GiftCardLineJson[] {
  return typeof o.gift_card_lines === 'string'
    ? (JSON.parse(o.gift_card_lines) as GiftCardLineJson[])
    : o.gift_card_lines;
}

/**
 * Puts `amount` (at most `cardRefundable`) back on the order's cards, in the order they paid:
 * the range [returned so far, + amount) of the cards' payments, so repeated partial refunds
 * fill each card up to what it paid and no further. Each card gets a 'refunded' transaction.
 * Runs in the caller's transaction, with the order's refunded_total update.
 */
export async function returnToCards(
  trx: DbOrTrx,
  o: CardPaidOrder,
  amount: number,
  now: Date,
): Promise<void> {
  let from = Math.min(o.refunded_total, o.gift_card_total);
  const to = from + Math.min(amount, cardRefundable(o));
  let start = 0;
  for (const line of linesOf(o)) {
    const end = start + line.amount;
    const back = Math.max(0, Math.min(end, to) - Math.max(start, from));
    start = end;
    if (back <= 0) continue;
    from += back;
    const card = await trx
      .updateTable('gift_cards')
      .set((eb) => ({ balance: eb('balance', '+', back), updated: now }))
      .where('id', '=', line.giftCardId)
      .where('site_id', '=', o.site_id)
      .returning('balance')
      .executeTakeFirst();
    if (!card) continue;
    await trx
      .insertInto('gift_card_transactions')
      .values({
        gift_card_id: line.giftCardId,
        site_id: o.site_id,
        kind: 'refunded',
        amount: back,
        balance_after: card.balance,
        order_id: o.id,
        note: `Refund of order #${o.order_number}.`,
        created: now,
      })
      .execute();
  }
}
