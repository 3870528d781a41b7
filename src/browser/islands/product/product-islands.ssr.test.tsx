import { registerAllLanguages } from '../../../shared/i18n/all-languages.js';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  item,
  merchandising,
  product,
  shirt,
  store,
  variant,
} from '../../../shared/cart/testing/product-fixtures.js';
import { swatchColours } from '../../../shared/product/colour-names.js';
import { isColourOption } from '../../../shared/product/option-display.js';
import { orderedOptions } from '../../../shared/product/rules.js';
import type { ProductIslandProps } from './island-props.js';
import RestockForm from '../restock/restock-form.js';
import { VariantSelectors } from './variant-selectors.js';
// The server's island list: importing it hands the restock slot its component, as on the server.
import '../ssr-components.js';
import GridAddButton from './grid-add-button.js';
import ProductBlock, { prepare as prepareBlock } from './product-block.js';
import ProductFormIsland, { prepare as prepareForm } from './product-form.js';
import QuickView from './quick-view.js';

// What the server does at start, and a ja page's loader before hydrating (text-packs.ts).
registerAllLanguages();

function props(over: Partial<ProductIslandProps> = {}): ProductIslandProps {
  return {
    item: item(shirt()),
    merchandising: merchandising(),
    store,
    locale: 'en-US',
    pageType: 'pdp',
    captcha: { provider: 'altcha' },
    ...over,
  };
}

/** Text content without tags, for assertions about what a reader sees. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('product-form SSR (runs in node, no DOM)', () => {
  it('renders few-valued options as radio groups in variantOptionOrdering order, the quantity and the button', () => {
    // The server sends the colour options' swatches (products-json: swatchColours).
    const swatches = swatchColours(orderedOptions(shirt()), isColourOption);
    expect(swatches).toEqual({ Red: '#c62f2f', Blue: '#2f62c4' });
    const html = renderToString(<ProductFormIsland {...props({ swatches })} />);
    const groups = [...html.matchAll(/<fieldset[^>]*data-variant-option-name="([^"]+)"/g)];
    expect(groups.map((m) => m[1])).toEqual(['Size', 'Color']);
    // Size: buttons; Color (Red, Blue): swatches, their names spoken but not drawn.
    expect(html).toMatch(/pi-option-buttons[^>]*data-variant-option-name="Size"/);
    expect(html).toMatch(/pi-option-swatches[^>]*data-variant-option-name="Color"/);
    expect(html).toMatch(/type="radio"[^>]*value="S"/);
    expect(html).toContain('background:#c62f2f');
    // Blue exists only as M, which is sold out: crossed out, yet a radio like the others.
    expect(html).toMatch(/data-availability="sold-out"[^>]*title="Blue"/);
    expect(text(html)).toContain('Blue , sold out');
    expect(html).not.toContain('checked=""');
    expect(html).not.toContain('<select');
    expect(html).toMatch(/type="number"[^>]*min="1"[^>]*max="9999"[^>]*step="1"[^>]*value="1"/);
    expect(text(html)).toContain('Quantity');
    expect(html).toMatch(/<button[^>]*class="pi-button[^"]*"[^>]*>Add To Cart<\/button>/);
    expect(html).toContain('aria-live="polite"');
  });

  it("keeps a dropdown reading 'Select {option}' for an option with many values", () => {
    const sizes = ['4', '5', '6', '7', '8', '9', '10', '11', '12'];
    const p = product({
      variantOptionOrdering: ['Size'],
      variants: sizes.map((s) => variant({ attributes: { Size: s } })),
    });
    const html = renderToString(<ProductFormIsland {...props({ item: item(p) })} />);
    expect(html).toMatch(/<select[^>]*name="Size"/);
    expect(html).toContain('<option value="" selected="">Select Size</option>');
    const ja = renderToString(<ProductFormIsland {...props({ item: item(p), locale: 'ja-JP' })} />);
    expect(ja).toContain('<option value="" selected="">Sizeを選択</option>');
  });

  it('shows "from" the lowest price and the sale mark while nothing is chosen', () => {
    const html = renderToString(<ProductFormIsland {...props()} />);
    expect(text(html)).toContain('from $20.00');
    expect(html).toContain('data-mark="sale"');
  });

  it('shows a sale with visually hidden labels and both prices for a single variant', () => {
    const p = product({ variants: [variant({ price: 3000, salePrice: 2400, onSale: true })] });
    const html = renderToString(<ProductFormIsland {...props({ item: item(p) })} />);
    expect(text(html)).toContain('Sale Price: $24.00 Original Price: $30.00');
    expect(html).toMatch(/position:absolute;width:1px/);
    expect(html).not.toContain('<select');
  });

  it('a sold-out product shows the custom sold-out text and a disabled Sold Out button', () => {
    const p = product({ variants: [variant({ qtyInStock: 0 })] });
    const html = renderToString(
      <ProductFormIsland
        {...props({
          item: item(p),
          merchandising: merchandising({ customSoldOutText: 'All gone' }),
        })}
      />,
    );
    expect(text(html)).toContain('All gone');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Sold Out<\/button>/);
  });

  it('renders the restock form in the slot when sold out and the view enables it', () => {
    const p = product({ variants: [variant({ id: 'v-1', qtyInStock: 0 })] });
    const on = merchandising({ restockNotificationViews: ['PRODUCT_DETAIL'] });
    const html = renderToString(
      <ProductFormIsland {...props({ item: item(p), merchandising: on })} />,
    );
    expect(html).toContain('class="rs-restock" data-variant-id="v-1"');
    const off = renderToString(<ProductFormIsland {...props({ item: item(p) })} />);
    expect(off).not.toContain('rs-restock');
    const inStock = renderToString(
      <ProductFormIsland {...props({ item: item(product()), merchandising: on })} />,
    );
    expect(inStock).not.toContain('rs-restock');
  });

  it('prepares (before hydrating) the restock chunk only when the first render shows the form', async () => {
    // prepare resolves [restock form or undefined, option choosers or undefined, the
    // subscription words (undefined: English, or not sold by subscription)].
    const p = product({ variants: [variant({ id: 'v-1', qtyInStock: 0 })] });
    const on = merchandising({ restockNotificationViews: ['PRODUCT_DETAIL'] });
    await expect(prepareForm(props({ item: item(p), merchandising: on }))).resolves.toEqual([
      RestockForm,
      undefined,
      undefined,
    ]);
    await expect(prepareForm(props({ item: item(p) }))).resolves.toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    await expect(prepareForm(props({ item: item(product()), merchandising: on }))).resolves.toEqual(
      [undefined, undefined, undefined],
    );
    // A product block is its own view: the product page's setting does not show the form there.
    await expect(prepareBlock(props({ item: item(p), merchandising: on }))).resolves.toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const block = merchandising({ restockNotificationViews: ['PRODUCT_BLOCK'] });
    await expect(prepareBlock(props({ item: item(p), merchandising: block }))).resolves.toEqual([
      RestockForm,
      undefined,
      undefined,
    ]);
  });

  it('prepares the option choosers only for a product with options', async () => {
    await expect(prepareForm(props())).resolves.toEqual([undefined, VariantSelectors, undefined]);
  });

  it('hides the quantity for subscriptions and shows the subscription phrase with a one-time choice', () => {
    const p = product({
      isSubscribable: true,
      oneTimePurchaseAllowed: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 },
    });
    const html = renderToString(<ProductFormIsland {...props({ item: item(p) })} />);
    expect(text(html)).toContain('$25.00 every month for 6 months');
    expect(text(html)).toContain('One-time purchase: $25.00');
    expect(html).not.toContain('type="number"');
    expect(html).toMatch(/>Subscribe<\/button>/);
  });

  it('words the subscription phrases and the one-time choice in Japanese on a Japanese site', () => {
    registerAllLanguages();
    const p = product({
      isSubscribable: true,
      oneTimePurchaseAllowed: true,
      subscriptionPlan: null,
      productSubscriptionOptions: [
        {
          id: 'q',
          billingPeriod: { value: 3, unit: 'MONTH' },
          numBillingCycles: 4,
          discountPercent: 10,
        },
        {
          id: 'w',
          billingPeriod: { value: 1, unit: 'WEEK' },
          numBillingCycles: 0,
          discountPercent: 0,
        },
      ],
    });
    const html = text(
      renderToString(<ProductFormIsland {...props({ item: item(p), locale: 'ja-JP' })} />),
    );
    expect(html).toContain('3か月ごとに $22.50（1年間）');
    expect(html).toContain('毎週 $25.00');
    expect(html).toContain('通常購入: $25.00');
    expect(html).not.toMatch(/every|One-time/);
  });

  it('custom button text overrides the label', () => {
    const p = product({ useCustomAddButtonText: true, customAddButtonText: 'Buy it' });
    expect(renderToString(<ProductFormIsland {...props({ item: item(p) })} />)).toMatch(
      />Buy it<\/button>/,
    );
  });

  it('shows scarcity text from merchandising', () => {
    const p = product({ variants: [variant({ qtyInStock: 3 })] });
    const m = merchandising({
      scarcityEnabled: true,
      scarcityTemplateViews: ['PRODUCT_DETAIL'],
      scarcityText: 'Only {quantity} left!',
    });
    expect(
      text(renderToString(<ProductFormIsland {...props({ item: item(p), merchandising: m })} />)),
    ).toContain('Only 3 left!');
  });

  it.each([
    [2500, 'en_US', 'US', '4 interest-free payments of $6.25 with Afterpay'],
    [2500, 'en_GB', 'GB', '4 interest-free payments of $6.25 with Clearpay'],
    [200000, 'en_US', 'US', 'Afterpay available for orders between $1.00 and $1,000.00'],
  ])('installment notice for %i in %s', (price, shopperLanguage, country, expected) => {
    const p = product({ variants: [variant({ price })] });
    const m = merchandising({
      afterPayAvailable: true,
      shopperLanguage,
      paymentProviderCountry: country,
    });
    const html = renderToString(
      <ProductFormIsland {...props({ item: item(p), merchandising: m })} />,
    );
    expect(text(html)).toContain(expected);
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"/);
  });

  it('no installment notice for subscriptions, digital products or unsupported countries', () => {
    const on = { afterPayAvailable: true };
    for (const [p, m] of [
      [product({ isSubscribable: true, subscriptionPlan: null }), merchandising(on)],
      [product({ productType: 2 }), merchandising(on)],
      [product(), merchandising({ ...on, paymentProviderCountry: 'DE' })],
    ] as const) {
      expect(
        renderToString(<ProductFormIsland {...props({ item: item(p), merchandising: m })} />),
      ).not.toContain('interest-free');
    }
  });
});

describe('other product islands SSR', () => {
  it('grid-add-button renders only the button', () => {
    const html = renderToString(<GridAddButton {...props({ pageType: 'plp' })} />);
    expect(html).toMatch(/>Add To Cart<\/button>/);
    expect(html).not.toContain('<select');
  });

  it('grid-add-button for a sold-out product is a disabled Sold Out', () => {
    const p = product({ variants: [variant({ qtyInStock: 0 })] });
    expect(
      renderToString(<GridAddButton {...props({ item: item(p), pageType: 'plp' })} />),
    ).toMatch(/disabled=""[^>]*>Sold Out<\/button>/);
  });

  it('quick-view renders its trigger closed (the overlay is client-only)', () => {
    const html = renderToString(<QuickView {...props({ pageType: 'plp' })} />);
    expect(html).toMatch(
      /<button[^>]*aria-haspopup="dialog"[^>]*aria-expanded="false"[^>]*>Quick View<\/button>/,
    );
    expect(html).not.toContain('role="dialog"');
  });

  it('product-form as an add-on renders the compact form with variants, price and its button', () => {
    const html = renderToString(<ProductFormIsland {...props({ pageType: 'add-on' })} />);
    expect(html).toContain('pi-compact');
    expect(html).toContain('data-page-type="add-on"');
    expect(
      [...html.matchAll(/<fieldset[^>]*data-variant-option-name="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(['Size', 'Color']);
    expect(html).toMatch(/>Add To Cart<\/button>/);
    // The product page's own form keeps the full layout.
    expect(renderToString(<ProductFormIsland {...props()} />)).not.toContain('pi-compact');
  });

  it('product-block renders the compact form with its title', () => {
    const html = renderToString(<ProductBlock {...props({ pageType: 'product_block' })} />);
    expect(html).toContain('pi-compact');
    expect(html).toContain('data-page-type="product_block"');
    expect(text(html)).toContain('Test Shirt');
  });
});
