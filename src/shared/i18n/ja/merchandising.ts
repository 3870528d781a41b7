import type { MerchandisingTexts } from '../../product/types.js';

/**
 * A new product's restock form and low-stock texts on a Japanese website (the jp demo store's
 * wording). Not a text-pack area: the server chooses them (product-json.ts), so no storefront
 * bundle loads this table; the product editor does, to open a new product with them.
 */
const JA: MerchandisingTexts = {
  restockNotificationMessages: {
    buttonText: '入荷お知らせ',
    CTAText: '再入荷したらメールでお知らせします。',
    placeholderText: 'メールアドレス',
    mailingListDescription: 'ニュースレターも受け取る',
  },
  scarcityText: '残り{quantity}点',
};

export default JA;
