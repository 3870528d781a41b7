import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cldrFor } from '../cldr.js';
import { createCompiler, renderPage } from '../render-page.js';
import { compileTheme } from '../theme.js';
import type { PageContext } from '../context/types.js';

const compiler = createCompiler({ isIsland: () => false, render: () => '' });
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

/** Renders a template; returns the HTML and the helper errors it reported. */
function run(template: string, json: object, locale = 'en-US') {
  const { code, errors: parseErrors } = compiler.parse(template);
  expect(parseErrors).toEqual([]);
  const r = compiler.execute({ code, json, cldr: cldrFor(locale) as never, now: NOW });
  return { html: r.ctx.render(), errors: r.errors.map((e) => e.message) };
}

const image = {
  assetUrl: '/static/images/a1',
  originalSize: '1200x800',
  altText: 'Harbour at dusk',
  mediaFocalPoint: { x: 0.3, y: 0.6 },
};

describe('image-component', () => {
  it('draws an image item with the sqs loader: SPEC 9.2 srcset, sizes preset, size, alt, focal point', () => {
    const { html, errors } = run('{img|image-component sizes=grid eager high class=hero}', {
      img: image,
    });
    expect(errors).toEqual([]);
    expect(html).toBe(
      '<img src="/static/images/a1/750w.webp" srcset="/static/images/a1/100w.webp 100w, /static/images/a1/300w.webp 300w, /static/images/a1/500w.webp 500w, /static/images/a1/750w.webp 750w, /static/images/a1/1000w.webp 1000w" sizes="(min-width: 64rem) 25vw, (min-width: 40rem) 33vw, 50vw" width="1200" height="800" alt="Harbour at dusk" loading="eager" decoding="sync" fetchpriority="high" class="hero" style="object-position:30% 60%">',
    );
  });

  it('draws video thumbnails at 120-640 wide with the youtube and vimeo loaders', () => {
    const yt = run(
      '{@|image-component;loader=youtube;video-id=dQw4w9WgXcQ;format=webp;width=640;height=360;sizes=(min-width: 40rem) 50vw, 100vw;alt=Trailer}',
      {},
    );
    expect(yt.errors).toEqual([]);
    expect(yt.html).toContain('src="https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/hqdefault.webp"');
    expect(yt.html).toContain('120w, ');
    expect(yt.html).toContain('sddefault.webp 640w"');
    expect(yt.html).toContain('sizes="(min-width: 40rem) 50vw, 100vw"');
    const vimeo = run('{v|image-component}', {
      v: { loader: 'vimeo', src: 'https://i.vimeocdn.com/video/42', width: 640, height: 360 },
    });
    expect(vimeo.errors).toEqual([]);
    expect(vimeo.html).toContain('https://i.vimeocdn.com/video/42_640.jpg 640w');
  });

  it('reports each broken SPEC 5.7 rule as a template error and draws nothing', () => {
    const cases: [string, object, string[]][] = [
      [
        '{img|image-component}',
        { img: image },
        ["image-component: Image sizes are required with the 'sqs' loader."],
      ],
      [
        '{img|image-component;sizes=100vw;width=0;height=1.5}',
        { img: image },
        [
          'image-component: Image width must be a positive integer.',
          'image-component: Image height must be a positive integer.',
        ],
      ],
      [
        '{img|image-component;sizes=100vw;srcset=/a.png 1x}',
        { img: image },
        ["image-component: Image srcset is allowed only with the 'raw' loader."],
      ],
      [
        '{img|image-component;sizes=100vw;format=webp}',
        { img: image },
        ["image-component: Image format is allowed only with the 'vimeo' or 'youtube' loaders."],
      ],
      [
        '{@|image-component;loader=youtube;video-id=x;format=gif;width=1;height=1}',
        {},
        ["image-component: Image format must be 'jpg' or 'webp'."],
      ],
      [
        '{v|image-component;loader=youtube;width=640;height=360}',
        { v: {} },
        ["image-component: A video id is required with the 'youtube' loader."],
      ],
      [
        '{v|image-component;loader=raw;width=640;height=360}',
        { v: {} },
        ["image-component: Image src is required unless the loader is 'youtube'."],
      ],
    ];
    for (const [template, json, errors] of cases) {
      expect(run(template, json)).toEqual({ html: '', errors });
    }
  });

  it('draws nothing, silently, for an item without an image', () => {
    expect(run('[{mainImage|image-component sizes=grid}]', {})).toEqual({ html: '[]', errors: [] });
  });
});

describe('message', () => {
  const json = {
    text: '{count, plural, =0 {No posts} one {# post} other {# posts}} in {title}',
    bad: '{count, plural, one {# post}}',
    count: 3,
    title: 'Notes',
    str: 'three',
  };

  it('formats with plural rules of the site language and template variables as arguments', () => {
    expect(run('{text|message count=count title:title}', json).html).toBe('3 posts in Notes');
    expect(run('{text|message count=count title=title}', { ...json, count: 1 }).html).toBe(
      '1 post in Notes',
    );
    expect(
      run('{.repeated section list}{text|message count=n title=title}|{.end}', {
        ...json,
        list: [{ n: 0 }, { n: 2 }],
      }).html,
    ).toBe('No posts in Notes|2 posts in Notes|');
    expect(run('{text|message count=count title=title|html}', { ...json, title: '<b>' }).html).toBe(
      '3 posts in &lt;b&gt;',
    );
  });

  it("reports a plural without 'other' and a plural argument that is not a number", () => {
    expect(run('{bad|message count=count}', json)).toEqual({
      html: '',
      errors: ["message: A plural form needs an 'other' case."],
    });
    expect(run('{text|message count=str title=title}', json)).toEqual({
      html: '',
      errors: ['message: A plural argument must be a number.'],
    });
  });
});

describe('site-money free-if-zero', () => {
  const json = {
    zero: 0,
    five: 500,
    m: { value: '0.00', currency: 'USD' },
    website: {},
    localizedStrings: { freeText: 'Gratis' },
  };

  it('shows the free label for zero, the amount otherwise', () => {
    expect(run('{zero|site-money;free-if-zero;free=Free shipping}', json).html).toBe(
      'Free shipping',
    );
    expect(run('{m|site-money;free-if-zero;free=localizedStrings.freeText}', json).html).toBe(
      'Gratis',
    );
    expect(run('{five|site-money;free-if-zero;free=Free}', json).html).toBe('$5.00');
    expect(run('{zero|site-money}', json).html).toBe('$0.00');
  });

  it('requires the free label when free-if-zero is on (SPEC 5.7)', () => {
    expect(run('{zero|site-money free-if-zero}', json)).toEqual({
      html: '$0.00',
      errors: ['site-money: Money display requires a free label when free-if-zero is on.'],
    });
  });
});

describe('colour helpers', () => {
  it('normalises hex and HSL, and lightens, darkens, fades', () => {
    const json = { a: '#1A6FD0', b: 'hsl(0, 1, 0.5)', c: 'abc' };
    expect(run('{a|color} {b|color} {c|color}', json).html).toBe('#1a6fd0 #ff0000 #aabbcc');
    expect(run('{b|color lighten 0.25}', json).html).toBe('#ff8080');
    expect(run('{b|color darken 0.25}', json).html).toBe('#800000');
    expect(run('{b|color alpha 0.5}', json).html).toBe('hsl(0 100% 50% / 0.5)');
    expect(run('{b|color hsl}', json).html).toBe('hsl(0 100% 50%)');
  });

  it("reports SPEC 5.7's HSL messages and the hex rule", () => {
    const cases: [string, string][] = [
      ['hsl(400, 0.5, 0.5)', 'Hue out of bounds.'],
      ['hsl(10, 1.5, 0.5)', 'Saturation out of bounds.'],
      ['hsl(10, 0.5, 1.5)', 'Lightness out of bounds.'],
      ['hsla(10, 0.5, 0.5, 3)', 'Alpha out of bounds.'],
      ['hsl(10, 0.5)', 'Missing an H/S/L value.'],
      ['#12', 'Enter a hex colour of 3 to 6 digits, such as #1a6fd0.'],
    ];
    for (const [c, message] of cases) {
      expect(run('{c|color}', { c })).toEqual({ html: '', errors: [`color: ${message}`] });
    }
    expect(run('{c|color alpha 2}', { c: '#fff' }).errors).toEqual(['color: Alpha out of bounds.']);
    expect(run('{c|color lighten x}', { c: '#fff' }).errors).toEqual([
      'color: Lightness out of bounds.',
    ]);
  });

  it('tells light from dark colours by the SPEC 9.2 threshold', () => {
    const t = '{.light-color? bg}light{.or}dark{.end}';
    expect(run(t, { bg: '#f4efe6' }).html).toBe('light');
    expect(run(t, { bg: 'hsl(220, 0.3, 0.15)' }).html).toBe('dark');
    expect(
      run('{.section bg}{.light-color?}light{.or}dark{.end}{.end}', { bg: '#ffffff' }).html,
    ).toBe('light');
    expect(run(t, { bg: 'hsl(999, 1, 1)' })).toEqual({
      html: 'dark',
      errors: ['light-color?: Hue out of bounds.'],
    });
  });
});

describe('time-ago', () => {
  it("gives SPEC 9.2's relative times from the render's clock, in the site language", () => {
    const json = { a: NOW - 65 * 60 * 1000, b: NOW - 24 * 3600 * 1000, c: NOW - 20 * 1000 };
    expect(run('{a|time-ago}|{b|time-ago}|{c|time-ago}', json).html).toBe(
      'about an hour ago|a day ago|less than a minute ago',
    );
    expect(run('{b|time-ago}', { ...json, website: { language: 'ja-JP' } }).html).toBe('昨日');
  });

  it("reports SPEC 8.6's 'Invalid date.' and shows nothing", () => {
    expect(run('[{d|time-ago}]', { d: 'soon' })).toEqual({
      html: '[]',
      errors: ['time-ago: Invalid date.'],
    });
  });
});

describe('helper errors are template errors', () => {
  it('are collected with their file for owners, never rendered into the page', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpers-theme-'));
    try {
      fs.mkdirSync(path.join(dir, 'collections'));
      fs.writeFileSync(
        path.join(dir, 'site.region'),
        '<body>{mainContent}<p>{website.color|color}</p></body>',
      );
      fs.writeFileSync(
        path.join(dir, 'collections/page.page'),
        '<h1>{collection.title|html}</h1>{collection.count|site-money free-if-zero}',
      );
      const theme = compileTheme(dir, 'helpers', compiler);
      const ctx = {
        template: { name: 'page', file: 'collections/page.page' },
        collection: { title: 'Hi', count: 0 },
        website: { color: 'hsl(10, 2, 0.5)' },
      } as unknown as PageContext;
      const { html, errors } = renderPage(compiler, theme, ctx, {
        cldr: cldrFor('en-US'),
        now: NOW,
        assets: {
          islandsScript: undefined,
          telemetryScript: undefined,
          styles: [],
          headHtml: '',
          bodyEndHtml: '',
        },
      });
      expect(html).toBe('<body><h1>Hi</h1>$0.00<p></p></body>');
      expect(errors).toEqual([
        {
          file: 'collections/page.page',
          type: 'engine',
          message: 'site-money: Money display requires a free label when free-if-zero is on.',
        },
        { file: 'site.region', type: 'engine', message: 'color: Saturation out of bounds.' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
