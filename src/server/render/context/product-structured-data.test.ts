import { describe, expect, it } from 'vitest';
import { productStructuredData, scriptJson } from './product-structured-data.js';
import type { ItemJson } from './types.js';

const money = (value: string, currency = 'JPY') => ({ value, currency });

function digitalItem(): ItemJson {
  return {
    id: 'i1',
    fullUrl: '/shop/p/guide',
    title: 'Guide </script><script>alert(1)</script>',
    excerpt: '<p>Tea &amp; water</p>',
    structuredContent: {
      productType: 2,
      variants: [],
      priceMoney: money('1200'),
      salePriceMoney: money('900'),
      onSale: true,
    },
  } as unknown as ItemJson;
}

describe('productStructuredData', () => {
  it('gives a product priced on itself one offer at its sale price, in the currency digits', () => {
    const data = productStructuredData(digitalItem(), 'https://tea.example') as {
      description: string;
      url: string;
      offers: { price: string; priceCurrency: string; availability: string }[];
    };
    expect(data.url).toBe('https://tea.example/shop/p/guide');
    expect(data.description).toBe('Tea & water');
    expect(data.offers).toEqual([
      expect.objectContaining({
        price: '900',
        priceCurrency: 'JPY',
        availability: 'https://schema.org/InStock',
      }),
    ]);
  });

  it('adds AggregateRating beside the offers only when the product has published reviews', () => {
    const rated = { ...digitalItem(), rating: { average: 4.3, count: 6 } } as ItemJson;
    const data = productStructuredData(rated, 'https://tea.example') as Record<string, unknown>;
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 6,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.offers).toHaveLength(1);
    const none = { ...digitalItem(), rating: { average: 0, count: 0 } } as ItemJson;
    expect(productStructuredData(none, 'https://tea.example')).not.toHaveProperty(
      'aggregateRating',
    );
  });

  it('is absent for items that are not products', () => {
    const item = { ...digitalItem(), structuredContent: undefined };
    expect(productStructuredData(item, 'https://tea.example')).toBeUndefined();
  });

  it('cannot close its script element, whatever the titles say', () => {
    const text = scriptJson(productStructuredData(digitalItem(), 'https://tea.example')!);
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('Guide </script><script>alert(1)</script>');
  });
});
