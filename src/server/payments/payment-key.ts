import crypto from 'node:crypto';

/**
 * The idempotency key of a checkout's payment: one cart paying one amount through one provider
 * is one payment, however many times the request arrives. The amount is part of it so a cart
 * changed after a decline is a new payment, not the replay of the refused one.
 */
export function paymentKey(
  siteId: string,
  cartId: string,
  amount: number,
  provider: string,
  token = '',
): string {
  const h = crypto
    .createHash('sha256')
    .update(`${siteId}\n${cartId}\n${amount}\n${provider}\n${token}`)
    .digest('base64url');
  return `checkout_${h.slice(0, 40)}`;
}

/** Key of a follow-up operation on a payment (capture, refund n, cancel). */
export function followUpKey(reference: string, what: string): string {
  return `${what}_${crypto.createHash('sha256').update(`${reference}\n${what}`).digest('base64url').slice(0, 40)}`;
}
