import { describe, expect, it } from 'vitest';
import { cldrFor } from './cldr.js';
import { imgTag, type IslandRenderer } from './formatters.js';
import { createCompiler } from './render-page.js';
import type { ProductJson, VariantJson } from '../../shared/product/types.js';
import { registerAllLanguages } from '../../shared/i18n/all-languages.js';
import { localizedStrings } from './context/site-context.js';

const islands: IslandRenderer = {
  isIsland: (n) => n === 'product-form',
  render: (name, props, hydrate) =>
    `<island ${name} ${hydrate ?? 'idle'} ${JSON.stringify(props)}>`,
};
const compiler = createCompiler(islands);

function run(template: string, json: unknown, locale = 'en-US'): string {
  const { code, errors } = compiler.parse(template);
  expect(errors).toEqual([]);
  const r = compiler.execute({ code, json, cldr: cldrFor(locale) as never });
  expect(r.errors).toEqual([]);
  return r.ctx.render();
}

const image = {
  assetUrl: '/static/images/a1',
  originalSize: '800x600',
  altText: 'A "quoted" mug',
  mediaFocalPoint: { x: 0.25, y: 0.5 },
};

describe('img', () => {
  it('writes srcset of the SPEC 9.2 widths up to the original, sizes, width/height and lazy', () => {
    const html = imgTag(image, ['grid']);
    expect(html).toContain(
      'srcset="/static/images/a1/100w.webp 100w, /static/images/a1/300w.webp 300w, /static/images/a1/500w.webp 500w, /static/images/a1/750w.webp 750w"',
    );
    expect(html).toContain('width="800" height="600"');
    expect(html).toContain('alt="A &quot;quoted&quot; mug"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('sizes="(min-width: 64rem) 25vw, (min-width: 40rem) 33vw, 50vw"');
    expect(html).toContain('object-position:25% 50%');
    expect(html).not.toContain('fetchpriority');
  });

  it('picks the src by SPEC 9.2 thumbnail bucket of the slot, and caps thumbnail srcsets at 1500w (issue 14)', () => {
    const big = { ...image, originalSize: '2500x2500' };
    const src = (args: string[]) => /src="([^"]+)"/.exec(imgTag(big, args))?.[1];
    const set = (args: string[]) => /srcset="([^"]+)"/.exec(imgTag(big, args))?.[1];
    // grid: a column is at most ~340 px → 500w; thumb: 6rem → 100w; content: 48rem → 1000w.
    expect(src(['grid'])).toBe('/static/images/a1/500w.webp');
    expect(src(['thumb'])).toBe('/static/images/a1/100w.webp');
    expect(src(['content'])).toBe('/static/images/a1/1000w.webp');
    expect(src(['half'])).toBe('/static/images/a1/750w.webp');
    expect(src(['full'])).toBe('/static/images/a1/1500w.webp');
    // A custom sizes: its largest fixed slot, not its media conditions (36rem = 576 px → 750w).
    expect(src(['(min-width: 72rem) 36rem, (min-width: 48rem) 50vw, 100vw'])).toBe(
      '/static/images/a1/750w.webp',
    );
    expect(src(['(min-width: 48rem) 40rem, 85vw'])).toBe('/static/images/a1/750w.webp');
    expect(src(['(min-width: 74rem) 70rem, calc(100vw - 2rem)'])).toBe(
      '/static/images/a1/1500w.webp',
    );
    expect(set(['grid'])).not.toContain('2500w');
    expect(set(['thumb'])).toMatch(/1500w\.webp 1500w$/);
    expect(set(['content'])).toMatch(/2500w\.webp 2500w$/);
    // An original smaller than the bucket loads its widest copy.
    expect(/src="([^"]+)"/.exec(imgTag(image, ['full']))?.[1]).toBe('/static/images/a1/750w.webp');
  });

  it('marks the LCP image eager with high priority and takes raw sizes', () => {
    const html = run('{img|img;(min-width: 40rem) 50vw, 100vw;eager;high}', { img: image });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('sizes="(min-width: 40rem) 50vw, 100vw"');
  });

  it('renders nothing for a missing image, and SPEC 8.6 text for a size that is not WxH', () => {
    expect(run('[{img|img}][{img|srcset}][{img|image-url 300}]', {})).toBe('[][][]');
    const message = "Invalid source parameter. Pass in 'originalSize'";
    for (const originalSize of ['big', '800', '0x600', undefined]) {
      const bad = { ...image, originalSize };
      expect(imgTag(bad, [])).toBe(message);
      expect(run('{img|img}|{img|srcset}|{img|image-url 300}', { img: bad })).toBe(
        `${message}|${message}|${message}`,
      );
    }
  });

  it('gives srcset and image-url helpers', () => {
    expect(run('{img|image-url 400}', { img: image })).toBe('/static/images/a1/500w.webp');
    expect(run('{img|srcset jpg}', { img: image })).toContain('/static/images/a1/100w.jpg 100w');
  });
});

describe('site-money', () => {
  it('formats Money JSON and minor units with CLDR in the site locale', () => {
    const json = {
      m: { value: '1234.5', currency: 'USD' },
      cents: 1999,
      websiteSettings: { storeSettings: { currencyCode: 'USD' } },
    };
    expect(run('{m|site-money} {cents|site-money}', json)).toBe('$1,234.50 $19.99');
  });

  it('uses no fraction digits for yen on the Japanese site', () => {
    const json = { cents: 1200, websiteSettings: { storeSettings: { currencyCode: 'JPY' } } };
    expect(run('{cents|site-money}', json, 'ja-JP')).toBe('￥1,200');
  });

  it("keeps SPEC 3.11's 2 digits for COP and IDR (CLDR would round them away)", () => {
    for (const currency of ['COP', 'IDR']) {
      const json = {
        cents: 123456,
        websiteSettings: { storeSettings: { currencyCode: currency } },
      };
      expect(run('{cents|site-money}', json).replace(/\s/g, ' ')).toBe(`${currency} 1,234.56`);
    }
  });
});

const variant = (over: Partial<VariantJson>): VariantJson => ({
  id: 'v',
  sku: 's',
  attributes: {},
  optionValues: [],
  price: 1000,
  salePrice: 0,
  priceMoney: { value: '10.00', currency: 'USD' },
  salePriceMoney: { value: '0.00', currency: 'USD' },
  onSale: false,
  qtyInStock: 1,
  unlimited: false,
  ...over,
});
const product = (variants: VariantJson[], productType = 1): ProductJson => ({
  productType,
  variants,
  variantOptionOrdering: [],
  priceMoney: { value: '10.00', currency: 'USD' },
  salePriceMoney: { value: '0.00', currency: 'USD' },
  onSale: false,
  isSubscribable: false,
  subscriptionPlan: null,
  productSubscriptionOptions: [],
  oneTimePurchaseAllowed: true,
  additionalFieldsFormId: null,
  useCustomAddButtonText: false,
  customAddButtonText: '',
});

describe('status-mark (SPEC 4.7 precedence)', () => {
  const strings = { productSoldOutText: 'sold out', productSaleText: 'sale' };
  it('shows sold out before sale, sale otherwise, and nothing for a plain product', () => {
    const soldOutOnSale = product([variant({ qtyInStock: 0, onSale: true })]);
    const onSale = product([variant({ onSale: true })]);
    const plain = product([variant({})]);
    const t = '{.repeated section items}[{@|status-mark}]{.end}';
    const html = run(t, {
      localizedStrings: strings,
      items: [
        { id: 'a', structuredContent: soldOutOnSale },
        { id: 'b', structuredContent: onSale },
        { id: 'c', structuredContent: plain },
      ],
    });
    expect(html).toBe(
      '[<div class="product-mark sold-out">sold out</div>][<div class="product-mark sale">sale</div>][]',
    );
  });

  it("uses the product's custom sold-out text", () => {
    const html = run('{item|status-mark}', {
      localizedStrings: strings,
      productMerchandisingContext: { a: { customSoldOutText: 'Gone <for now>' } },
      item: { id: 'a', structuredContent: product([variant({ qtyInStock: 0 })]) },
    });
    expect(html).toBe('<div class="product-mark sold-out">Gone &lt;for now&gt;</div>');
  });

  it('gives the add button label', () => {
    const p = { ...product([variant({})]), isSubscribable: true };
    expect(run('{item|add-button-label}', { item: { structuredContent: p } })).toBe('Subscribe');
  });
});

describe('island', () => {
  it('renders registered islands with the node as props and the hydrate hint', () => {
    expect(run('{p|island product-form visible}', { p: { a: 1 } })).toBe(
      '<island product-form visible {"a":1}>',
    );
    expect(run('{.island? product-form}yes{.end}{.island? form-block}{.or}no{.end}', {})).toBe(
      'yesno',
    );
  });

  it('leaves a neutral mount point for islands not registered yet', () => {
    expect(run('{p|island form-block}', { p: {} })).toBe(
      '<div data-island-pending="form-block"></div>',
    );
  });
});

describe('product-price (SPEC 4.7 by the shared rules)', () => {
  const strings = {
    salePriceText: 'Sale Price:',
    originalPriceText: 'Original Price:',
    productPriceFromText: 'from {fromPrice}',
  };
  const price = (p: ProductJson) =>
    run('{item|product-price}', {
      localizedStrings: strings,
      websiteSettings: { storeSettings: { currencyCode: 'USD' } },
      item: { structuredContent: p },
    });
  const usd = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: 'USD' });

  it('never prices a gift card with several denominations "from" (nor on sale)', () => {
    const card = product(
      [
        variant({ price: 2500, priceMoney: usd(2500) }),
        variant({ price: 5000, priceMoney: usd(5000), onSale: true, salePrice: 4000 }),
      ],
      4,
    );
    expect(price(card)).toBe('<div class="product-price">$25.00</div>');
  });

  it('shows "from" the lowest current price when variants differ', () => {
    const p = product([
      variant({ price: 2000, priceMoney: usd(2000) }),
      variant({ price: 1500, priceMoney: usd(1500), onSale: true, salePrice: 1200 }),
    ]);
    expect(price(p)).toBe('<div class="product-price">from $12.00</div>');
  });

  it('shows a sale with hidden labels, and a plain price otherwise', () => {
    const sale = product([variant({ onSale: true, salePrice: 800 })]);
    expect(price(sale)).toBe(
      '<div class="product-price"><span class="visually-hidden v6-visually-hidden">Sale Price:</span>$8.00 ' +
        '<span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">$10.00</span></div>',
    );
    expect(price(product([variant({})]))).toBe('<div class="product-price">$10.00</div>');
    const ebook = {
      ...product([], 2),
      onSale: true,
      priceMoney: usd(900),
      salePriceMoney: usd(500),
    };
    expect(price(ebook)).toContain('$5.00 <span');
  });

  it('keeps the billing period of a subscription', () => {
    const sub = {
      ...product([variant({})]),
      isSubscribable: true,
      subscriptionPlan: {
        billingPeriod: { value: 1, unit: 'MONTH' as const },
        numBillingCycles: 0,
      },
    };
    expect(price(sub)).toContain('every month');
  });

  it("words a subscription in the site's language (the engine's templates from ours)", () => {
    registerAllLanguages();
    const sub = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', numBillingCycles: number) => ({
      ...product([variant({ price: 5850, priceMoney: usd(5850) })]),
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value, unit }, numBillingCycles },
    });
    const html = (p: ProductJson, language: string) =>
      run('{item|product-price}', {
        localizedStrings: localizedStrings(language),
        websiteSettings: { storeSettings: { currencyCode: 'USD' } },
        item: { structuredContent: p },
      });
    const text = (p: ProductJson, language: string) =>
      html(p, language)
        .replace(/<[^>]+>/g, '')
        .trim();
    // (The engine's money here has no symbol: this test's context gives it no currency format.)
    expect(text(sub(3, 'MONTH', 4), 'ja-JP')).toBe('3か月ごとに 58.50（1年間）');
    expect(text(sub(1, 'MONTH', 0), 'ja-JP')).toBe('毎月 58.50');
    expect(text(sub(1, 'WEEK', 10), 'ja-JP')).toBe('毎週 58.50（10週間）');
    expect(text(sub(2, 'YEAR', 1), 'ja-JP')).toBe('2年ごとに 58.50（2年間）');
    // English keeps the engine's own sentences, the same as the islands'.
    expect(text(sub(3, 'MONTH', 4), 'en-US')).toBe('58.50 every 3 months for 1 year');
    expect(text(sub(1, 'WEEK', 10), 'en-US')).toBe('58.50 every week for 10 weeks');
  });
});
