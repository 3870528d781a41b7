import { describe, expect, it, vi } from 'vitest';
import { Messages } from '../errors.js';
import {
  finishAddToCart,
  startAddToCart,
  type AddToCartEffects,
  type AddToCartRequest,
} from './add-to-cart-flow.js';
import { product, shirt, variant } from './testing/product-fixtures.js';

function effects(over: Partial<AddToCartEffects> = {}) {
  const calls: string[] = [];
  const fx: AddToCartEffects = {
    fetchStock: vi.fn(async () => {
      calls.push('stock');
      return [{ unlimited: false, qtyInStock: 5 }];
    }),
    createSubscriptionCart: vi.fn(async () => {
      calls.push('subscription');
      return 'tok 1';
    }),
    addEntry: vi.fn(async () => {
      calls.push('add');
    }),
    hasCartCookie: vi.fn(() => true),
    navigate: vi.fn((url: string) => {
      calls.push(`go ${url}`);
    }),
    ...over,
  };
  return { fx, calls };
}

function request(over: Partial<AddToCartRequest> = {}): AddToCartRequest {
  return {
    itemId: 'item-1',
    product: shirt(),
    selection: { Size: 'S', Color: 'Red' },
    quantity: '1',
    qtyInCart: () => 0,
    expressCheckout: false,
    subscription: false,
    websiteId: 'site-demo',
    ...over,
  };
}

describe('add-to-cart flow (SPEC 4.1, 5.1, 8.1)', () => {
  it('adds the chosen variant with the quantity and no additional fields', async () => {
    const { fx } = effects();
    const out = await startAddToCart(request({ quantity: '3' }), fx);
    expect(out).toMatchObject({ status: 'added', quantity: 3, variant: { sku: 'SKU-S-Red' } });
    expect(fx.addEntry).toHaveBeenCalledWith({
      itemId: 'item-1',
      sku: 'SKU-S-Red',
      quantity: 3,
      additionalFields: null,
    });
  });

  it.each([
    [{}, 'Please select the Size and Color options.'],
    [{ Size: 'S' }, 'Please select the Color option.'],
    [{ Color: 'Red' }, 'Please select the Size option.'],
  ])('unselected options %o → %s (NO_VARIANT_SELECTED)', async (selection, message) => {
    const { fx } = effects();
    const out = await startAddToCart(request({ selection }), fx);
    expect(out).toMatchObject({ status: 'failed', kind: 'NO_VARIANT_SELECTED', message });
    expect(fx.addEntry).not.toHaveBeenCalled();
  });

  it('three missing options use the serial comma', async () => {
    const p = product({
      variantOptionOrdering: ['Size', 'Color', 'Fit'],
      variants: [
        variant({ attributes: { Size: 'S', Color: 'Red', Fit: 'Slim' } }),
        variant({ attributes: { Size: 'M', Color: 'Red', Fit: 'Slim' } }),
      ],
    });
    const out = await startAddToCart(request({ product: p, selection: {} }), effects().fx);
    expect(out).toMatchObject({
      message: 'Please select the Size, Color, and Fit options.',
      unselectedOptions: ['Size', 'Color', 'Fit'],
    });
  });

  it('a gift card without denomination asks for one', async () => {
    const p = product({
      productType: 4,
      variantOptionOrdering: ['Amount'],
      variants: [
        variant({ attributes: { Amount: '25' } }),
        variant({ attributes: { Amount: '50' } }),
      ],
    });
    const out = await startAddToCart(request({ product: p, selection: {} }), effects().fx);
    expect(out).toMatchObject({
      kind: 'NO_VARIANT_SELECTED',
      message: 'Select a denomination for the Gift Card',
    });
  });

  it('a combination no variant has is unavailable', async () => {
    const out = await startAddToCart(
      request({ selection: { Size: 'S', Color: 'Blue' } }),
      effects().fx,
    );
    expect(out).toMatchObject({
      kind: 'VARIANT_UNAVAILABLE',
      message: Messages.VARIANT_UNAVAILABLE,
    });
    expect(Messages.VARIANT_UNAVAILABLE).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });

  it('stock is checked before the quantity', async () => {
    const out = await startAddToCart(
      request({ selection: { Size: 'M', Color: 'Blue' }, quantity: 'abc' }),
      effects().fx,
    );
    expect(out).toMatchObject({
      kind: 'OUT_OF_STOCK',
      message: 'Sorry, we do not have enough of that item available.',
    });
  });

  it('counts what the cart already holds against stock', async () => {
    const out = await startAddToCart(request({ quantity: '2', qtyInCart: () => 9 }), effects().fx);
    expect(out).toMatchObject({ kind: 'OUT_OF_STOCK' });
  });

  it.each([
    ['abc', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['1.5', 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
  ])('quantity %j → %s', async (quantity, kind, message) => {
    const out = await startAddToCart(request({ quantity }), effects().fx);
    expect(out).toMatchObject({ status: 'failed', kind, message });
  });

  it('a fractional subscription quantity is SUB_QUANTITY_NOT_A_WHOLE_NUMBER', async () => {
    const p = shirt({ isSubscribable: true });
    const out = await startAddToCart(
      request({ product: p, quantity: '1.5', subscription: true }),
      effects().fx,
    );
    expect(out).toMatchObject({
      kind: 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
      message: 'Quantity must be a whole number',
    });
  });

  it('a custom form is opened only after a live stock check', async () => {
    const { fx, calls } = effects();
    const p = shirt({ additionalFieldsFormId: 'form-product-custom' });
    const out = await startAddToCart(request({ product: p }), fx);
    expect(out).toMatchObject({ status: 'needs-form', quantity: 1 });
    expect(calls).toEqual(['stock']);
  });

  it('a custom form with no stock left beyond the cart fails OUT_OF_STOCK for the form', async () => {
    const { fx } = effects({ fetchStock: async () => [{ unlimited: false, qtyInStock: 2 }] });
    const p = shirt({ additionalFieldsFormId: 'f' });
    const out = await startAddToCart(request({ product: p, qtyInCart: () => 2 }), fx);
    expect(out).toMatchObject({
      kind: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
      message: Messages.OUT_OF_STOCK,
    });
  });

  it('unlimited stock results are always sufficient; results are matched to the variant', async () => {
    const p = shirt({ additionalFieldsFormId: 'f' });
    const unlimited = effects({ fetchStock: async () => [{ unlimited: true, qtyInStock: 0 }] });
    expect(
      (await startAddToCart(request({ product: p, qtyInCart: () => 2 }), unlimited.fx)).status,
    ).toBe('needs-form');
    const other = effects({
      fetchStock: async () => [
        { variantId: 'v-S-Red', unlimited: false, qtyInStock: 1 },
        { variantId: 'v-M-Red', unlimited: true, qtyInStock: 0 },
      ],
    });
    expect(
      await startAddToCart(request({ product: p, qtyInCart: () => 1 }), other.fx),
    ).toMatchObject({
      kind: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
    });
  });

  it('a failed stock call is a blank CUSTOM_FORM_RENDER_ERROR', async () => {
    const { fx } = effects({ fetchStock: async () => Promise.reject(new Error('down')) });
    const out = await startAddToCart(
      request({ product: shirt({ additionalFieldsFormId: 'f' }) }),
      fx,
    );
    expect(out).toEqual({ status: 'failed', kind: 'CUSTOM_FORM_RENDER_ERROR', message: '' });
  });

  it('finishing after the form adds with the additional fields', async () => {
    const { fx } = effects();
    const req = request({ product: shirt({ additionalFieldsFormId: 'f' }) });
    const v = req.product.variants[0]!;
    const out = await finishAddToCart(
      req,
      { variant: v, quantity: 2, additionalFields: '[{"a":1}]' },
      fx,
    );
    expect(out.status).toBe('added');
    expect(fx.addEntry).toHaveBeenCalledWith({
      itemId: 'item-1',
      sku: v.sku,
      quantity: 2,
      additionalFields: '[{"a":1}]',
    });
  });

  it('a subscription creates a subscription cart and goes to its checkout', async () => {
    const { fx, calls } = effects();
    const p = shirt({ isSubscribable: true });
    const out = await startAddToCart(
      request({ product: p, subscription: true, subscriptionOptionId: 'opt-1' }),
      fx,
    );
    expect(out).toMatchObject({
      status: 'redirected',
      url: '/checkout/subscribe?cartToken=tok%201',
    });
    expect(fx.createSubscriptionCart).toHaveBeenCalledWith({
      itemId: 'item-1',
      sku: 'SKU-S-Red',
      qty: 1,
      additionalFields: null,
      subscriptionOptionId: 'opt-1',
    });
    expect(calls).toEqual(['subscription', 'go /checkout/subscribe?cartToken=tok%201']);
  });

  it('a failing subscription API shows the server message (SUB_API_FAILURE / SUB_WITH_FORM_FAILURE)', async () => {
    const { fx } = effects({
      createSubscriptionCart: async () => Promise.reject(new Error('Plan ended')),
    });
    const req = request({ product: shirt({ isSubscribable: true }), subscription: true });
    expect(await startAddToCart(req, fx)).toMatchObject({
      kind: 'SUB_API_FAILURE',
      message: 'Plan ended',
    });
    const v = req.product.variants[0]!;
    expect(
      await finishAddToCart(req, { variant: v, quantity: 1, additionalFields: '[]' }, fx),
    ).toMatchObject({
      kind: 'SUB_WITH_FORM_FAILURE',
      message: 'Plan ended',
    });
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('a gift card goes to the gift-card checkout in the top window', async () => {
    const p = product({
      productType: 4,
      variantOptionOrdering: ['Amount'],
      variants: [
        variant({ attributes: { Amount: '25' }, sku: 'GC25' }),
        variant({ attributes: { Amount: '50' } }),
      ],
    });
    const { fx } = effects();
    const out = await startAddToCart(request({ product: p, selection: { Amount: '25' } }), fx);
    const url = '/checkout/giftcard?websiteId=site-demo&giftCardProductId=item-1&sku=GC25';
    expect(out).toMatchObject({ status: 'redirected', url });
    expect(fx.navigate).toHaveBeenCalledWith(url, { top: true });
    expect(fx.addEntry).not.toHaveBeenCalled();
  });

  it('a server failure carries the server message as API_FAILURE', async () => {
    const { fx } = effects({
      addEntry: async () => Promise.reject(new Error('Please try again in a few seconds.')),
    });
    expect(await startAddToCart(request(), fx)).toEqual({
      status: 'failed',
      kind: 'API_FAILURE',
      message: 'Please try again in a few seconds.',
    });
  });

  it('express checkout adds, then goes to /commerce/goto-checkout when a cart cookie exists', async () => {
    const { fx, calls } = effects();
    const out = await startAddToCart(request({ expressCheckout: true }), fx);
    expect(out).toMatchObject({ status: 'redirected', url: '/commerce/goto-checkout' });
    expect(calls).toEqual(['add', 'go /commerce/goto-checkout']);
  });

  it('express checkout without a cart cookie fails with the session message', async () => {
    const { fx } = effects({ hasCartCookie: () => false });
    expect(await startAddToCart(request({ expressCheckout: true }), fx)).toEqual({
      status: 'failed',
      kind: 'EXPRESS_CHECKOUT_FAILURE',
      message:
        'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',
    });
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('a single-variant product needs no selection', async () => {
    const out = await startAddToCart(request({ product: product(), selection: {} }), effects().fx);
    expect(out.status).toBe('added');
  });
});
