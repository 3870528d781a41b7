/** Test-only rows for the cart and checkout suites (a shop on two websites). */
import crypto from 'node:crypto';
import { newCartId } from './cart-cookie.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { insertProduct, type NewProduct } from '../catalog/insert-product.js';
import { ProductType, RecordType } from '../../shared/enums.js';
import { Visitor } from '../testing/test-app.js';
import { saveForm } from '../forms/form-queries.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import type { AddLineInput } from './add-line.js';
import { liveAfter } from './idempotency.js';

export const SITE_A = 'site-a';
export const SITE_B = 'site-b';
export const HOST_A = 'localhost';
export const HOST_B = 'other.localhost';

async function addSite(h: DatabaseHandle, id: string, slug: string, servicesMulti: boolean) {
  await insertTestSite(h.db, {
    id,
    slug,
    title: slug === 'demo' ? 'Shop <A>' : 'Shop B',
    store: {
      multipleQuantityAllowedForServices: servicesMulti,
      minimumOrderSubtotalCents: servicesMulti ? 0 : 100_000,
    },
    shop: true,
  });
}

async function addProduct(
  h: DatabaseHandle,
  title: string,
  p: Omit<NewProduct, 'siteId'> & { siteId?: string },
) {
  const siteId = p.siteId ?? SITE_A;
  await h.db
    .insertInto('items')
    .values({
      id: p.itemId,
      site_id: siteId,
      collection_id: `${siteId}-shop`,
      url_id: p.itemId,
      title,
      record_type: RecordType.STORE_ITEM,
      author: null,
      tags: '[]',
      categories: '[]',
      published_on: new Date('2026-01-01T00:00:00Z'),
      start_date: null,
      end_date: null,
      location: null,
      main_image_id: null,
      asset_ids: '[]',
      position: 0,
      data: '{}',
    } as never)
    .execute();
  await insertProduct(h.db, { ...p, siteId });
}

/**
 * Site A (localhost, several service units allowed) and site B (other.localhost, one unit per
 * service, a $1,000 minimum order) with one product of every kind the cart treats differently.
 */
export async function seedShop(h: DatabaseHandle): Promise<void> {
  await addSite(h, SITE_A, 'demo', true);
  await addSite(h, SITE_B, 'other', false);
  await addProduct(h, 'Mug', {
    itemId: 'mug',
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ['Size'],
    variants: [
      { id: 'v-mug-s', sku: 'MUG-S', attributes: { Size: 'S' }, priceCents: 1250, qtyInStock: 5 },
      {
        id: 'v-mug-m',
        sku: 'MUG-M',
        attributes: { Size: 'M' },
        priceCents: 1500,
        salePriceCents: 1200,
        onSale: true,
        qtyInStock: 1,
      },
      { id: 'v-mug-l', sku: 'MUG-L', attributes: { Size: 'L' }, priceCents: 1800, qtyInStock: 0 },
    ],
  });
  await addProduct(h, 'Tee', {
    itemId: 'tee',
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      {
        id: 'v-tee-s-red',
        sku: 'TEE-S-RED',
        attributes: { Size: 'S', Color: 'Red' },
        priceCents: 2000,
        qtyInStock: 100,
      },
      {
        id: 'v-tee-m-blue',
        sku: 'TEE-M-BLUE',
        attributes: { Size: 'M', Color: 'Blue' },
        priceCents: 2000,
        qtyInStock: 100,
      },
    ],
  });
  await addProduct(h, 'Poster', {
    itemId: 'poster',
    productType: ProductType.PHYSICAL,
    variants: [{ id: 'v-poster', sku: 'POSTER', priceCents: 800, unlimited: true }],
  });
  await addProduct(h, 'E-book', {
    itemId: 'ebook',
    productType: ProductType.DIGITAL,
    priceCents: 900,
    variants: [],
  });
  await addProduct(h, 'Gift Card', {
    itemId: 'gift',
    productType: ProductType.GIFT_CARD,
    variantOptionOrdering: ['Amount'],
    variants: [
      { id: 'v-gift-25', sku: 'GIFT-25', attributes: { Amount: '$25' }, priceCents: 2500 },
      { id: 'v-gift-50', sku: 'GIFT-50', attributes: { Amount: '$50' }, priceCents: 5000 },
    ],
  });
  await addProduct(h, 'Lesson', {
    itemId: 'lesson',
    productType: ProductType.SERVICE,
    variants: [{ id: 'v-lesson', sku: 'LESSON', priceCents: 5000, unlimited: true }],
  });
  await addProduct(h, 'Coffee <Club>', {
    itemId: 'coffee',
    productType: ProductType.PHYSICAL,
    isSubscribable: true,
    oneTimePurchaseAllowed: false,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    productSubscriptionOptions: [
      {
        id: 'opt-3m',
        billingPeriod: { value: 1, unit: 'MONTH' },
        numBillingCycles: 12,
        discountPercent: 10,
      },
    ],
    variants: [{ id: 'v-coffee', sku: 'COFFEE', priceCents: 2000, qtyInStock: 3 }],
  });
  await addProduct(h, 'Engraved Pen', {
    itemId: 'pen',
    productType: ProductType.PHYSICAL,
    additionalFieldsFormId: 'form-product-custom',
    variants: [{ id: 'v-pen', sku: 'PEN', priceCents: 3000, qtyInStock: 50 }],
  });
  await saveForm(h.db, SITE_A, {
    id: 'form-card-note',
    name: 'Card note',
    kind: 'product',
    fields: [
      { id: 'note', type: 'text', label: 'Note', required: true, maxLength: 20 },
      { id: 'wrap', type: 'select', label: 'Wrap', options: ['Yes', 'No'] },
    ],
  });
  await addProduct(h, 'Greeting Card', {
    itemId: 'card',
    productType: ProductType.PHYSICAL,
    additionalFieldsFormId: 'form-card-note',
    variants: [{ id: 'v-card', sku: 'CARD', priceCents: 500, unlimited: true }],
  });
  await addProduct(h, '<b>Bold</b> & "Quoted"', {
    itemId: 'xss',
    productType: ProductType.PHYSICAL,
    variants: [{ id: 'v-xss', sku: 'XSS', priceCents: 100, unlimited: true }],
  });
  await addProduct(h, 'Other Mug', {
    itemId: 'other-mug',
    siteId: SITE_B,
    productType: ProductType.PHYSICAL,
    variants: [{ id: 'v-other', sku: 'OTHER', priceCents: 999, unlimited: true }],
  });
  await addProduct(h, 'Other Lesson', {
    itemId: 'other-lesson',
    siteId: SITE_B,
    productType: ProductType.SERVICE,
    variants: [{ id: 'v-other-lesson', sku: 'OTHER-LESSON', priceCents: 4000, unlimited: true }],
  });
  await addProduct(h, 'Weekly Class', {
    itemId: 'other-class',
    siteId: SITE_B,
    productType: ProductType.SERVICE,
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'WEEK' }, numBillingCycles: 0 },
    variants: [{ id: 'v-other-class', sku: 'OTHER-CLASS', priceCents: 3000, unlimited: true }],
  });
}

let nextAddress = 1;

/**
 * A browser with its own client address (X-Forwarded-For; the app trusts the proxy), so the
 * per-address rate limit of cookieless requests never couples one test to another.
 */
export class Shopper extends Visitor {
  readonly address = `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  constructor(app: FastifyInstance, host = HOST_A) {
    super(app, host);
  }
  override request(opts: InjectOptions & { crumb?: boolean }): Promise<LightMyRequestResponse> {
    return super.request({
      ...opts,
      headers: { 'x-forwarded-for': this.address, ...(opts.headers as Record<string, string>) },
    });
  }
  add(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return this.post('/api/commerce/shopping-cart/entries', body, headers);
  }
}

/** A `cart_add_entry` input: one poster (unlimited stock) for a new cart unless `over` says otherwise. */
export const posterLine = (over: Partial<AddLineInput> = {}): AddLineInput => ({
  siteId: SITE_A,
  cartId: undefined,
  newCartId: newCartId(),
  now: new Date(),
  entryId: crypto.randomUUID(),
  itemId: 'poster',
  variantId: 'v-poster',
  sku: 'POSTER',
  quantity: 1,
  additionalFields: null,
  additionalFieldAnswers: null,
  additionalFieldsKey: '',
  unitPriceCents: 800,
  title: 'Poster',
  attributes: {},
  productType: ProductType.PHYSICAL,
  maxHeld: null,
  maxLine: 9999,
  currency: 'USD',
  claim: undefined,
  liveAfter: liveAfter(Date.now()),
  ...over,
});
