import crypto from 'node:crypto';
import { Messages } from '../../shared/errors.js';
import type { Db } from '../db/database.js';
import type {
  AuthorizeResult,
  MoneyResult,
  PaymentProvider,
  PaymentRequest,
  SettleResult,
} from './provider.js';

/** The `test` provider's answers, as a card processor words them. */
export const TestCardMessages = {
  DECLINED: Messages.PAYMENT_DECLINED,
  INSUFFICIENT_FUNDS: 'Your card has insufficient funds.',
  INCORRECT_NUMBER: 'Your card number is incorrect.',
} as const;

/** The refusal a test card token stands for, or undefined for the approving `tok_visa`. */
function refusal(token: string | undefined): string | undefined {
  switch (token) {
    case 'tok_visa':
      return undefined;
    case 'tok_chargeDeclined':
      return TestCardMessages.DECLINED;
    case 'tok_insufficientFunds':
      return TestCardMessages.INSUFFICIENT_FUNDS;
    default:
      return TestCardMessages.INCORRECT_NUMBER;
  }
}

/**
 * Offline card payments for demo and test websites: `tok_visa` approves,
 * `tok_chargeDeclined` and `tok_insufficientFunds` decline (the card field maps the well-known
 * numbers to these, TEST_CARD_TOKENS). Holds are kept in `test_payments`, keyed by the
 * idempotency key, so repeats answer with the first payment in every process.
 *
 * Checkout settles with the order (`settleWithOrder`): the card's answer depends on its token
 * alone, so the ledger row ('captured') is written by the order's transaction and a placement
 * costs no statement of the provider's. `authorize`/`capture` remain the processor-like path.
 */
export function testProvider(db: Db, now: () => number): PaymentProvider {
  return {
    id: 'test',

    settleWithOrder(req: PaymentRequest): SettleResult {
      const message = refusal(req.token);
      if (message) return { ok: false, message };
      const reference = `test_${crypto.randomUUID()}`;
      return {
        ok: true,
        status: 'paid',
        reference,
        ledger: {
          reference,
          idempotency_key: req.idempotencyKey,
          site_id: req.siteId,
          amount: req.amount,
          currency: req.currency,
          status: 'captured',
          refunded: 0,
          created: new Date(now()),
        },
      };
    },

    async authorize(req: PaymentRequest): Promise<AuthorizeResult> {
      const message = refusal(req.token);
      if (message) return { ok: false, reason: 'declined', message };
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

    async refund(reference: string, amount: number, idempotencyKey: string): Promise<MoneyResult> {
      return db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('test_payment_refunds')
          .values({ idempotency_key: idempotencyKey, reference, amount, created: new Date(now()) })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .returning('idempotency_key')
          .executeTakeFirst();
        if (!fresh) return { ok: true }; // the same refund again: already done
        const row = await trx
          .updateTable('test_payments')
          .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
          .where('reference', '=', reference)
          .where('status', '=', 'captured')
          .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
          .returning('reference')
          .executeTakeFirst();
        if (!row) {
          await trx
            .deleteFrom('test_payment_refunds')
            .where('idempotency_key', '=', idempotencyKey)
            .execute();
          return { ok: false, message: 'The refund is more than was paid.' };
        }
        return { ok: true };
      });
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
