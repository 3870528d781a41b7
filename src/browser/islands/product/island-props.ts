import type {
  MerchandisingContextJson,
  ProductItemJson,
  StoreSettingsJson,
} from '../../../shared/product/types.js';

/** Tracking page types of SPEC 2.1 that carry add-to-cart buttons. */
export type ProductPageType = 'pdp' | 'plp' | 'add-on' | 'product_block';

/** docs/contracts.md island props of product-form, grid-add-button, quick-view, product-block. */
export interface ProductIslandProps {
  item: ProductItemJson;
  merchandising: MerchandisingContextJson;
  store: StoreSettingsJson;
  locale: string;
  pageType: ProductPageType;
  captcha: { provider: string; siteKey?: string };
  /** Optional: the gift-card checkout URL carries it (SPEC 2); the server knows it by host too. */
  websiteId?: string;
  /** Optional: a 'buy now' button that goes straight on to checkout (SPEC 4.1 path 3). */
  expressCheckout?: boolean;
  /** Optional: colour options' swatch colours, value → CSS colour (server: `swatchColours`). */
  swatches?: Record<string, string>;
}
