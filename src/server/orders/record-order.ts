import crypto from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { StockShort, StockWant } from '../catalog/take-stock.js';
import type { OutboxRow } from '../mail/mailer.js';
import type { AnalyticsEventsTable } from '../analytics/tables.js';
import type { TestPaymentsTable } from '../payments/tables.js';
import { GroupCommit } from '../platform/group-commit.js';
import type { GiftCardsTable, GiftCardTransactionsTable } from '../gift-cards/tables.js';
import type { DiscountUse } from './adjustments.js';
import type { GiftCardDebit } from './adjusted-quote.js';
import type { OrderLineRow, OrderRow } from './order-json.js';

/**
 * The number mails and the purchase event carry until the order has its own: `place_order`
 * replaces it with the real one in the same statement (place-order-function.ts). Fifteen random
 * digits per process, so no shopper can type it into a field of theirs.
 */
export const NUMBER_SLOT = 100_000_000_000_000 + crypto.randomInt(0, 2 ** 47);

/** One placement as `place_order` takes it (place-order-function.ts); every value checked. */
export interface Placement {
  siteId: string;
  cartId: string;
  now: Date;
  idempotencyKey: string | null;
  /** The lines the totals were computed from; the cart must still hold exactly these. */
  lines: { id: string; quantity: number; unitPrice: number; variantId: string }[];
  /** Units per variant (summed, in id order) of goods that take stock. */
  stock: StockWant[];
  /** The order row but its number; JSON columns as values. */
  order: Omit<OrderRow, 'order_number'>;
  orderLines: OrderLineRow[];
  events: { order_id: string; at: Date; kind: string; message: string; data: object }[];
  /** The `test` provider's ledger row when the payment settles with the order. */
  testPayment: Insertable<TestPaymentsTable> | null;
  /** Discounts used (issue 15): counted and recorded under their rows' locks, or refused. */
  discountUses: DiscountUse[];
  /** Gift cards paying: each balance taken under its row's lock, or the placement refused. */
  giftCardDebits: GiftCardDebit[];
  /** Gift cards the order buys, and their 'issued' transactions. */
  giftCards: Insertable<GiftCardsTable>[];
  giftCardTransactions: Insertable<GiftCardTransactionsTable>[];
  /** Outgoing mail, rendered with `NUMBER_SLOT` as the order number. */
  mails: OutboxRow[];
  /** The analytics purchase event (its content's `orderNumber` is set by the function). */
  purchase: Insertable<AnalyticsEventsTable> | null;
}

export type PlacementOutcome =
  | { status: 'placed'; orderNumber: number; soldOut: boolean }
  | { status: 'existing'; orderId: string | null }
  | { status: 'empty' }
  | { status: 'changed' }
  | { status: 'key_used' }
  | { status: 'short'; short: StockShort[] }
  | { status: 'discount_unavailable'; discountId: string }
  | { status: 'gift_card_short'; giftCardId: string };

/** Several placements in one statement (one transaction); outcomes in the same order. */
export async function placeOrders(db: Db, placements: Placement[]): Promise<PlacementOutcome[]> {
  const input = JSON.stringify(
    placements.map((p) => ({
      ...p,
      numberSlot: String(NUMBER_SLOT),
      mails: p.mails.map((m) => ({ ...m, headers: JSON.parse(m.headers) as object })),
    })),
  );
  const { rows } = await sql<{ outcomes: PlacementOutcome[] }>`
    SELECT place_orders(${input}::jsonb) AS outcomes`.execute(db);
  const outcomes = rows[0]?.outcomes;
  if (outcomes?.length !== placements.length) throw new Error('place_orders answered too few');
  return outcomes;
}

/**
 * Group commit of placements: those that arrive together are recorded in one `place_orders`
 * call (platform/group-commit.ts), sorted by cart id like the cart's own batches. One statement
 * in flight per process: a website's placements queue behind its order counter anyway, and one
 * batch at a time never waits for another of this process.
 */
export class OrderRecorder {
  private readonly batches: GroupCommit<Placement, PlacementOutcome>;

  constructor(db: Db, maxBatch = 64) {
    this.batches = new GroupCommit({
      runMany: (placements) => placeOrders(db, placements),
      maxInFlight: 1,
      maxBatch,
      order: (p) => p.cartId,
    });
  }

  record(placement: Placement): Promise<PlacementOutcome> {
    return this.batches.run(placement);
  }
}
