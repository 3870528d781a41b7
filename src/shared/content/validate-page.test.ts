import { describe, expect, it } from 'vitest';
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
});
