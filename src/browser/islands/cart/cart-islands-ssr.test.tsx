import { registerAllLanguages } from '../../../shared/i18n/all-languages.js';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import CartIndicator from './cart-indicator.js';
import CartPage from './cart-page.js';
import { CartEntryRow } from './cart-entry-row.js';
import type { CartEntryJson } from './cart-json.js';

// What the server does at start, and a ja page's loader before hydrating (text-packs.ts).
registerAllLanguages();

const entry: CartEntryJson = {
  id: 'e1',
  itemId: 'item-mug',
  chosenVariant: { sku: 'MUG-L', attributes: { Size: 'Large', Colour: 'Blue' } },
  quantity: 3,
  title: 'Mug <Deluxe>',
  subTotal: 3600,
  purchasePriceCents: 1200,
  additionalFields: JSON.stringify([
    { type: 'text', value: 'Hi', rawTitle: 'Engraving' },
    { type: 'text', value: '', rawTitle: 'Note' },
  ]),
};

describe('cart islands on the server', () => {
  it('the indicator renders hidden, keeping its box, with no visitor data', () => {
    const html = renderToString(<CartIndicator locale="en-US" currency="USD" />);
    expect(html).toContain('href="/cart"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('visibility:hidden');
    expect(html).toContain('<span class="ci-label ci-sr">0 items in cart</span>');
    expect(html).toContain('$0.00');
  });

  it('formats the subtotal in the site currency (JPY without decimals)', () => {
    expect(renderToString(<CartIndicator locale="ja-JP" currency="JPY" />)).toMatch(/[¥￥]0</);
  });

  it('the cart page renders a busy placeholder until the browser has the cart', () => {
    const html = renderToString(
      <CartPage locale="en-US" currency="USD" minimumOrderSubtotal={null} />,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading…');
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('You have nothing in your shopping cart.');
  });

  it('speaks the site language: Japanese texts for ja-JP', () => {
    // The server hands the indicator its labels in the site language (site-context.ts).
    const indicator = renderToString(
      <CartIndicator locale="ja-JP" currency="JPY" labels={storefrontTexts('ja-JP')} />,
    );
    expect(indicator).toContain('<span class="ci-label ci-sr">カートに0点の商品</span>');
    const page = renderToString(<CartPage locale="ja-JP" currency="JPY" />);
    expect(page).toContain('aria-label="ショッピングカート"');
    expect(page).toContain('読み込み中…');
    const row = renderToString(
      <table>
        <tbody>
          <CartEntryRow
            entry={entry}
            locale="ja-JP"
            currency="JPY"
            texts={storefrontTexts('ja-JP')}
            busy={false}
            onQuantity={async () => true}
            onRemove={() => undefined}
            onEdit={() => undefined}
          />
        </tbody>
      </table>,
    );
    expect(row).toContain('>削除<');
    expect(row).toContain('>編集<');
    expect(row).toContain('Mug &lt;Deluxe&gt;の数量');
  });

  it('an entry row shows title, variant, answered fields only, quantity and line total', () => {
    const html = renderToString(
      <table>
        <tbody>
          <CartEntryRow
            entry={entry}
            locale="en-US"
            currency="USD"
            busy={false}
            onQuantity={async () => true}
            onRemove={() => undefined}
          />
        </tbody>
      </table>,
    );
    expect(html).toContain('Mug &lt;Deluxe&gt;');
    expect(html).toContain('Size: Large, Colour: Blue');
    expect(html).toMatch(/Engraving: <\/dt><dd[^>]*>Hi</);
    // Issue 14: the question left empty is no row (no 'N/A').
    expect(html).not.toContain('Note:');
    expect(html).not.toContain('N/A');
    expect(html).toMatch(/<input[^>]*type="number"[^>]*min="1"[^>]*max="9999"[^>]*value="3"/);
    expect(html).toContain('$36.00');
    expect(html).toContain('aria-label="Remove Mug &lt;Deluxe&gt;"');
    expect(html).toMatch(/<label[^>]*for="ci-qty-e1"[^>]*>Quantity, /);
  });

  it("an entry row shows the line's picture at a fixed size, or a same-size blank", () => {
    const row = (e: CartEntryJson) =>
      renderToString(
        <table>
          <tbody>
            <CartEntryRow
              entry={e}
              locale="en-US"
              currency="USD"
              busy={false}
              onQuantity={async () => true}
              onRemove={() => undefined}
            />
          </tbody>
        </table>,
      );
    const image = { assetUrl: '/static/images/oat', width: 1600, height: 1600, altText: 'Mug' };
    const html = row({ ...entry, image });
    const img = /<img[^>]*class="ci-thumb"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain('src="/static/images/oat/300w.webp"');
    expect(img).toContain(
      'srcSet="/static/images/oat/100w.webp 100w, /static/images/oat/300w.webp 300w"',
    );
    expect(img).toContain('sizes="72px"');
    expect(img).toMatch(/width="72"[^>]*height="72"/);
    expect(img).toContain('alt=""');
    // Picture first, then the text, in one cell.
    expect(html.indexOf('ci-thumb')).toBeLessThan(html.indexOf('ci-title'));
    const none = row({ ...entry, image: null });
    expect(none).not.toContain('<img');
    expect(none).toMatch(
      /<span class="ci-thumb ci-thumb-none" aria-hidden="true" style="width:72px;height:72px"/,
    );
  });
});
