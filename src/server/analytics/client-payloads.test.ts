import { describe, expect, it } from 'vitest';
import { eventSchemas } from './event-schemas.js';
import { COMMERCE_EVENTS } from '../../shared/telemetry/commerce-events.js';
import { addToCartFields, removedFields } from '../../browser/telemetry/commerce-events.js';

// What the browser tracker builds from the islands' DOM events must pass the server's schemas,
// or every such event would be refused with a 400 in production.
const common = {
  website_id: 'w1',
  page_id: 'p1',
  cart_id: 'c1',
  logged_in: false,
  session_id: 's1',
};

describe('tracker payloads match the event schemas', () => {
  const registry = eventSchemas();

  it('remove from cart, from a cart line as the cart API returns it', () => {
    const content = {
      ...common,
      ...removedFields({
        entry: {
          id: 'e1',
          itemId: 'i1',
          variantId: 'v1',
          title: 'Tide Mug',
          chosenVariant: { sku: 'MUG-1', attributes: { Size: 'L' } },
          quantity: 2,
          purchasePriceCents: 3200,
        },
        cart: { currencyCode: 'USD' },
      }),
    };
    expect(content).toMatchObject({ product_id: 'i1', sku: 'MUG-1', quantity: 2, currency: 'USD' });
    expect(registry.check(COMMERCE_EVENTS.remove_from_cart, content)).toEqual({ ok: true });
  });

  it('add to cart, from the product island’s SPEC 3.2 event detail', () => {
    const content = {
      ...common,
      ...addToCartFields({
        pageType: 'pdp',
        product: { id: 'i1', title: 'Tide Mug' },
        quantity: 1,
        selectedVariant: { sku: 'MUG-1' },
        expressCheckout: false,
      }),
    };
    expect(registry.check(COMMERCE_EVENTS.add_to_cart, content)).toEqual({ ok: true });
  });

  it('custom form open/save and related products', () => {
    const form = { ...common, product_id: 'i1', form_id: 'form-product-custom' };
    expect(registry.check(COMMERCE_EVENTS.custom_form_open, form)).toEqual({ ok: true });
    expect(registry.check(COMMERCE_EVENTS.custom_form_save, form)).toEqual({ ok: true });
    const related = { ...common, product_id: 'i1', related_product_ids: ['i2', 'i3'] };
    expect(registry.check(COMMERCE_EVENTS.related_product_display, related)).toEqual({ ok: true });
  });
});
