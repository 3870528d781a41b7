import { describe, expect, it } from 'vitest';
import { parsePageUrl } from './page-query.js';

describe('parsePageUrl', () => {
  it('keeps only the parameters pages use, sorted, in the cache key', () => {
    const a = parsePageUrl('/blog/?utm_source=x&tag=news&offset=10');
    const b = parsePageUrl('/blog?offset=10&tag=news');
    expect(a.path).toBe('/blog');
    expect(a.cacheKey).toBe('/blog?offset=10&tag=news');
    expect(b.cacheKey).toBe(a.cacheKey);
    expect(a.query).toEqual({ offset: 10, tag: 'news' });
  });

  it('ignores bad offsets and notices ?format=json', () => {
    const p = parsePageUrl('/shop?offset=-3&format=json');
    expect(p.query.offset).toBe(0);
    expect(p.json).toBe(true);
    expect(p.cacheKey).toBe('/shop');
    expect(parsePageUrl('/').path).toBe('/');
    expect(parsePageUrl('/search?q=%20blue%20mug ').query.q).toBe('blue mug');
  });
});
