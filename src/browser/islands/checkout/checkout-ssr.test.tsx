import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import CheckoutPage from './checkout-page.js';
import { OrderSummary } from './order-summary.js';
import { checkoutTexts } from '../../../shared/checkout/checkout-texts.js';
import type { CartEntryJson } from '../cart/cart-json.js';

describe('checkout island on the server', () => {
  it('renders a busy placeholder with no visitor data until the browser has the cart', () => {
    const html = renderToString(<CheckoutPage locale="en-US" currency="USD" />);
    expect(html).toContain('class="co-checkout"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('Place Order');
  });
});

describe('checkout order summary lines (issue 14)', () => {
  const base = {
    id: 'e1',
    itemId: 'demo-custom-mug',
    chosenVariant: { sku: 'MUG', attributes: { Glaze: 'Oatmeal' } },
    quantity: 2,
    title: 'Personalised Name Mug',
    subTotal: 9600,
    purchasePriceCents: 4800,
    additionalFieldAnswers: [
      { type: 'text', value: 'Maya', rawTitle: 'Name on the mug' },
      { type: 'textarea', value: '', rawTitle: 'Message' },
    ],
  };
  const summary = (entries: CartEntryJson[]) =>
    renderToString(
      <OrderSummary
        entries={entries}
        totals={null}
        shippingChosen={false}
        cartSubtotal={9600}
        money={(m) => `$${(m / 100).toFixed(2)}`}
        texts={checkoutTexts('en-US')}
      />,
    );

  it('each line has its picture with the quantity on it, the variant and the answered fields', () => {
    const image = { assetUrl: '/static/images/m', width: 1000, height: 800, altText: 'Mug' };
    const html = summary([{ ...base, image }]);
    const img = /<img[^>]*class="co-thumb"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain('src="/static/images/m/300w.webp"');
    expect(img).toMatch(/width="56"[^>]*height="56"/);
    expect(img).toContain('alt=""');
    expect(html).toMatch(/<span class="co-line-pic"><img[^>]*><span class="co-line-qty"[^>]*>2</);
    expect(html).toContain('Glaze: Oatmeal');
    expect(html).toContain('Name on the mug: Maya');
    expect(html).not.toContain('Message:');
    expect(html).not.toContain('N/A');
  });

  it('a line without a picture keeps the same box', () => {
    const html = summary([{ ...base, image: null }]);
    expect(html).not.toContain('<img');
    expect(html).toContain('class="co-thumb co-thumb-none"');
    expect(html).toContain('width:56px;height:56px');
  });
});
