import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cldrFor } from './cldr.js';
import { compileTheme, minifyCss } from './theme.js';
import { createCompiler, renderPage } from './render-page.js';
import type { PageAssets } from './assets.js';
import type { PageContext } from './context/types.js';

const compiler = createCompiler({ isIsland: () => false, render: () => '' });
const assets: PageAssets = {
  islandsScript: undefined,
  telemetryScript: undefined,
  styles: [],
  headHtml: '',
  bodyEndHtml: '',
};
const ctx = (file: string) =>
  ({
    template: { name: 'broken', file },
    collection: { title: 'Hello' },
    website: { siteTitle: 'S' },
  }) as unknown as PageContext;

describe('template errors never break a page', () => {
  const theme = compileTheme(
    path.join(import.meta.dirname, 'testing/themes/broken'),
    'broken',
    compiler,
  );

  it('renders what it can and collects parse and execution errors per file', () => {
    const { html, errors } = renderPage(compiler, theme, ctx('collections/page.page'), {
      cldr: cldrFor('en-US'),
      now: 0,
      assets,
    });
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('<p>unclosed Hello');
    expect(html).toContain('<footer>end</footer>');
    const messages = errors.map((e) => `${e.file}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^site\.region: .*Formatter 'no-such-formatter' is unknown/),
        expect.stringMatching(/^site\.region: .*Predicate 'no-such-predicate\?' is unknown/),
        expect.stringMatching(/^collections\/page\.page: .*EOF in the middle of SECTION/),
        expect.stringMatching(/partial 'missing\.block' which could not be found/),
        expect.stringMatching(/partial 'loop\.block' exceeded maximum recursion depth of 16/),
        expect.stringMatching(/Error parsing expression/),
      ]),
    );
  });

  it('gives each error its line, on every render, and never prints a failed tag', () => {
    const page = ctx('collections/page.page');
    const opts = { cldr: cldrFor('en-US'), now: 0, assets };
    for (let i = 0; i < 3; i++) {
      const { html, errors } = renderPage(compiler, theme, page, opts);
      const at = (re: RegExp) => errors.find((e) => re.test(e.message));
      expect(at(/Formatter 'no-such-formatter'/)).toMatchObject({ file: 'site.region', line: 1 });
      expect(at(/Predicate 'no-such-predicate\?'/)).toMatchObject({ file: 'site.region', line: 1 });
      expect(at(/partial 'missing\.block'/)).toMatchObject({
        file: 'collections/page.page',
        line: 2,
      });
      expect(at(/loop\.block' exceeded/)).toMatchObject({ file: 'blocks/loop.block', line: 1 });
      expect(at(/Error parsing expression/)).toMatchObject({
        file: 'collections/page.page',
        line: 4,
      });
      expect(at(/EOF in the middle of SECTION/)).toMatchObject({ line: 5 });
      expect(errors.filter((e) => /Error parsing expression/.test(e.message))).toHaveLength(1);
      // Visitors never see template source or error text.
      expect(html).not.toContain('no-such-formatter');
      expect(html).not.toContain('{website.siteTitle');
      expect(html).not.toMatch(/Error|partial/);
      expect(html).toContain('<p></p>');
    }
  });

  it('reports a missing page template and still renders the layout', () => {
    const { html, errors } = renderPage(compiler, theme, ctx('pages/none.page'), {
      cldr: cldrFor('en-US'),
      now: 0,
      assets,
    });
    expect(html).toContain('<footer>end</footer>');
    expect(errors).toContainEqual({
      file: 'pages/none.page',
      type: 'engine',
      message: "Template 'pages/none.page' not found",
    });
  });
});

describe('the default theme', () => {
  it('parses without errors', () => {
    const theme = compileTheme(
      path.join(import.meta.dirname, '../../../themes/default'),
      'default',
      compiler,
    );
    expect(theme.parseErrors).toEqual([]);
    for (const f of [
      'site.region',
      'collections/page.page',
      'collections/products.list',
      'collections/products.item',
      'collections/blog.list',
      'collections/blog.item',
      'collections/events.list',
      'collections/events.item',
      'collections/gallery.list',
      'pages/404.page',
      'pages/search.page',
      'pages/cart.page',
    ]) {
      expect(theme.templates.has(f), f).toBe(true);
    }
    expect(theme.css.length).toBeGreaterThan(1000);
    expect(theme.css).not.toContain('/*');
  });
});

describe('minifyCss', () => {
  it('drops comments and spaces', () => {
    expect(minifyCss('/* c */ a:hover , b > c {\n  color: red ;\n}\n')).toBe(
      'a:hover,b>c{color:red}',
    );
  });
});
