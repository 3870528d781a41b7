import { describe, expect, it } from 'vitest';
import type { QuoteResponse } from '../../../shared/checkout/api.js';
import {
  applyCode,
  dropInvalidCodes,
  nothingToPay,
  cardDigits,
  confirmationUrl,
  defaultCountry,
  emptyDraft,
  fieldErrorsOf,
  firstStepWithError,
  formatCardNumber,
  nextStep,
  placeOrderRequest,
  quoteRequestFor,
  shortLinesOf,
  shortLineText,
  stepsFor,
  testCardToken,
  validateAll,
  validateStep,
  type CheckoutDraft,
} from './checkout-steps.js';

const quote: Pick<QuoteResponse, 'shipsTo' | 'requiresShipping' | 'shippingOptions'> = {
  shipsTo: ['US', 'CA'],
  requiresShipping: true,
  shippingOptions: [{ id: 'flat', name: 'Standard', kind: 'flat', amount: 500, description: '' }],
};

function filled(): CheckoutDraft {
  const d = emptyDraft('US');
  return {
    ...d,
    email: 'ada@example.com',
    shipping: {
      ...d.shipping,
      firstName: 'Ada',
      lastName: 'Lovelace',
      line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
    },
    shippingOptionId: 'flat',
    provider: 'test',
    cardNumber: '4242 4242 4242 4242',
  };
}

describe('checkout steps', () => {
  it('skips address and shipping when the cart needs no shipping', () => {
    expect(stepsFor(true)).toEqual(['contact', 'address', 'delivery', 'payment', 'review']);
    expect(stepsFor(false)).toEqual(['contact', 'payment', 'review']);
    expect(nextStep(stepsFor(false), 'contact')).toBe('payment');
    expect(nextStep(stepsFor(true), 'contact')).toBe('address');
    expect(nextStep(stepsFor(true), 'review')).toBe('review');
  });

  it('checks the email on the contact step', () => {
    const d = filled();
    expect(validateStep('contact', d, quote)).toEqual({});
    expect(validateStep('contact', { ...d, email: '' }, quote)).toEqual({ email: 'Required' });
    expect(validateStep('contact', { ...d, email: 'nope' }, quote)).toEqual({
      email: 'Please enter a valid email',
    });
  });

  it('checks postal codes with SPEC 5.7 messages, per country', () => {
    const d = filled();
    expect(validateStep('address', d, quote)).toEqual({});
    const bad = { ...d, shipping: { ...d.shipping, postalCode: '1234' } };
    expect(validateStep('address', bad, quote)).toEqual({
      'shippingAddress.postalCode': 'ZIP Codes need to be 5 digits.',
    });
    const ca = {
      ...d,
      shipping: { ...d.shipping, country: 'CA', region: 'ON', postalCode: 'D1A 1A1' },
    };
    expect(validateStep('address', ca, quote)['shippingAddress.postalCode']).toBe(
      'An FSA code is invalid.',
    );
    const gb = { ...d, shipping: { ...d.shipping, country: 'GB' } };
    expect(validateStep('address', gb, quote)['shippingAddress.country']).toBe(
      'We do not ship to this country.',
    );
  });

  it('needs a shipping option the quote offers', () => {
    const d = filled();
    expect(validateStep('delivery', d, quote)).toEqual({});
    expect(validateStep('delivery', { ...d, shippingOptionId: 'gone' }, quote)).toHaveProperty(
      'shippingOptionId',
    );
  });

  it('maps the well-known test card numbers to tokens and refuses others', () => {
    expect(testCardToken('4242 4242 4242 4242')).toBe('tok_visa');
    expect(testCardToken('4000-0000-0000-0002')).toBe('tok_chargeDeclined');
    expect(testCardToken('4000000000009995')).toBe('tok_insufficientFunds');
    expect(testCardToken('4111 1111 1111 1111')).toBeNull();
    expect(formatCardNumber('42424242424242421234567')).toBe('4242 4242 4242 4242 123');
    expect(cardDigits('4242 42')).toBe('424242');
    const d = filled();
    expect(validateStep('payment', d, quote)).toEqual({});
    expect(validateStep('payment', { ...d, cardNumber: '' }, quote)).toHaveProperty(
      'payment.token',
    );
    expect(validateStep('payment', { ...d, cardNumber: '4111111111111111' }, quote)).toHaveProperty(
      'payment.token',
    );
    expect(validateStep('payment', { ...d, provider: 'manual', cardNumber: '' }, quote)).toEqual(
      {},
    );
    expect(validateStep('payment', { ...d, provider: null }, quote)).toHaveProperty(
      'payment.provider',
    );
  });

  it('checks a separate billing address only when the shopper gives one', () => {
    const d = { ...filled(), billingSame: false };
    const errors = validateStep('payment', d, quote);
    expect(errors['billingAddress.firstName']).toBe('Required');
    expect(validateStep('payment', { ...d, billingSame: true }, quote)).toEqual({});
  });

  it('finds the first step with an error, in page order', () => {
    const steps = stepsFor(true);
    expect(firstStepWithError(steps, { 'payment.token': 'x', 'shippingAddress.city': 'y' })).toBe(
      'address',
    );
    expect(firstStepWithError(steps, { email: 'x' })).toBe('contact');
    expect(firstStepWithError(steps, {})).toBeNull();
    const all = validateAll(steps, { ...filled(), email: '', cardNumber: '' }, quote);
    expect(Object.keys(all).sort()).toEqual(['email', 'payment.token']);
  });

  it('sends a gift-card-shaped code as a gift card and anything else as the discount code', () => {
    const d = filled();
    expect(applyCode(d, ' welcome10 ')).toEqual({ couponCode: 'welcome10' });
    expect(applyCode(d, '   ')).toBeNull();
    const card = 'ABCD-EFGH-JKLM-NPQR';
    const withCard = { ...d, ...applyCode(d, card) };
    expect(withCard.giftCardCodes).toEqual([card]);
    expect(applyCode(withCard, 'abcd efgh jklm npqr')).toBeNull();
    const both = { ...withCard, couponCode: 'WELCOME10' };
    expect(quoteRequestFor(both, false, false)).toMatchObject({
      couponCode: 'WELCOME10',
      giftCardCodes: [card],
    });
    expect(placeOrderRequest(both, false)).toMatchObject({
      couponCode: 'WELCOME10',
      giftCardCodes: [card],
      payment: { provider: 'test' },
    });
    // Nothing left to pay: no payment is sent, and the payment step asks for nothing.
    expect(placeOrderRequest(both, false, undefined, true)).not.toHaveProperty('payment');
    const totals = {
      currency: 'USD',
      subtotal: 1000,
      shippingTotal: 0,
      taxTotal: 0,
      discountTotal: 0,
      giftCardTotal: 1000,
      grandTotal: 0,
      taxLines: [],
    };
    expect(nothingToPay({ totals })).toBe(true);
    expect(nothingToPay({ totals: { ...totals, giftCardTotal: 0 } })).toBe(false);
    expect(nothingToPay({ totals: { ...totals, grandTotal: 1 } })).toBe(false);
    expect(
      validateStep(
        'payment',
        { ...d, provider: null },
        { ...quote, requiresShipping: false, totals },
      ),
    ).toEqual({});
    // Codes a quote refused leave the draft.
    expect(
      dropInvalidCodes(both, {
        invalidCoupons: [{ code: 'welcome10', reason: 'x' }],
        invalidGiftCards: [{ code: '•••• NPQR', reason: 'y' }],
      }),
    ).toMatchObject({ couponCode: '', giftCardCodes: [] });
    expect(dropInvalidCodes(both, { invalidCoupons: [], invalidGiftCards: [] })).toBe(both);
  });

  it('builds the quote and the order bodies', () => {
    const d = filled();
    // The email goes once it looks like one (a code once per email is checked against it).
    expect(quoteRequestFor(d, false, false)).toEqual({ email: 'ada@example.com' });
    expect(quoteRequestFor({ ...d, email: 'ada@' }, false, false)).toEqual({});
    expect(quoteRequestFor(d, true, false)).toEqual({
      email: 'ada@example.com',
      shippingAddress: { country: 'US' },
      shippingOptionId: 'flat',
    });
    expect(quoteRequestFor(d, true, true).shippingAddress).toMatchObject({
      city: 'Springfield',
      postalCode: '62701',
    });
    const body = placeOrderRequest({ ...d, email: ' ada@example.com ' }, true);
    expect(body).toEqual({
      email: 'ada@example.com',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        line1: '1 Main St',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
      },
      shippingOptionId: 'flat',
      payment: { provider: 'test', token: 'tok_visa' },
    });
    // Nothing to ship: the email and the payment are all that is asked for and sent, whatever
    // an address draft holds.
    const digital = { ...d, billingSame: false, billing: { ...d.shipping, city: '' } };
    expect(placeOrderRequest(digital, false)).toEqual({
      email: 'ada@example.com',
      payment: { provider: 'test', token: 'tok_visa' },
    });
    expect(validateStep('payment', digital, { ...quote, requiresShipping: false })).toEqual({});
    expect(placeOrderRequest({ ...d, provider: 'stripe' }, true, 'pi_123').payment).toEqual({
      provider: 'stripe',
      token: 'pi_123',
    });
    const other = placeOrderRequest(
      {
        ...d,
        billingSame: false,
        billing: { ...d.shipping, firstName: 'Bob' },
        provider: 'manual',
      },
      true,
    );
    expect(other.billingAddress?.firstName).toBe('Bob');
    expect(other.payment).toEqual({ provider: 'manual' });
  });

  it('reads the server error details', () => {
    expect(
      fieldErrorsOf({
        error: { code: 'CHECKOUT_FIELDS_INVALID', fieldErrors: { email: 'Required', n: 3 } },
      }),
    ).toEqual({ email: 'Required' });
    expect(fieldErrorsOf('oops')).toEqual({});
    const lines = shortLinesOf({
      error: {
        lines: [{ variantId: 'v', sku: 'MUG-S', title: 'Mug', requested: 3, available: 1 }, null],
      },
    });
    expect(lines.map((l) => shortLineText(l))).toEqual(['Mug (MUG-S): only 1 left']);
    expect(shortLineText({ title: 'Mug', sku: '', available: 0 })).toBe('Mug: sold out');
    expect(defaultCountry(['CA', 'US'])).toBe('US');
    expect(defaultCountry(['GB'])).toBe('GB');
    expect(defaultCountry([])).toBe('US');
    expect(confirmationUrl({ id: 'o 1', statusUrl: '/orders/status/abc.def' })).toBe(
      '/checkout/order-confirmed/o%201?t=abc.def',
    );
    expect(confirmationUrl({ id: 'o1', statusUrl: '/elsewhere' })).toBe('/elsewhere');
    expect(
      confirmationUrl({ id: 'o1', statusUrl: '/orders/status/x', confirmationUrl: '/c?t=y' }),
    ).toBe('/c?t=y');
  });
});
