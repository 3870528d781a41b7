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
