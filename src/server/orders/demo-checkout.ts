import type { CheckoutSettings } from '../../shared/checkout/settings.js';
import type { Db } from '../db/database.js';
import { findSiteById } from '../sites/site-queries.js';
import { saveCheckoutSettings } from './checkout-settings.js';

/** The main demo (USD): ships to the US and Canada, US sales tax by state, Canadian GST. */
export const DEMO_US_CHECKOUT: CheckoutSettings = {
  shipsTo: ['US', 'CA'],
  shippingOptions: [
    {
      id: 'standard',
      name: 'Standard (5–7 business days)',
      kind: 'free_over',
      description: 'Free on orders of $75 or more.',
      countries: [],
      amount: 800,
      freeOver: 7500,
    },
    {
      id: 'express',
      name: 'Express (2 business days)',
      kind: 'price_tiers',
      description: '',
      countries: ['US'],
      amount: 0,
      tiers: [
        { upTo: 5000, amount: 1800 },
        { upTo: null, amount: 2500 },
      ],
    },
    {
      id: 'pickup',
      name: 'Local pickup',
      kind: 'pickup',
      description: 'Pick up at 12 Harbor St, Brooklyn, NY — Tue–Sat, 10am–6pm.',
      countries: ['US'],
      amount: 0,
    },
  ],
  taxRules: [
    {
      id: 'ny',
      name: 'NY sales tax',
      country: 'US',
      region: 'NY',
      rate: 8.875,
      appliesToShipping: true,
    },
    {
      id: 'ca-state',
      name: 'CA sales tax',
      country: 'US',
      region: 'CA',
      rate: 7.25,
      appliesToShipping: false,
    },
    { id: 'ca-gst', name: 'GST', country: 'CA', region: '', rate: 5, appliesToShipping: true },
  ],
  pricesIncludeTax: false,
  payments: {
    test: { enabled: true },
    manual: {
      enabled: true,
      label: 'Bank transfer',
      instructions:
        'Transfer the total to Demo Store, IBAN US00 DEMO 0000 0000 0000 with your order number as the reference. We ship once it arrives.',
    },
    stripe: { enabled: false },
  },
  testMode: true,
};

/** The Japanese demo (JPY, prices include 10% consumption tax). */
export const DEMO_JP_CHECKOUT: CheckoutSettings = {
  shipsTo: ['JP'],
  shippingOptions: [
    {
      id: 'yupack',
      name: 'ゆうパック',
      kind: 'free_over',
      description: '10,000円以上のご注文で送料無料',
      countries: [],
      amount: 800,
      freeOver: 10000,
    },
    {
      id: 'store-pickup',
      name: '店頭受け取り',
      kind: 'pickup',
      description: '東京都渋谷区神南1-1-1（11:00〜19:00）',
      countries: ['JP'],
      amount: 0,
    },
  ],
  taxRules: [
    { id: 'jp-ct', name: '消費税', country: 'JP', region: '', rate: 10, appliesToShipping: true },
  ],
  pricesIncludeTax: true,
  payments: {
    test: { enabled: true },
    manual: {
      enabled: true,
      label: '銀行振込',
      instructions:
        'ご注文後7日以内に、注文番号をご依頼人名に添えて下記口座へお振り込みください。デモ銀行 本店 普通 1234567',
    },
    stripe: { enabled: false },
  },
  testMode: true,
};

/** Checkout settings of both demo websites. */
export async function seedDemoCheckout(ctx: { db: Db; say: (m: string) => void }): Promise<void> {
  const now = new Date();
  for (const [id, settings] of [
    ['site-demo', DEMO_US_CHECKOUT],
    ['site-jp', DEMO_JP_CHECKOUT],
  ] as const) {
    if (!(await findSiteById(ctx.db, id))) continue;
    await saveCheckoutSettings(ctx.db, id, settings, now);
  }
  ctx.say('checkout: shipping, tax and test payments set up on the demo websites');
}
