import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PageCache,
  buildCachedPage,
  chooseEncoding,
  etagMatches,
  type CachedPage,
} from './page-cache.js';

const page = (bytes: number): CachedPage => ({
  status: 200,
  etag: '"x"',
  identity: Buffer.alloc(0),
  br: undefined,
  gzip: undefined,
  bytes,
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('etagMatches', () => {
  it('matches the page in any encoding, lists, weak forms and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc-br"', '"abc"')).toBe(true);
    expect(etagMatches('"zzz", W/"abc-gzip"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe('buildCachedPage', () => {
  it('stores brotli and gzip variants that decode to the HTML, with a content hash ETag', async () => {
    const html = `<!doctype html><p>${'hello '.repeat(500)}</p>`;
    const p = await buildCachedPage(200, html);
    expect(zlib.brotliDecompressSync(p.br!).toString()).toBe(html);
    expect(zlib.gunzipSync(p.gzip!).toString()).toBe(html);
    expect(p.br!.length).toBeLessThan(p.identity.length);
    expect(p.etag).toMatch(/^"[\w-]{22}"$/);
    expect((await buildCachedPage(200, html)).etag).toBe(p.etag);
    expect((await buildCachedPage(200, `${html}!`)).etag).not.toBe(p.etag);
  });

  it('does not compress tiny pages', async () => {
    const p = await buildCachedPage(404, '<p>x</p>');
    expect(p.br).toBeUndefined();
    expect(p.gzip).toBeUndefined();
  });
});

describe('PageCache', () => {
  it('evicts the least recently used pages beyond its byte bound', () => {
    const cache = new PageCache(300);
    cache.set('a', page(100));
    cache.set('b', page(100));
    cache.set('c', page(100));
    cache.get('a'); // a is now the most recent
    cache.set('d', page(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.totalBytes).toBe(300);
    cache.set('huge', page(301));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('renders once for concurrent misses of one key', async () => {
    const cache = new PageCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return { status: 200, html: '<p>hi</p>' };
    };
    const [a, b] = await Promise.all([cache.fill('k', render), cache.fill('k', render)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    expect(cache.get('k')).toBe(a);
  });

  it('drops a website’s pages by key prefix', () => {
    const cache = new PageCache();
    cache.set('s1|1.0|/a', page(10));
    cache.set('s1|1.0|/b', page(10));
    cache.set('s2|1.0|/a', page(10));
    cache.deletePrefix('s1|');
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(10);
  });
});
