import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import type { AuthorizeResult, MoneyResult, PaymentProvider, PaymentRequest } from './provider.js';

/** The `test` provider's answers, as a card processor words them. */
export const TestCardMessages = {
  DECLINED: 'Your card was declined.',
  INSUFFICIENT_FUNDS: 'Your card has insufficient funds.',
  INCORRECT_NUMBER: 'Your card number is incorrect.',
} as const;

/**
 * Offline card payments for demo and test websites: `tok_visa` approves,
 * `tok_chargeDeclined` and `tok_insufficientFunds` decline (the card field maps the well-known
 * numbers to these, TEST_CARD_TOKENS). Holds are kept in `test_payments`, keyed by the
 * idempotency key, so repeats answer with the first payment in every process.
 */
export function testProvider(db: Db, now: () => number): PaymentProvider {
  return {
    id: 'test',

    async authorize(req: PaymentRequest): Promise<AuthorizeResult> {
      switch (req.token) {
        case 'tok_visa':
          break;
        case 'tok_chargeDeclined':
          return { ok: false, reason: 'declined', message: TestCardMessages.DECLINED };
        case 'tok_insufficientFunds':
          return { ok: false, reason: 'declined', message: TestCardMessages.INSUFFICIENT_FUNDS };
        default:
          return { ok: false, reason: 'declined', message: TestCardMessages.INCORRECT_NUMBER };
      }
      await db
        .insertInto('test_payments')
        .values({
          reference: `test_${crypto.randomUUID()}`,
          idempotency_key: req.idempotencyKey,
          site_id: req.siteId,
          amount: req.amount,
          currency: req.currency,
          status: 'authorized',
          refunded: 0,
          created: new Date(now()),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('test_payments')
        .select(['reference', 'status'])
        .where('idempotency_key', '=', req.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (row.status === 'voided') {
        // A hold released after a failed attempt (out of stock): this retry is a new payment.
        return this.authorize({ ...req, idempotencyKey: `${req.idempotencyKey}:${row.reference}` });
      }
      return { ok: true, status: 'authorized', reference: row.reference };
    },

    async capture(reference: string): Promise<MoneyResult> {
      const row = await db
        .updateTable('test_payments')
        .set({ status: 'captured' })
        .where('reference', '=', reference)
        .where('status', 'in', ['authorized', 'captured'])
        .returning('reference')
        .executeTakeFirst();
      return row ? { ok: true } : { ok: false, message: 'This payment can no longer be captured.' };
    },

    async refund(reference: string, amount: number): Promise<MoneyResult> {
      const row = await db
        .updateTable('test_payments')
        .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
        .where('reference', '=', reference)
        .where('status', '=', 'captured')
        .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
        .returning('reference')
        .executeTakeFirst();
      return row ? { ok: true } : { ok: false, message: 'The refund is more than was paid.' };
    },

    async cancel(reference: string): Promise<MoneyResult> {
      await db
        .updateTable('test_payments')
        .set({ status: 'voided' })
        .where('reference', '=', reference)
        .where('status', '=', 'authorized')
        .execute();
      return { ok: true };
    },
  };
}
