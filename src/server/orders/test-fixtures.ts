/** Test-only checkout settings and order requests for the orders suites. */
import type { PlaceOrderRequest } from '../../shared/checkout/api.js';
import { defaultCheckoutSettings, type CheckoutSettings } from '../../shared/checkout/settings.js';

export const SHOP_SETTINGS: CheckoutSettings = {
  ...defaultCheckoutSettings(),
  shipsTo: ['US', 'CA', 'AU'],
  shippingOptions: [
    {
      id: 'std',
      name: 'Standard',
      kind: 'free_over',
      description: '',
      countries: [],
      amount: 800,
      freeOver: 10000,
    },
    {
      id: 'pickup',
      name: 'Pickup',
      kind: 'pickup',
      description: 'Main St',
      countries: ['US'],
      amount: 0,
    },
  ],
  taxRules: [
    { id: 'ny', name: 'NY tax', country: 'US', region: 'NY', rate: 8.875, appliesToShipping: true },
  ],
  payments: {
    test: { enabled: true },
    manual: { enabled: true, label: 'Bank transfer', instructions: 'Pay to IBAN <X> & "Y".' },
    stripe: { enabled: false },
  },
};

export const NY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Main St',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'US',
  phone: '555-0100',
};

export function placeBody(over: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    email: 'ada@example.com',
    shippingAddress: NY,
    shippingOptionId: 'std',
    payment: { provider: 'test', token: 'tok_visa' },
    ...over,
  };
}
