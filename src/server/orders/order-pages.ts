import type { AddressInput, OrderJson } from '../../shared/checkout/api.js';
import { escapeHtml } from '../../shared/html.js';
import { formatMoney } from '../../shared/money.js';
import { notice, renderPage, type PageSite } from '../checkout/checkout-pages.js';

/** Words of the shopper's order pages (English; the site's language for dates and money). */
export const OrderPageTexts = {
  CONFIRMED: 'Thank you for your order',
  STATUS: 'Order status',
  ORDER_NUMBER: 'Order #{n}',
  TEST_MODE: 'Test order: no money was taken.',
  PAYMENT: 'Payment',
  FULFILLMENT: 'Fulfillment',
  SHIP_TO: 'Shipping address',
  HOW_TO_PAY: 'How to pay',
  STATUS_LINK: 'Check your order status any time',
  NOT_FOUND: 'We could not find that order.',
} as const;

const STATUS_WORDS: Record<string, string> = {
  pending: 'Awaiting payment',
  authorized: 'Authorized',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  voided: 'Voided',
  failed: 'Failed',
  unfulfilled: 'Not shipped yet',
  fulfilled: 'Shipped',
  not_required: 'No shipping needed',
  cancelled: 'Cancelled',
};

function address(a: AddressInput): string {
  return [
    `${a.firstName} ${a.lastName}`,
    a.line1,
    a.line2 ?? '',
    [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
  ]
    .filter((x) => x.trim())
    .map(escapeHtml)
    .join('<br>');
}

/** The order confirmed (pageType 202) and order status (211) pages: lines, totals, state. */
export function renderOrderPage(
  site: PageSite,
  order: OrderJson,
  kind: 'confirmed' | 'status',
): string {
  const money = (n: number) => escapeHtml(formatMoney(n, order.currency, site.language));
  const rows = order.lines
    .map((l) => {
      const attrs = Object.entries(l.attributes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      const answers = l.additionalFieldAnswers.map((a) => `${a.label}: ${a.value}`).join(' · ');
      const detail = [attrs, answers].filter(Boolean).join(' — ');
      return `<tr><td>${escapeHtml(l.title)}${detail ? `<div class="detail">${escapeHtml(detail)}</div>` : ''}</td><td class="num">${l.quantity}</td><td class="num">${money(l.lineTotal)}</td></tr>`;
    })
    .join('\n');
  const totals: [string, string][] = [['Subtotal', money(order.subtotal)]];
  if (order.discountTotal) totals.push(['Discount', `−${money(order.discountTotal)}`]);
  if (order.shippingOption) {
    totals.push([
      `Shipping (${escapeHtml(order.shippingOption.name)})`,
      money(order.shippingTotal),
    ]);
  }
  for (const t of order.taxLines) {
    totals.push([
      `${escapeHtml(t.name)} ${escapeHtml(String(t.rate))}%${t.included ? ' (included)' : ''}`,
      money(t.amount),
    ]);
  }
  const foot = totals
    .map(([a, b]) => `<tr><td colspan="2" class="sub">${a}</td><td class="num sub">${b}</td></tr>`)
    .join('\n');
  const shipments = order.fulfillments
    .map(
      (f) =>
        `<li>${escapeHtml([f.carrier, f.trackingNumber].filter(Boolean).join(' ') || STATUS_WORDS.fulfilled!)}</li>`,
    )
    .join('');
  const status =
    order.status === 'cancelled'
      ? STATUS_WORDS.cancelled!
      : `${OrderPageTexts.PAYMENT}: ${STATUS_WORDS[order.paymentStatus] ?? order.paymentStatus} · ${OrderPageTexts.FULFILLMENT}: ${STATUS_WORDS[order.fulfillmentStatus] ?? order.fulfillmentStatus}`;
  const body = `<p class="order-number"><strong>${escapeHtml(OrderPageTexts.ORDER_NUMBER.replace('{n}', String(order.orderNumber)))}</strong> · ${escapeHtml(order.email)}</p>
${order.testMode ? notice(OrderPageTexts.TEST_MODE) : ''}
<p class="order-state" data-payment-status="${escapeHtml(order.paymentStatus)}" data-fulfillment-status="${escapeHtml(order.fulfillmentStatus)}">${escapeHtml(status)}</p>
${shipments ? `<ul class="shipments">${shipments}</ul>` : ''}
<table>
<thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${foot}
<tr><td colspan="2">Total</td><td class="num">${money(order.grandTotal)}</td></tr>
${order.refundedTotal ? `<tr><td colspan="2" class="sub">Refunded</td><td class="num sub">−${money(order.refundedTotal)}</td></tr>` : ''}
</tfoot>
</table>
${order.paymentInstructions ? `<h2>${OrderPageTexts.HOW_TO_PAY}</h2><p class="instructions">${escapeHtml(order.paymentInstructions).replace(/\r?\n/g, '<br>')}</p>` : ''}
${order.shippingAddress ? `<h2>${OrderPageTexts.SHIP_TO}</h2><p>${address(order.shippingAddress)}</p>` : ''}
${kind === 'confirmed' ? `<p><a class="back" href="${escapeHtml(order.statusUrl)}">${OrderPageTexts.STATUS_LINK}</a></p>` : ''}
<style>h2{font-size:1.1rem;margin:28px 0 8px}.sub{font-weight:400;color:#444}.order-state{margin:0 0 16px}</style>`;
  return renderPage(
    site,
    kind === 'confirmed' ? OrderPageTexts.CONFIRMED : OrderPageTexts.STATUS,
    body,
  );
}
