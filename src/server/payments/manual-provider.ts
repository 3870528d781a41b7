import crypto from 'node:crypto';
import type { PaymentProvider } from './provider.js';

/**
 * Bank transfer or pay on pickup: nothing is charged online. The order is placed with payment
 * pending and the owner's instructions; the owner's 'Mark as paid' records the money, and
 * refunds are recorded (the owner returns the money by hand).
 */
export function manualProvider(): PaymentProvider {
  const ok = async () => ({ ok: true as const });
  return {
    id: 'manual',
    // Nothing to ask anyone: the order is placed with payment pending, in its own transaction.
    settleWithOrder() {
      return { ok: true, status: 'pending', reference: `manual_${crypto.randomUUID()}` };
    },
    async authorize() {
      return { ok: true, status: 'pending', reference: `manual_${crypto.randomUUID()}` };
    },
    capture: ok,
    refund: ok,
    cancel: ok,
  };
}
