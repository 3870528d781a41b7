import type { OrderJson } from '../../shared/checkout/api.js';

export interface AdjustmentLabels {
  discount: string;
  giftCard: string;
  remaining: string;
}

/**
 * The summary rows of an order's discounts (issue 15), for the mail and the order pages alike:
 * one row per discount that took money off (free shipping shows as the shipping line's 0), or
 * the bare total for orders that only kept it.
 */
export function discountRows(
  order: OrderJson,
  t: AdjustmentLabels,
  money: (n: number) => string,
): [string, string][] {
  const off = order.discountLines.filter((l) => l.kind !== 'free-shipping' && l.amount > 0);
  if (!off.length)
    return order.discountTotal ? [[t.discount, `−${money(order.discountTotal)}`]] : [];
  return off.map((l) => [`${t.discount} (${l.label})`, `−${money(l.amount)}`]);
}

/** The gift cards that paid (after the total), and what was left for the payment method. */
export function giftCardRows(
  order: OrderJson,
  t: AdjustmentLabels,
  money: (n: number) => string,
): [string, string][] {
  if (!order.giftCardLines.length) return [];
  return [
    ...order.giftCardLines.map((g): [string, string] => [
      `${t.giftCard} ••••${g.last4}`,
      `−${money(g.amount)}`,
    ]),
    [t.remaining, money(order.grandTotal)],
  ];
}

/** What the order came to before gift cards paid part of it. */
export const orderTotal = (order: OrderJson): number => order.grandTotal + order.giftCardTotal;
