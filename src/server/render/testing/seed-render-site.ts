import type { Db } from '../../db/database.js';
import type { SiteSettings } from '../../sites/tables.js';
import type { MerchandisingSettings } from '../../catalog/tables.js';

const j = (v: unknown) => JSON.stringify(v) as never;

export function siteSettings(currency: string, timeZone: string): SiteSettings {
  return {
    websiteSettings: {
      timeZone,
      commentsEnabled: true,
      simpleLikingEnabled: true,
      shareButtonOptions: {},
      storeSettings: {
        multipleQuantityAllowedForServices: true,
        minimumOrderSubtotalCents: 2500,
        currencyCode: currency,
      },
      captchaSettings: {
        provider: 'recaptcha',
        siteKey: 'site-key-public',
        secretKey: 'TOP-SECRET',
      },
    },
    navigation: [],
  };
}

export const MERCH: MerchandisingSettings = {
  restockNotificationViews: [],
  restockNotificationMessages: {
    buttonText: 'Notify me',
    CTAText: 'Get notified',
    placeholderText: 'Email',
    mailingListDescription: '',
  },
  mailingListSignUpEnabled: false,
  mailingListOptInByDefault: false,
  scarcityEnabled: false,
  scarcityTemplateViews: [],
  scarcityText: 'Only {quantity} left',
  scarcityShownByDefault: false,
  customSoldOutText: '',
};

/**
 * A small website for rendering tests: a home page with blocks (two product blocks, one set to
 * Express Checkout), a shop with three products (on sale with several prices, sold out, plain;
 * the first offers the other two as add-ons), a blog with tagged posts, events and a gallery.
 */
export async function seedRenderSite(
  db: Db,
  opts: {
    id?: string;
    slug?: string;
    language?: string;
    currency?: string;
    timeZone?: string;
  } = {},
): Promise<{ siteId: string }> {
  const siteId = opts.id ?? 'site-r';
  const currency = opts.currency ?? 'USD';
  const p = (s: string) => `${siteId}-${s}`;
  await db
    .insertInto('sites')
    .values({
      id: siteId,
      slug: opts.slug ?? 'demo',
      domain: null,
      title: 'Render Shop',
      language: opts.language ?? 'en-US',
      currency,
      settings: j(siteSettings(currency, opts.timeZone ?? 'America/New_York')),
    })
    .execute();
  await db
    .insertInto('assets')
    .values(
      [1, 2, 3].map((n) => ({
        id: p(`img${n}`),
        site_id: siteId,
        filename: `img${n}.jpg`,
        content_type: 'image/jpeg',
        width: 1200,
        height: 800,
        alt_text: n === 1 ? 'A blue mug' : '',
        body: n === 2 ? '<p>Second <b>image</b> body</p>' : '',
        widths: j([100, 300, 500, 750, 1000]),
      })),
    )
    .execute();
  const col = (
    id: string,
    url_id: string,
    kind: string,
    type: number,
    nav_index: number | null,
    blocks: object[] = [],
  ) => ({
    id: p(id),
    site_id: siteId,
    url_id,
    title: id[0]!.toUpperCase() + id.slice(1),
    type,
    kind,
    nav_index,
    sections: j(blocks.length ? [{ id: 's1', layout: 'default', tone: 'light', blocks }] : []),
    nav_visible: nav_index !== null,
    settings: j({}),
  });
  await db
    .insertInto('collections')
    .values([
      col('home', '', 'page', 10, 0, [
        { id: 'b1', type: 2, html: '<p>Welcome to <em>our</em> shop.</p>' },
        { id: 'b2', type: 5, assetId: p('img1'), caption: 'Our mug' },
        { id: 'b3', type: 44, collectionId: p('shop'), limit: 2, title: 'Featured' },
        { id: 'b4', type: 9, formId: 'form-contact' },
        { id: 'b5', type: 43, itemId: p('blue-mug') },
        { id: 'b6', type: 43, itemId: p('green-mug'), expressCheckout: true },
      ]),
      col('shop', 'shop', 'products', 13, 1),
      col('blog', 'blog', 'blog', 1, 2),
      col('events', 'events', 'events', 1, 3),
      col('gallery', 'gallery', 'gallery', 15, 4),
    ])
    .execute();
  const item = (
    id: string,
    collection: string,
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> => ({
    id: p(id),
    site_id: siteId,
    collection_id: p(collection),
    url_id: id,
    title: id.replace(/-/g, ' '),
    record_type: collection === 'shop' ? 11 : collection === 'events' ? 12 : 1,
    body: `<p>Body of ${id}</p>`,
    excerpt: `<p>Excerpt of ${id}</p>`,
    position: 0,
    published_on: new Date('2026-01-10T12:00:00Z'),
    ...extra,
  });
  await db
    .insertInto('items')
    .values([
      item('blue-mug', 'shop', {
        main_image_id: p('img1'),
        asset_ids: j([p('img2')]),
        position: 1,
      }),
      item('red-mug', 'shop', { main_image_id: p('img2'), position: 2 }),
      item('green-mug', 'shop', { position: 3 }),
      item('first-post', 'blog', {
        tags: j(['news', 'mugs']),
        categories: j(['Updates']),
        author: j({ displayName: 'Ann Author' }),
        public_comment_count: 2,
        comment_state: 1,
        like_count: 1,
        published_on: new Date('2026-01-05T12:00:00Z'),
      }),
      item('second-post', 'blog', {
        tags: j(['news']),
        comment_state: 1,
        published_on: new Date('2026-01-06T12:00:00Z'),
      }),
      item('launch-party', 'events', {
        start_date: Date.UTC(2026, 2, 1, 23, 30),
        end_date: Date.UTC(2026, 2, 2, 2, 0),
        location: j({ addressTitle: 'The Hall', addressLine1: '1 Main St' }),
      }),
      item('photo-one', 'gallery', { main_image_id: p('img3'), record_type: 2 }),
    ] as never)
    .execute();
  const product = (itemId: string, related: string[] = [], addOns: string[] = []) => ({
    item_id: p(itemId),
    site_id: siteId,
    product_type: 1,
    price_cents: 0,
    sale_price_cents: 0,
    on_sale: false,
    is_subscribable: false,
    subscription_plan: null as never,
    product_subscription_options: j([]),
    one_time_purchase_allowed: true,
    additional_fields_form_id: null,
    use_custom_add_button_text: false,
    custom_add_button_text: '',
    variant_option_ordering: j([]),
    merchandising: j(MERCH),
    installment: j({
      afterPayAvailable: false,
      afterPayMinCents: 0,
      afterPayMaxCents: 0,
      country: 'US',
    }),
    related_item_ids: j(related.map(p)),
    add_on_item_ids: j(addOns.map(p)),
  });
  await db
    .insertInto('products')
    .values([
      // Add-ons: a plain and a sold-out product, a blog post (not a product: left out) and the
      // mug itself (never its own add-on).
      product(
        'blue-mug',
        ['red-mug', 'green-mug'],
        ['green-mug', 'red-mug', 'first-post', 'blue-mug'],
      ),
      product('red-mug'),
      product('green-mug'),
    ])
    .execute();
  const variant = (
    id: string,
    itemId: string,
    price: number,
    extra: Record<string, unknown> = {},
  ) => ({
    id: p(id),
    site_id: siteId,
    item_id: p(itemId),
    sku: p(id),
    price_cents: price,
    sale_price_cents: 0,
    on_sale: false,
    position: 0,
    qty_in_stock: 5,
    unlimited: false,
    attributes: j({}),
    ...extra,
  });
  await db
    .insertInto('variants')
    .values([
      variant('blue-s', 'blue-mug', 1200, { on_sale: true, sale_price_cents: 1000, position: 0 }),
      variant('blue-l', 'blue-mug', 1500, { position: 1 }),
      variant('red-1', 'red-mug', 1800, { qty_in_stock: 0 }),
      variant('green-1', 'green-mug', 2000, { unlimited: true }),
    ])
    .execute();
  return { siteId };
}
