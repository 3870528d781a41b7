import { describe, expect, it } from 'vitest';
import { framedHtml, previewPathFor } from './theme-workspace.js';
import { groupByFolder } from './file-tree.js';
import { isAndroid } from './developer-api.js';

describe('developer screen helpers', () => {
  it('makes preview HTML frame-safe: no scripts, absolute site URLs', () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js"><script type="module" src="/assets/i.js"></script></head>' +
      '<body><a href="/shop">Shop</a><a href="//cdn.test/x">x</a>' +
      '<img src="/media/a-100.jpg" srcset="/media/a-100.jpg 100w, /media/a-300.jpg 300w">' +
      '<div style="background:url(\'/media/b.jpg\')"></div><script type="application/json">{}</script></body>';
    const out = framedHtml(html, 'http://site.test');
    expect(out).not.toMatch(/<script|modulepreload/);
    expect(out).toContain('href="http://site.test/shop"');
    expect(out).toContain('href="//cdn.test/x"');
    expect(out).toContain(
      'srcset="http://site.test/media/a-100.jpg 100w, http://site.test/media/a-300.jpg 300w"',
    );
    expect(out).toContain("url('http://site.test/media/b.jpg')");
  });

  it('previews a template on the page it belongs to', () => {
    expect(previewPathFor('collections/products.item', '/')).toBe('/shop');
    expect(previewPathFor('collections/blog.list', '/')).toBe('/blog');
    expect(previewPathFor('blocks/product-card.block', '/about')).toBe('/about');
  });

  it('groups files by folder, the root first', () => {
    const f = (path: string) => ({ path, kind: 'template' as const, size: 1 });
    expect(
      groupByFolder([f('pages/a.page'), f('site.region'), f('blocks/b.block')]).map(([k]) => k),
    ).toEqual(['', 'blocks', 'pages']);
  });

  it('tells Android browsers apart', () => {
    expect(isAndroid('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile')).toBe(true);
    expect(isAndroid('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1')).toBe(false);
  });
});
