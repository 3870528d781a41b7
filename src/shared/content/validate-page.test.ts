import { describe, expect, it } from 'vitest';
import { galleryInput, GALLERY_NUMBERS } from '../gallery/gallery-settings.js';
import type { PageInput } from './page-api.js';
import { pageSlugOf, PageFieldTexts, validatePageInput } from './validate-page.js';

const base: PageInput = {
  title: ' About ',
  slug: 'about',
  status: 'published',
  navigation: { visible: true, parentId: null, order: 0 },
  seo: { title: '', description: '', imageId: null },
  sections: [],
};
const rules = { kind: 'page' as const, isHome: false };
const withBlocks = (blocks: object[]) => ({
  ...base,
  sections: [{ id: 's1', layout: 'default', tone: 'light', blocks }],
});

describe('validatePageInput', () => {
  it('cleans what it accepts: trimmed text, rich text through the allow-list, unknown fields gone', () => {
    const r = validatePageInput(
      withBlocks([
        { id: 'b1', type: 2, html: '<p onclick="x()">Hi<script>alert(1)</script></p>', extra: 1 },
        { id: 'b2', type: 53, label: ' Go ', url: '/shop' },
      ]),
      rules,
    );
    expect(r.ok).toBe(true);
    expect(r.value.title).toBe('About');
    expect(r.value.sections[0]!.blocks).toEqual([
      { id: 'b1', type: 2, html: '<p>Hi</p>' },
      { id: 'b2', type: 53, label: 'Go', url: '/shop' },
    ]);
  });

  it('answers each field by its path with the SPEC texts', () => {
    const r = validatePageInput(
      {
        ...withBlocks([
          { id: 'b1', type: 53, label: '', url: 'example.com' },
          { id: 'b1', type: 32, url: 'https://example.com/video' },
          { id: 'b3', type: 99 },
          { id: 'b4', type: 21, size: 1 },
          { id: 'b5', type: 5, assetId: null, link: 'javascript:alert(1)' },
        ]),
        title: '',
        slug: 'Bad Slug',
      },
      rules,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      title: PageFieldTexts.TITLE_REQUIRED,
      slug: PageFieldTexts.SLUG_INVALID,
      'sections.0.blocks.0.label': PageFieldTexts.LABEL_REQUIRED,
      'sections.0.blocks.0.url': 'Links must be formatted as https://example.com or /page',
      'sections.0.blocks.1.id': PageFieldTexts.ID_INVALID,
      'sections.0.blocks.1.url': PageFieldTexts.VIDEO_URL,
      'sections.0.blocks.2.type': PageFieldTexts.BLOCK_TYPE,
      'sections.0.blocks.3.size': 'Enter a number from 8 to 400.',
      'sections.0.blocks.4.link': 'javascript:alert(1) is not a valid page URL',
    });
  });

  it('keeps the home page at the site address and reserved paths free', () => {
    expect(validatePageInput({ ...base, slug: 'home' }, { ...rules, isHome: true }).ok).toBe(false);
    expect(validatePageInput({ ...base, slug: '' }, { ...rules, isHome: true }).ok).toBe(true);
    const cart = validatePageInput({ ...base, slug: 'cart' }, rules);
    expect(cart.ok ? undefined : cart.fieldErrors.slug).toBe(PageFieldTexts.SLUG_RESERVED);
    expect(pageSlugOf('Café & Bar!')).toBe('cafe-bar');
  });

  describe('gallery blocks: a gallery page’s settings, defaults and ranges (SPEC 3.7, 9.2)', () => {
    const gallery = (extra: object) =>
      withBlocks([{ id: 'g1', type: 8, assetIds: ['a1', 'a2'], ...extra }]);
    const at = 'sections.0.blocks.0';

    it('stores every setting, defaulted like a gallery page’s, the lightbox on', () => {
      const r = validatePageInput(gallery({ design: 'slideshow', autoplay: true }), rules);
      expect(r.ok).toBe(true);
      expect(r.value.sections[0]!.blocks[0]).toEqual({
        id: 'g1',
        type: 8,
        assetIds: ['a1', 'a2'],
        ...galleryInput({ design: 'slideshow', autoplay: true, lightbox: true }),
      });
      expect(r.value.sections[0]!.blocks[0]).toMatchObject({
        autoplayDelay: 5,
        thumbnailsPerRow: 4,
        padding: 20,
        thumbnailStripHeight: 80,
        controls: true,
        indicators: true,
      });
    });

    it('accepts each end of every range and refuses just outside it, by field', () => {
      for (const [field, { min, max }] of Object.entries(GALLERY_NUMBERS)) {
        for (const v of [min, max])
          expect(validatePageInput(gallery({ [field]: v }), rules).ok, `${field}=${v}`).toBe(true);
        for (const v of [min - 1, max + 1, min + 0.5, String(min)]) {
          const r = validatePageInput(gallery({ [field]: v }), rules);
          expect(r.ok, `${field}=${v}`).toBe(false);
          if (r.ok) continue;
          expect(r.fieldErrors).toEqual({
            [`${at}.${field}`]: PageFieldTexts.NUMBER_RANGE.replace('{min}', String(min)).replace(
              '{max}',
              String(max),
            ),
          });
          // The preview still gets a clean block: the value clamped into its range.
          const block = r.value.sections[0]!.blocks[0] as unknown as Record<string, number>;
          expect(block[field]).toBeGreaterThanOrEqual(min);
          expect(block[field]).toBeLessThanOrEqual(max);
        }
      }
    });

    it('refuses an unknown design, choice or a flag that is not true/false', () => {
      const r = validatePageInput(
        gallery({
          design: 'carousel',
          metaPosition: 'middle',
          aspectRatio: '5:4',
          autoplay: 'yes',
        }),
        rules,
      );
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.fieldErrors).toEqual({
        [`${at}.design`]: PageFieldTexts.GALLERY_DESIGN,
        [`${at}.metaPosition`]: PageFieldTexts.GALLERY_SETTING,
        [`${at}.aspectRatio`]: PageFieldTexts.GALLERY_SETTING,
        [`${at}.autoplay`]: PageFieldTexts.GALLERY_SETTING,
      });
      expect(r.value.sections[0]!.blocks[0]).toMatchObject({ design: 'grid', autoplay: false });
    });

    it('reads a block saved before it had settings: perRow is its thumbnails per row', () => {
      const r = validatePageInput(gallery({ design: 'grid', perRow: 2 }), rules);
      expect(r.ok).toBe(true);
      const block = r.value.sections[0]!.blocks[0]!;
      expect(block).toMatchObject({ thumbnailsPerRow: 2, lightbox: true });
      expect(block).not.toHaveProperty('perRow');
      const bad = validatePageInput(gallery({ perRow: 11 }), rules);
      expect(bad.ok ? {} : bad.fieldErrors).toEqual({
        [`${at}.perRow`]: PageFieldTexts.NUMBER_RANGE.replace('{min}', '1').replace('{max}', '10'),
      });
    });
  });
});
