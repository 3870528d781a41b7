import { describe, expect, it } from 'vitest';
import { newMerchandising } from '../../shared/product/merchandising-texts.js';
import { DEFAULT_INSTALLMENT } from './insert-product.js';
import { merchandisingJson } from './product-json.js';

/** What the storefront (page JSON and the islands' props) gets of a product's stored texts. */
describe('merchandisingJson texts', () => {
  const row = { merchandising: newMerchandising('en-US'), installment: DEFAULT_INSTALLMENT };

  it('shows an English site the stored English exactly', () => {
    const m = merchandisingJson(row, { currency: 'USD', language: 'en-US' });
    expect(m.restockNotificationMessages.buttonText).toBe('Notify Me');
    expect(m.scarcityText).toBe('Only {quantity} left in stock');
  });

  it('shows a Japanese site Japanese for texts still at the English defaults', () => {
    const m = merchandisingJson(row, { currency: 'JPY', language: 'ja-JP' });
    expect(m.restockNotificationMessages).toEqual({
      buttonText: '入荷お知らせ',
      CTAText: '再入荷したらメールでお知らせします。',
      placeholderText: 'メールアドレス',
      mailingListDescription: 'ニュースレターも受け取る',
    });
    expect(m.scarcityText).toBe('残り{quantity}点');
  });
});
