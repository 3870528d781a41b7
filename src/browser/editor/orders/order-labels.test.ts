import { describe, expect, it } from 'vitest';
import { routeFromHash, navNameOf, orderHref } from '../routes.js';
import { averageOrderValue, chartSeries, dailyRows } from '../revenue-series.js';
import { funnelSteps } from '../funnel-steps.js';
import {
  orderAddressLines,
  orderActions,
  orderBadges,
  orderPath,
  parseRefundAmount,
  refundable,
} from './order-labels.js';

describe('order labels and actions', () => {
  it('names the three states separately', () => {
    expect(
      orderBadges({ status: 'open', paymentStatus: 'paid', fulfillmentStatus: 'unfulfilled' }),
    ).toEqual([
      { text: 'Open', tone: 'neutral' },
      { text: 'Paid', tone: 'good' },
      { text: 'Unfulfilled', tone: 'warn' },
    ]);
  });

  it('offers only the actions that still apply', () => {
    const base = { grandTotal: 1000, refundedTotal: 0 };
    expect(
      orderActions({
        ...base,
        status: 'open',
        paymentStatus: 'pending',
        fulfillmentStatus: 'unfulfilled',
      }),
    ).toEqual({ markPaid: true, fulfil: true, cancel: true, refund: false });
    expect(
      orderActions({
        ...base,
        status: 'open',
        paymentStatus: 'paid',
        fulfillmentStatus: 'fulfilled',
      }),
    ).toEqual({ markPaid: false, fulfil: false, cancel: false, refund: true });
    expect(
      orderActions({
        grandTotal: 1000,
        refundedTotal: 1000,
        status: 'cancelled',
        paymentStatus: 'refunded',
        fulfillmentStatus: 'unfulfilled',
      }),
    ).toEqual({ markPaid: false, fulfil: false, cancel: false, refund: false });
    expect(refundable({ grandTotal: 1000, refundedTotal: 250 })).toBe(750);
    // An order paid wholly by gift cards (nothing for the provider) is still refundable.
    expect(
      orderActions({
        status: 'open',
        paymentStatus: 'paid',
        fulfillmentStatus: 'not_required',
        grandTotal: 0,
        giftCardTotal: 500,
        refundedTotal: 0,
      }).refund,
    ).toBe(true);
    // Gift cards paid 400 more: their part is refundable too (back to the cards first).
    expect(refundable({ grandTotal: 1000, giftCardTotal: 400, refundedTotal: 250 })).toBe(1150);
  });

  it('parses partial refund amounts in the currency’s digits', () => {
    expect(parseRefundAmount('12.5', 2, 5000)).toEqual({ ok: true, amount: 1250 });
    expect(parseRefundAmount('12,05', 2, 5000)).toEqual({ ok: true, amount: 1205 });
    expect(parseRefundAmount('1200', 0, 5000)).toEqual({ ok: true, amount: 1200 });
    expect(parseRefundAmount('12.5', 0, 5000).ok).toBe(false);
    expect(parseRefundAmount('0', 2, 5000).ok).toBe(false);
    expect(parseRefundAmount('60', 2, 5000)).toEqual({
      ok: false,
      message: 'That is more than is left to refund.',
    });
    expect(parseRefundAmount('abc', 2, 5000).ok).toBe(false);
  });

  it('builds paths and address lines', () => {
    expect(orderPath('a/b')).toBe('/api/commerce/orders/a%2Fb');
    expect(orderPath('o1', 'refund')).toBe('/api/commerce/orders/o1/refund');
    expect(
      orderAddressLines({
        firstName: 'Ada',
        lastName: 'L',
        line1: '1 Main',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
      }),
    ).toEqual(['Ada L', '1 Main', 'Springfield, IL 62701', 'United States']);
    expect(orderAddressLines(null)).toEqual([]);
  });

  it('routes the store screens', () => {
    expect(routeFromHash('#/orders')).toEqual({ name: 'orders' });
    expect(routeFromHash(orderHref('o 1'))).toEqual({ name: 'order', orderId: 'o 1' });
    expect(routeFromHash('#/checkout')).toEqual({ name: 'checkout-settings' });
    expect(navNameOf({ name: 'order', orderId: 'x' })).toBe('orders');
  });

  it('draws days in order and averages orders', () => {
    const s = chartSeries([
      { day: '2026-11-02', revenue: 500, orders: 1, visits: 9 },
      { day: '2026-11-01', revenue: 0, orders: 0, visits: 4 },
    ]);
    expect(s.x).toEqual([Date.UTC(2026, 10, 1) / 1000, Date.UTC(2026, 10, 2) / 1000]);
    expect(s.revenue).toEqual([0, 500]);
    expect(s.visits).toEqual([4, 9]);
    expect(averageOrderValue(1000, 3)).toBe(333);
    // Every day of the period, sales and visits merged, zeros where the server listed none.
    const rows = dailyRows(
      [{ day: '2026-11-02', revenue: 500, orders: 1 }],
      [
        { day: '2026-11-01', visits: 4 },
        { day: '2026-11-02', visits: 9 },
      ],
      Date.UTC(2026, 10, 1, 12),
      Date.UTC(2026, 10, 4, 12),
    );
    expect(rows).toEqual([
      { day: '2026-11-01', revenue: 0, orders: 0, visits: 4 },
      { day: '2026-11-02', revenue: 500, orders: 1, visits: 9 },
      { day: '2026-11-03', revenue: 0, orders: 0, visits: 0 },
      { day: '2026-11-04', revenue: 0, orders: 0, visits: 0 },
    ]);
    expect(averageOrderValue(0, 0)).toBe(0);
  });

  it('labels the funnel through to purchase', () => {
    const steps = funnelSteps({
      from: 0,
      to: 1,
      steps: [
        { step: 'product_views', events: 10, sessions: 10 },
        { step: 'add_to_cart', events: 5, sessions: 4 },
        { step: 'checkout', events: 2, sessions: 2 },
        { step: 'purchase', events: 1, sessions: 1 },
      ],
    });
    expect(steps.map((s) => s.label)).toEqual([
      'Product views',
      'Added to cart',
      'Checkout',
      'Purchase',
    ]);
    expect(steps[3]!.fromPrevious).toBe(0.5);
  });
});
