/**
 * Digital delivery (issue 12): which bought lines deliver a file, and when an order may have
 * its download links. One home for both, so the order page, the mail and the tests agree.
 */
import { isDigitalGood, isGiftCard } from './rules-product.js';

/** A digital product delivers its file; a gift card is digital too but delivers a code. */
export function deliversFile(productType: number): boolean {
  return isDigitalGood(productType) && !isGiftCard(productType);
}

/** How long a download link works (the order page gives a fresh one on every visit). */
export const DOWNLOAD_LINK_SECONDS = 7 * 24 * 60 * 60;

/**
 * Files are handed over once the money is held or taken, and not for a cancelled, voided or
 * fully refunded order: a bank-transfer order gets its links on the order page once it is
 * marked paid.
 */
export function downloadsAllowed(order: { status: string; paymentStatus: string }): boolean {
  if (order.status === 'cancelled') return false;
  return ['authorized', 'paid', 'partially_refunded'].includes(order.paymentStatus);
}
