/**
 * How the Orders screens name and colour an order's three states (order, payment, fulfilment),
 * the list filters and the API paths. Pure, so the tests pin them.
 */
import type {
  FulfillmentStatus,
  OrderJson,
  OrderStatus,
  PaymentStatus,
} from '../../../shared/checkout/api.js';
import { addressLines } from '../../../shared/checkout/address-rules.js';

export type BadgeTone = 'good' | 'warn' | 'bad' | 'neutral';

export interface Badge {
  text: string;
  tone: BadgeTone;
}

const ORDER: Record<OrderStatus, Badge> = {
  open: { text: 'Open', tone: 'neutral' },
  completed: { text: 'Completed', tone: 'good' },
  cancelled: { text: 'Cancelled', tone: 'bad' },
};

const PAYMENT: Record<PaymentStatus, Badge> = {
  pending: { text: 'Payment pending', tone: 'warn' },
  authorized: { text: 'Authorized', tone: 'warn' },
  paid: { text: 'Paid', tone: 'good' },
  partially_refunded: { text: 'Partially refunded', tone: 'warn' },
  refunded: { text: 'Refunded', tone: 'neutral' },
  voided: { text: 'Voided', tone: 'neutral' },
  failed: { text: 'Payment failed', tone: 'bad' },
};

const FULFILMENT: Record<FulfillmentStatus, Badge> = {
  unfulfilled: { text: 'Unfulfilled', tone: 'warn' },
  fulfilled: { text: 'Fulfilled', tone: 'good' },
  not_required: { text: 'No shipping', tone: 'neutral' },
};

/** The three badges of an order, in the order the list shows them. */
export function orderBadges(
  o: Pick<OrderJson, 'status' | 'paymentStatus' | 'fulfillmentStatus'>,
): Badge[] {
  return [
    ORDER[o.status] ?? { text: o.status, tone: 'neutral' },
    PAYMENT[o.paymentStatus] ?? { text: o.paymentStatus, tone: 'neutral' },
    FULFILMENT[o.fulfillmentStatus] ?? { text: o.fulfillmentStatus, tone: 'neutral' },
  ];
}

/** The list's status filters: the `status=` value the API takes, and its label. */
export const ORDER_FILTERS = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Unpaid' },
  { value: 'unfulfilled', label: 'To fulfil' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

export const ORDERS_API = '/api/commerce/orders';
export const ORDERS_CSV = '/api/commerce/orders.csv';

export function orderPath(id: string, action?: 'mark-paid' | 'fulfill' | 'cancel' | 'refund') {
  return `${ORDERS_API}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

/** What the owner may still do with an order. */
export function orderActions(
  o: Pick<
    OrderJson,
    'status' | 'paymentStatus' | 'fulfillmentStatus' | 'grandTotal' | 'refundedTotal'
  > &
    Partial<Pick<OrderJson, 'giftCardTotal'>>,
) {
  const open = o.status !== 'cancelled';
  const paid = o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded';
  return {
    markPaid: open && (o.paymentStatus === 'pending' || o.paymentStatus === 'authorized'),
    fulfil: open && o.fulfillmentStatus === 'unfulfilled',
    cancel: open && o.fulfillmentStatus !== 'fulfilled',
    refund: paid && refundable(o) > 0,
  };
}

/** The amount still refundable, in minor units. */
export function refundable(
  o: Pick<OrderJson, 'grandTotal' | 'refundedTotal'> & Partial<Pick<OrderJson, 'giftCardTotal'>>,
): number {
  // Gift cards' part goes back to the cards (issue 15), the rest through the provider.
  return Math.max(0, o.grandTotal + (o.giftCardTotal ?? 0) - o.refundedTotal);
}

/**
 * A refund amount typed by the owner ('12.50', '12,50', '1200' for JPY) in minor units, or an
 * error text. `digits` is the currency's fraction digits.
 */
export function parseRefundAmount(
  text: string,
  digits: number,
  max: number,
): { ok: true; amount: number } | { ok: false; message: string } {
  const t = text.trim().replace(',', '.');
  const re = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!re.test(t)) {
    return {
      ok: false,
      message:
        digits > 0
          ? `Enter an amount like 12.50 (at most ${digits} decimals).`
          : 'Enter a whole amount.',
    };
  }
  const [whole, frac = ''] = t.split('.');
  const amount = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  if (amount <= 0) return { ok: false, message: 'Enter an amount above 0.' };
  if (amount > max) return { ok: false, message: 'That is more than is left to refund.' };
  return { ok: true, amount };
}

/** '#1042' */
export function orderNumberText(n: number): string {
  return `#${n}`;
}

/** An order's address as envelope lines, as the shopper's pages and mails show it. */
export function orderAddressLines(a: OrderJson['shippingAddress']): string[] {
  return a ? addressLines(a) : [];
}
