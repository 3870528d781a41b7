import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIsland } from './islands.js';
import { IslandHtmlCache } from './island-html-cache.js';
import { ssrComponents } from '../../browser/islands/ssr-components.js';
import { islandRegistry } from '../../browser/islands/registry.js';

/** The container's attributes, decoded as a browser would (`dataset`). */
function container(html: string) {
  const m = /^<div data-island="([^"]*)" data-hydrate="([^"]*)" data-props="([^"]*)">/.exec(html);
  if (!m) throw new Error(`not an island container: ${html.slice(0, 200)}`);
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return { name: decode(m[1]!), hydrate: m[2], props: JSON.parse(decode(m[3]!)) as unknown };
}

describe('renderIsland (docs/contracts.md)', () => {
  const original = { ...ssrComponents };
  afterEach(() => Object.assign(ssrComponents, original));

  it('never warns for registered islands with their props', () => {
    const warn = vi.fn();
    renderIsland('cart-indicator', { locale: 'ja-JP', currency: 'JPY' }, { onWarning: warn });
    renderIsland(
      'cart-page',
      { locale: 'en-US', currency: 'USD', minimumOrderSubtotal: null },
      {
        onWarning: warn,
      },
    );
    renderIsland('cart-indicator', {}, { onWarning: warn });
    expect(warn).not.toHaveBeenCalled();
  });

  it('wraps the SSR markup in a container with name, strategy and props; idle by default', () => {
    const html = renderIsland('cart-indicator', { locale: 'en-US', currency: 'USD' });
    expect(container(html)).toEqual({
      name: 'cart-indicator',
      hydrate: 'idle',
      props: { locale: 'en-US', currency: 'USD' },
    });
    expect(html).toContain('href="/cart"');
    expect(html.endsWith('</a></div>')).toBe(true);
    expect(container(renderIsland('cart-indicator', {}, { hydrate: 'load' })).hydrate).toBe('load');
    expect(container(renderIsland('cart-indicator', {}, { hydrate: 'visible' })).hydrate).toBe(
      'visible',
    );
  });

  it('escapes props so a </script>, quotes or & in a title cannot break the markup', () => {
    const title = `Mug "Deluxe" </script><script>alert('x')</script> & <b>co</b>`;
    const html = renderIsland('cart-indicator', { locale: 'en-US', currency: 'USD', title });
    expect(html).not.toContain('</script>');
    expect(html).not.toContain('<b>');
    // The attribute holds no raw quote, so the tag ends where the container's does.
    expect(html.slice(0, html.indexOf('>') + 1)).not.toMatch(/data-props="[^"]*"[^>]*"/);
    expect(container(html).props).toEqual({ locale: 'en-US', currency: 'USD', title });
  });

  it('renders an empty container and warns for an unknown island, never throws', () => {
    const warnings: string[] = [];
    const html = renderIsland('no-such-island', { a: 1 }, { onWarning: (m) => warnings.push(m) });
    expect(html).toBe(
      '<div data-island="no-such-island" data-hydrate="idle" data-props="{&quot;a&quot;:1}"></div>',
    );
    expect(warnings).toEqual(["island 'no-such-island' is not registered"]);
    // A name from a prototype is not an island either.
    expect(renderIsland('toString', {}, { onWarning: () => undefined })).toContain('></div>');
  });

  it('a component that throws gives an empty container and a warning', () => {
    ssrComponents['cart-page'] = () => {
      throw new Error('boom');
    };
    const warnings: string[] = [];
    const html = renderIsland('cart-page', {}, { onWarning: (m) => warnings.push(m) });
    expect(html).toMatch(/data-island="cart-page"[^>]*><\/div>$/);
    expect(warnings[0]).toContain('boom');
  });

  it('an unknown strategy falls back to idle; null props become {}', () => {
    const html = renderIsland('cart-indicator', null, {
      hydrate: 'sometime' as never,
      onWarning: () => undefined,
    });
    expect(container(html)).toMatchObject({ hydrate: 'idle', props: {} });
  });

  it('renders each (name, strategy, props) once with a cache; failures are not kept', () => {
    const cache = new IslandHtmlCache();
    let renders = 0;
    const real = ssrComponents['cart-indicator'];
    ssrComponents['cart-indicator'] = (props: object) => {
      renders++;
      return createElement(real, props);
    };
    const props = { locale: 'en-US', currency: 'USD' };
    const first = renderIsland('cart-indicator', props, { cache });
    expect(renderIsland('cart-indicator', { ...props }, { cache })).toBe(first);
    expect(renders).toBe(1);
    // Other props or another strategy are other markup.
    renderIsland('cart-indicator', { ...props, currency: 'JPY' }, { cache });
    renderIsland('cart-indicator', props, { cache, hydrate: 'load' });
    expect(renders).toBe(3);
    expect(cache.size).toBe(3);

    ssrComponents['cart-page'] = () => {
      throw new Error('boom');
    };
    const warnings: string[] = [];
    renderIsland('cart-page', {}, { cache, onWarning: (m) => warnings.push(m) });
    renderIsland('cart-page', {}, { cache, onWarning: (m) => warnings.push(m) });
    expect(warnings).toHaveLength(2);
    expect(cache.size).toBe(3);
  });

  it('the island markup cache starts over past its size bound', () => {
    const cache = new IslandHtmlCache(100);
    cache.set('a', 'x'.repeat(60));
    cache.set('b', 'y'.repeat(60));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('y'.repeat(60));
    cache.set('c', 'z'.repeat(200)); // larger than the whole cache: not kept
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('the browser registry and the server list name the same islands', () => {
    expect(Object.keys(ssrComponents).sort()).toEqual(Object.keys(islandRegistry).sort());
  });
});
