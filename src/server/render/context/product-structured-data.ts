import { stripTags } from '../../../shared/html.js';
import { minorToDecimalString } from '../../../shared/money.js';
import {
  currentPrice,
  fromPrice,
  hasNoVariantPrices,
  isSoldOut,
  isVariantSoldOut,
} from '../../../shared/product/rules-product.js';
import type { ItemJson } from './types.js';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/**
 * schema.org Product data for a product page (issue 14), so search engines show the price and
 * whether it is in stock. Prices and availability come from the same shared rules the page
 * shows; one Offer per variant, or one for products priced on the product itself.
 */
export function productStructuredData(item: ItemJson, baseUrl: string): object | undefined {
  const product = item.structuredContent;
  if (!product) return undefined;
  const currency = product.priceMoney.currency;
  const url = new URL(item.fullUrl, baseUrl).href;
  const offer = (sku: string | undefined, minor: number, soldOut: boolean) => ({
    '@type': 'Offer',
    ...(sku ? { sku } : {}),
    price: minorToDecimalString(minor, currency),
    priceCurrency: currency,
    availability: soldOut ? OUT_OF_STOCK : IN_STOCK,
    url,
  });
  const offers = hasNoVariantPrices(product)
    ? [offer(product.variants[0]?.sku, fromPrice(product), isSoldOut(product))]
    : product.variants.map((v) => offer(v.sku, currentPrice(v), isVariantSoldOut(product, v)));
  const image = [item.mainImage, ...(item.items ?? [])]
    .filter((i) => i?.assetUrl)
    .map((i) => new URL(i!.assetUrl, baseUrl).href);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    ...(item.excerpt ? { description: stripTags(item.excerpt) } : {}),
    ...(image.length ? { image: [...new Set(image)] } : {}),
    url,
    offers,
    ...(item.rating && item.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: item.rating.average,
            reviewCount: item.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no text can close the
 * script element, and U+2028/2029 so old parsers read it as JSON.
 */
export function scriptJson(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
