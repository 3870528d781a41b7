import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GALLERY_DESIGNS,
  galleryBlockInput,
  gallerySettings,
} from '../../shared/gallery/gallery-settings.js';
import { cldrFor } from './cldr.js';
import { createCompiler, renderPartial } from './render-page.js';
import { compileTheme, readThemeDir } from './theme.js';

/**
 * Gallery blocks (issue 14) draw SPEC 3.7's four designs with the gallery pages' partial
 * (`gallery-design.block`), in both bundled themes; Folio borrows the partials and CSS.
 */
const THEMES = path.join(import.meta.dirname, '../../../themes');
const compiler = createCompiler({ isIsland: () => false, render: () => '' });
const LEAKED_SOURCE =
  /\{[@.]?[\w.@]*\|[\w-]+[^}]*\}|\{\.(section|if|equal\?|repeated|end|or|var)(?=[\s}])/;

const image = (n: number) => ({
  id: `a${n}`,
  assetUrl: `/static/images/a${n}`,
  originalSize: '1200x800',
  altText: `Alt ${n}`,
  title: `Picture ${n}`,
  body: `<p>About picture ${n}</p>`,
});

function sectionJson(settings: Record<string, unknown>, first = true) {
  const images = [image(1), image(2), image(3)];
  const gallery = gallerySettings(galleryBlockInput(settings));
  return {
    id: 's1',
    layout: 'default',
    tone: 'light',
    first,
    localizedStrings: {
      galleryText: 'Gallery',
      previousImageText: 'Previous image',
      nextImageText: 'Next image',
      pauseSlideshowText: 'Pause slideshow',
      playSlideshowText: 'Play slideshow',
    },
    blocks: [
      {
        id: 'g1',
        type: 8,
        typeName: 'gallery',
        data: settings,
        images,
        perRow: gallery.thumbnailsPerRow,
        gallery,
        entries: images.map((i) => ({
          title: i.title,
          excerpt: i.body,
          fullUrl: '',
          mainImage: i,
        })),
      },
    ],
  };
}

describe.each(['default', 'folio'])('gallery blocks in the %s theme', (name) => {
  const theme = compileTheme(path.join(THEMES, name), name, compiler);
  const render = (settings: Record<string, unknown>, first = true) => {
    const { html, errors } = renderPartial(
      compiler,
      theme,
      'page-section.block',
      sectionJson(settings, first),
      {
        cldr: cldrFor('en-US'),
        now: 0,
      },
    );
    expect(errors).toEqual([]);
    expect(html).not.toMatch(LEAKED_SOURCE);
    return html;
  };

  it('parses without errors and holds the gallery partials and CSS', () => {
    expect(theme.parseErrors).toEqual([]);
    expect(Object.keys(theme.partials)).toEqual(
      expect.arrayContaining(['gallery-design.block', 'gallery-open.block', 'gallery-meta.block']),
    );
    expect(theme.css).toContain('.gs-track{');
  });

  it.each(GALLERY_DESIGNS)('draws the %s design', (design) => {
    const html = render({ design });
    expect(html).toContain(`class="gallery gallery-${design} `);
    // Every image is there, opening the lightbox on its largest width (blocks default it on).
    expect(html).toContain('data-lightbox-group');
    expect(
      html.match(
        /<a class="gallery-link" href="\/static\/images\/a\d\/\d+w\.webp" data-lightbox /g,
      ),
    ).toHaveLength(3);
    expect(html).toContain('data-lightbox-title="Picture 2"');
    expect(html).toContain('data-lightbox-description="About picture 2"');
    expect(html).toContain('--per-row:4;--gap:20px;--ratio:1 / 1;--strip:80px');
    const carousel = design === 'slideshow' || design === 'slider';
    expect(html.includes('data-gallery-slides')).toBe(carousel);
    if (carousel) {
      expect(html).toContain('aria-roledescription="carousel" aria-label="Gallery"');
      expect(html.match(/class="gs-slide"/g)).toHaveLength(3);
      expect(html).toContain('aria-label="Next image"');
      expect(html.match(/class="gs-dot"/g)).toHaveLength(3);
    }
    if (design === 'grid') expect(html).toContain('<ul class="gallery-grid" role="list">');
    if (design === 'stacked') expect(html).toContain('<ul class="gallery-stack" role="list">');
    if (design === 'slideshow') {
      expect(html).toContain('data-autoplay="0"');
      expect(html.match(/class="gs-thumb"/g)).toHaveLength(3);
    }
    if (design === 'slider') expect(html).toContain('data-align="center"');
  });

  it('honours the settings: autoplay delay, controls, indicators, titles, no lightbox', () => {
    const html = render({
      design: 'slideshow',
      autoplay: true,
      autoplayDelay: 3,
      controls: false,
      indicators: false,
      thumbnails: false,
      showMeta: false,
      lightbox: false,
      padding: 0,
      aspectRatio: '16:9',
    });
    expect(html).toContain('data-autoplay="3"');
    expect(html).toContain('class="gs-play"');
    expect(html).not.toContain('gs-arrow');
    expect(html).not.toContain('gs-dot');
    expect(html).not.toContain('gs-thumb');
    expect(html).not.toContain('gallery-meta');
    expect(html).not.toContain('data-lightbox');
    expect(html).toContain('<span class="gallery-link">');
    expect(html).toContain('--gap:0px;--ratio:16 / 9');
  });

  it.each(GALLERY_DESIGNS)(
    'loads the %s design’s first images at once only in the page’s first section',
    (design) => {
      expect(render({ design }, true)).toContain('loading="eager"');
      const below = render({ design }, false);
      expect(below).not.toContain('loading="eager"');
      expect(below).not.toContain('fetchpriority="high"');
      expect(below).toContain('loading="lazy"');
    },
  );

  it('keeps a block saved before it had settings: its per-row grid', () => {
    const html = render({ design: 'grid', perRow: 2 });
    expect(html).toContain('--per-row:2;');
    expect(html).toContain('data-lightbox');
  });
});

describe('borrowed theme files', () => {
  it('are read from the lending theme, so a developer-mode copy holds them', () => {
    const files = readThemeDir(path.join(THEMES, 'folio'));
    const lent = readThemeDir(path.join(THEMES, 'default'));
    expect(files.get('blocks/gallery-design.block')).toBe(lent.get('blocks/gallery-design.block'));
    expect(files.get('assets/gallery.css')).toBe(lent.get('assets/gallery.css'));
    // Folio's own files stay its own.
    expect(files.get('blocks/page-block.block')).not.toBe(lent.get('blocks/page-block.block'));
  });
});
