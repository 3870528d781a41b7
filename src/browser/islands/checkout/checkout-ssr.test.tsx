import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import CheckoutPage from './checkout-page.js';

describe('checkout island on the server', () => {
  it('renders a busy placeholder with no visitor data until the browser has the cart', () => {
    const html = renderToString(<CheckoutPage locale="en-US" currency="USD" />);
    expect(html).toContain('class="co-checkout"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('Place Order');
  });
});
