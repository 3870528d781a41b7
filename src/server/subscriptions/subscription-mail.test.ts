import { describe, expect, it } from 'vitest';
import { subscriptionMail } from './subscription-mail.js';
import { subscriptionIdFromToken } from './manage-token.js';
import type { SubscriptionRow } from './subscription-json.js';

const SECRET = 'test-secret';
const row = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id: 'sub_1',
  site_id: 'site-a',
  email: 'a@example.com',
  language: 'en',
  item_id: 'coffee',
  variant_id: 'v',
  sku: 'C',
  title: 'Coffee <Club>',
  attributes: {},
  product_type: 1,
  quantity: 1,
  unit_price: 2000,
  currency: 'USD',
  period_value: 2,
  period_unit: 'WEEK',
  num_billing_cycles: 26,
  status: 'past_due',
  cycles_charged: 1,
  anchor_on: '2027-01-01',
  periods: 1,
  next_charge_on: '2027-01-15',
  payment_provider: 'test',
  payment_token: 'tok_visa',
  payment_customer: '',
  shipping_address: null,
  billing_address: null,
  shipping_option_id: null,
  additional_fields: null,
  failed_attempts: 1,
  next_retry_at: new Date(Date.UTC(2027, 0, 16)),
  claimed_until: null,
  first_order_id: null,
  created: new Date(),
  updated: new Date(),
  ...over,
});

describe('subscription mail', () => {
  it('carries the plan phrase, the retry date and a working signed manage link', () => {
    const site = { id: 'site-a', title: 'Shop', language: 'en-US' };
    const m = subscriptionMail(SECRET, site, row(), 'payment-failed', 'https://shop.test');
    expect(m.subject).toBe('Payment failed for your Shop subscription: Coffee <Club>');
    expect(m.text).toContain('$20.00 every 2 weeks for 1 year');
    expect(m.text).toContain('Next try: 2027-01-16');
    expect(m.html).toContain('Coffee &lt;Club&gt;');
    expect(m.html).not.toContain('Coffee <Club>');
    const link = /https:\/\/shop\.test\/subscriptions\/manage\/(\S+)/.exec(m.text)?.[1];
    expect(link && subscriptionIdFromToken(SECRET, 'site-a', link)).toBe('sub_1');
    // Bound to its website and the server secret.
    expect(link && subscriptionIdFromToken(SECRET, 'site-b', link)).toBeUndefined();
    expect(link && subscriptionIdFromToken('other', 'site-a', link)).toBeUndefined();
  });

  it('is written in Japanese for a Japanese website', () => {
    const site = { id: 'site-a', title: '茶屋', language: 'ja-JP' };
    const m = subscriptionMail(
      SECRET,
      site,
      row({ status: 'cancelled' }),
      'cancelled',
      'https://x',
    );
    expect(m.subject).toBe('【茶屋】定期購入を解約しました（Coffee <Club>）');
    expect(m.text).toContain('定期購入の管理');
    expect(m.language).toBe('ja-JP');
  });
});
