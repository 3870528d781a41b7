import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import type { AdjustmentCart } from '../orders/adjustments.js';
import type { DiscountRow } from './discount-rows.js';
import { resolveDiscounts } from './resolver.js';

/**
 * An automatic discount without a title is labelled in the website's language. Without a code,
 * an email or a usage limit the resolver asks the database nothing, so none is given.
 */
const NO_DB = null as unknown as Db;

function row(over: Partial<DiscountRow>): DiscountRow {
  return {
    id: 'd1',
    site_id: 's',
    code: null,
    title: '',
    kind: 'percentage',
    value: 10,
    minimum_subtotal: 0,
    starts_at: null,
    ends_at: null,
    usage_limit: null,
    times_used: 0,
    once_per_email: false,
    product_ids: [],
    enabled: true,
    created: new Date(0),
    updated: new Date(0),
    ...over,
  };
}

function cart(currency: string, language: string): AdjustmentCart {
  return {
    siteId: 's',
    contentVersion: 1,
    currency,
    language,
    now: Date.now(),
    email: undefined,
    lines: [{ itemId: 'i', variantId: 'v', productType: 1, unitPrice: 5000, quantity: 1 }],
    subtotal: 5000,
  };
}

async function labels(rows: DiscountRow[], currency: string, language: string) {
  const r = await resolveDiscounts(NO_DB, cart(currency, language), undefined, () =>
    Promise.resolve(rows),
  );
  return r.lines.map((l) => l.label);
}

describe('automatic discount labels', () => {
  const pct = row({ id: 'pct', kind: 'percentage', value: 10 });
  const ship = row({ id: 'ship', kind: 'free-shipping', value: 0 });

  it('are SPEC English on an English site', async () => {
    expect(await labels([pct, ship], 'USD', 'en-US')).toEqual(['10% off', 'Free shipping']);
    const fixed = row({ id: 'fixed', kind: 'fixed', value: 500 });
    expect(await labels([fixed], 'USD', 'en-US')).toEqual(['$5.00 off']);
  });

  it('are Japanese on a Japanese site', async () => {
    expect(await labels([pct, ship], 'JPY', 'ja-JP')).toEqual(['10%オフ', '送料無料']);
    const fixed = row({ id: 'fixed', kind: 'fixed', value: 500 });
    expect(await labels([fixed], 'JPY', 'ja-JP')).toEqual(['￥500オフ']);
  });

  it("keep the owner's title in any language", async () => {
    expect(await labels([row({ title: '春のセール' })], 'JPY', 'ja-JP')).toEqual(['春のセール']);
  });
});
