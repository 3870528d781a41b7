/**
 * One check of a page's editable fields (issue 13), run by the /config page builder beside each
 * field and by the server before any write (`src/server/content/pages/`). It is also the parser:
 * what it returns is built field by field from what it accepted, so unknown fields never reach
 * the database, rich text is cleaned by the allow-list, and block shapes are the contract's.
 * Field keys follow the input's path: `title`, `seo.description`, `sections.0.blocks.2.url`.
 */
import { galleryBlockInput, galleryInput, galleryProblems } from '../gallery/gallery-settings.js';
import { slugify } from '../product/validate-product.js';
import {
  BLOCK_CODES,
  BlockCode,
  SectionLimits as L,
  type ContentBlock,
  type PageSection,
} from './blocks.js';
import { linkError } from './links.js';
import {
  PAGE_STATUSES,
  PageLimits,
  type PageInput,
  type PageKind,
  type PageStatus,
} from './page-api.js';
import { sanitizeRichText } from '../rich-text.js';
import { videoEmbedOf } from './video-url.js';

export type PageFieldErrors = Record<string, string>;

export const PageFieldTexts = {
  TITLE_REQUIRED: 'Enter a page title.',
  TOO_LONG: 'This is too long. Use at most {max} characters.',
  SLUG_INVALID: 'Use only lowercase letters, numbers and hyphens.',
  SLUG_REQUIRED: 'Enter the page URL.',
  SLUG_RESERVED: 'This URL is used by the site itself. Choose another.',
  HOME_SLUG: 'The home page lives at the site address; its URL cannot change.',
  STATUS: 'Choose draft or published.',
  TOO_MANY_SECTIONS: `A page can have at most ${L.sectionsMax} sections.`,
  TOO_MANY_BLOCKS: `A section can have at most ${L.blocksPerSectionMax} blocks.`,
  ID_INVALID: 'This id is missing or used twice.',
  LAYOUT: 'Choose a section layout.',
  TONE: 'Choose a colour scheme.',
  BLOCK_TYPE: 'This block type is not available.',
  TEXT_REQUIRED: 'Enter some text.',
  HEADING_LEVEL: 'Choose heading 1, 2 or 3.',
  ALIGN: 'Choose left or centre.',
  NUMBER_RANGE: 'Enter a number from {min} to {max}.',
  LINK_REQUIRED: 'Enter a link.',
  LABEL_REQUIRED: 'Enter the button text.',
  CHOOSE_FORM: 'Choose a form.',
  CHOOSE_PRODUCT: 'Choose a product.',
  CHOOSE_COLLECTION: 'Choose where the items come from.',
  VIDEO_URL: 'Enter a YouTube or Vimeo link.',
  GALLERY_DESIGN: 'Choose grid, slideshow, slider or stacked.',
  GALLERY_SETTING: 'Choose one of the listed values.',
  TOO_MANY_IMAGES: `A gallery can have at most ${L.galleryMax} images.`,
  TOO_MANY_LINKS: `Use at most ${L.socialLinksMax} links.`,
  NETWORK_REQUIRED: 'Name the network.',
  BUTTON_STYLE: 'Choose primary or secondary.',
} as const;

/** Top-level paths the site itself answers; a page cannot take them. */
export const RESERVED_SLUGS: readonly string[] = [
  'api',
  'assets',
  'cart',
  'checkout',
  'commerce',
  'config',
  'favicon.ico',
  'healthz',
  'metrics',
  'order',
  'orders',
  'search',
  'static',
];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A page's slug from its title: the same rule as products' and items' (`slugify`). */
export const pageSlugOf = slugify;

/** What the page is, for the rules that depend on it. */
export interface PageRules {
  kind: PageKind;
  /** The home page: its slug stays ''. */
  isHome: boolean;
  /** Footer and 404 rows keep their stored slug (they are never routed). */
  fixedSlug?: string;
}

/** The page input as it arrives: sections' blocks are read field by field. */
export interface PageInputLike extends Omit<PageInput, 'sections' | 'gallery'> {
  /** Read field by field (`galleryInput`): the route's schema bounded each. */
  gallery?: Record<string, unknown> | undefined;
  sections: readonly {
    id: string;
    layout: string;
    tone: string;
    backgroundImageId?: string | null | undefined;
    blocks: readonly object[];
  }[];
}

export type PageValidation =
  { ok: true; value: PageInput } | { ok: false; fieldErrors: PageFieldErrors; value: PageInput };

const tooLong = (max: number) => PageFieldTexts.TOO_LONG.replace('{max}', String(max));
const range = (min: number, max: number) =>
  PageFieldTexts.NUMBER_RANGE.replace('{min}', String(min)).replace('{max}', String(max));

export function validatePageInput(input: PageInputLike, rules: PageRules): PageValidation {
  const errors: PageFieldErrors = {};
  const title = input.title.trim();
  if (!title) errors.title = PageFieldTexts.TITLE_REQUIRED;
  else if (title.length > PageLimits.titleMax) errors.title = tooLong(PageLimits.titleMax);

  let slug = input.slug.trim();
  if (rules.fixedSlug !== undefined) slug = rules.fixedSlug;
  else if (rules.isHome) {
    if (slug !== '') errors.slug = PageFieldTexts.HOME_SLUG;
  } else if (!slug) errors.slug = PageFieldTexts.SLUG_REQUIRED;
  else if (slug.length > PageLimits.slugMax) errors.slug = tooLong(PageLimits.slugMax);
  else if (!SLUG_PATTERN.test(slug)) errors.slug = PageFieldTexts.SLUG_INVALID;
  else if (RESERVED_SLUGS.includes(slug)) errors.slug = PageFieldTexts.SLUG_RESERVED;

  const status: PageStatus = input.status;
  if (!PAGE_STATUSES.includes(status)) errors.status = PageFieldTexts.STATUS;

  const seoTitle = input.seo.title.trim();
  const seoDescription = input.seo.description.trim();
  if (seoTitle.length > PageLimits.seoTitleMax)
    errors['seo.title'] = tooLong(PageLimits.seoTitleMax);
  if (seoDescription.length > PageLimits.seoDescriptionMax) {
    errors['seo.description'] = tooLong(PageLimits.seoDescriptionMax);
  }

  const sections = readSections(input.sections, errors);
  // The clean input even when some fields fail: the builder's preview renders what is typed.
  const value: PageInput = {
    title,
    slug,
    status,
    navigation: {
      visible: input.navigation.visible,
      parentId: input.navigation.parentId,
      order: input.navigation.order,
    },
    seo: { title: seoTitle, description: seoDescription, imageId: input.seo.imageId || null },
    sections,
  };
  if (rules.kind === 'folder') value.folderBehavior = input.folderBehavior ?? 2;
  if (rules.kind === 'gallery') value.gallery = galleryInput(input.gallery ?? {});
  return Object.keys(errors).length
    ? { ok: false, fieldErrors: errors, value }
    : { ok: true, value };
}

function readSections(raw: PageInputLike['sections'], errors: PageFieldErrors): PageSection[] {
  if (raw.length > L.sectionsMax) errors.sections = PageFieldTexts.TOO_MANY_SECTIONS;
  const ids = new Set<string>();
  const validId = (id: unknown): id is string =>
    typeof id === 'string' && /^[\w-]{1,40}$/.test(id) && !ids.has(id) && Boolean(ids.add(id));
  return raw.map((s, i) => {
    const at = `sections.${i}`;
    if (!validId(s.id)) errors[`${at}.id`] = PageFieldTexts.ID_INVALID;
    if (s.layout !== 'default' && s.layout !== 'hero')
      errors[`${at}.layout`] = PageFieldTexts.LAYOUT;
    if (s.tone !== 'light' && s.tone !== 'dark' && s.tone !== 'accent') {
      errors[`${at}.tone`] = PageFieldTexts.TONE;
    }
    if (s.blocks.length > L.blocksPerSectionMax) {
      errors[`${at}.blocks`] = PageFieldTexts.TOO_MANY_BLOCKS;
    }
    const blocks = s.blocks.map((b, j) => {
      const key = `${at}.blocks.${j}`;
      const r = b as Record<string, unknown>;
      if (!validId(r.id)) errors[`${key}.id`] = PageFieldTexts.ID_INVALID;
      return readBlock(r, key, errors);
    });
    return {
      id: s.id,
      layout: s.layout === 'hero' ? 'hero' : 'default',
      tone: s.tone === 'dark' || s.tone === 'accent' ? s.tone : 'light',
      backgroundImageId:
        typeof s.backgroundImageId === 'string' && s.backgroundImageId ? s.backgroundImageId : null,
      blocks: blocks.filter((x): x is ContentBlock => x !== undefined),
    };
  });
}

/** Reads one block; records its errors under `key` and returns the clean block. */
function readBlock(
  r: Record<string, unknown>,
  key: string,
  errors: PageFieldErrors,
): ContentBlock | undefined {
  const id = typeof r.id === 'string' ? r.id : '';
  const err = (field: string, text: string) => {
    errors[`${key}.${field}`] = text;
  };
  /** A string field, trimmed; `required` adds an error when empty. */
  const text = (field: string, max: number, required?: string): string => {
    const v = r[field];
    const s = typeof v === 'string' ? v.trim() : '';
    if (required && !s) err(field, required);
    else if (s.length > max) err(field, tooLong(max));
    return s;
  };
  const optText = (field: string, max: number): string | undefined => {
    const s = text(field, max);
    return s ? s : undefined;
  };
  const num = (field: string, min: number, max: number, dflt?: number, int = true): number => {
    const v = r[field] ?? dflt;
    if (
      typeof v !== 'number' ||
      !Number.isFinite(v) ||
      v < min ||
      v > max ||
      (int && !Number.isInteger(v))
    ) {
      err(field, range(min, max));
      return min;
    }
    return v;
  };
  const link = (field: string, required?: string): string => {
    const s = text(field, 2000, required);
    const problem = s ? linkError(s) : undefined;
    if (problem) err(field, problem);
    return s;
  };
  const align = (): 'left' | 'center' | undefined => {
    const a = r.align;
    if (a === undefined || a === 'left' || a === 'center') return a;
    err('align', PageFieldTexts.ALIGN);
    return undefined;
  };
  /** The block with the optional fields that have a value (absent ones stay absent). */
  const withOpt = <T extends ContentBlock>(block: T, extra: Record<string, unknown>): T =>
    Object.assign(
      block,
      Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
    );

  const type = r.type;
  if (typeof type !== 'number' || !BLOCK_CODES.includes(type as BlockCode)) {
    err('type', PageFieldTexts.BLOCK_TYPE);
    return undefined;
  }
  switch (type as BlockCode) {
    case BlockCode.TEXT: {
      const html = typeof r.html === 'string' ? r.html : '';
      if (html.length > L.textMax) err('html', tooLong(L.textMax));
      return { id, type: 2, html: sanitizeRichText(html) };
    }
    case BlockCode.HEADING: {
      const t = text('text', L.shortTextMax, PageFieldTexts.TEXT_REQUIRED);
      const level = r.level ?? 2;
      if (level !== 1 && level !== 2 && level !== 3) err('level', PageFieldTexts.HEADING_LEVEL);
      return withOpt(
        {
          id,
          type: 3 as const,
          text: t,
          level: (level === 1 || level === 3 ? level : 2) as 1 | 2 | 3,
        },
        { align: align() },
      );
    }
    case BlockCode.MAP:
      return {
        id,
        type: 4,
        label: text('label', L.shortTextMax, PageFieldTexts.TEXT_REQUIRED),
        lat: num('lat', -90, 90, undefined, false),
        lng: num('lng', -180, 180, undefined, false),
        zoom: num('zoom', 1, 18, 14),
      };
    case BlockCode.IMAGE:
      return withOpt(
        {
          id,
          type: 5 as const,
          assetId: typeof r.assetId === 'string' && r.assetId ? r.assetId : null,
        },
        {
          alt: optText('alt', L.shortTextMax),
          caption: optText('caption', L.shortTextMax),
          link: link('link') || undefined,
        },
      );
    case BlockCode.GALLERY: {
      const ids = Array.isArray(r.assetIds)
        ? r.assetIds.filter((x): x is string => typeof x === 'string' && x.length > 0)
        : [];
      if (ids.length > L.galleryMax) err('assetIds', PageFieldTexts.TOO_MANY_IMAGES);
      // A gallery page's settings, checked and defaulted by the same rule (one home).
      const settings = { ...r, ...(r.perRow !== undefined ? { thumbnailsPerRow: r.perRow } : {}) };
      for (const p of galleryProblems(settings)) {
        const field =
          p.field === 'thumbnailsPerRow' && r.thumbnailsPerRow === undefined ? 'perRow' : p.field;
        if (p.kind === 'range') err(field, range(p.min, p.max));
        else if (p.field === 'design') err(field, PageFieldTexts.GALLERY_DESIGN);
        else err(field, PageFieldTexts.GALLERY_SETTING);
      }
      return { id, type: 8, assetIds: ids.slice(0, L.galleryMax), ...galleryBlockInput(r) };
    }
    case BlockCode.FORM:
      return { id, type: 9, formId: text('formId', L.idMax * 5, PageFieldTexts.CHOOSE_FORM) };
    case BlockCode.NEWSLETTER:
      return { id, type: 51, formId: text('formId', L.idMax * 5, PageFieldTexts.CHOOSE_FORM) };
    case BlockCode.SOCIAL_LINKS: {
      const raw = Array.isArray(r.links) ? r.links : [];
      if (raw.length > L.socialLinksMax) err('links', PageFieldTexts.TOO_MANY_LINKS);
      const links = raw.slice(0, L.socialLinksMax).map((l: unknown, k: number) => {
        const o = (l && typeof l === 'object' ? l : {}) as Record<string, unknown>;
        const network = typeof o.network === 'string' ? o.network.trim() : '';
        const url = typeof o.url === 'string' ? o.url.trim() : '';
        if (!network) err(`links.${k}.network`, PageFieldTexts.NETWORK_REQUIRED);
        else if (network.length > 40) err(`links.${k}.network`, tooLong(40));
        const problem = url ? linkError(url) : PageFieldTexts.LINK_REQUIRED;
        if (problem) err(`links.${k}.url`, problem);
        return { network, url };
      });
      return { id, type: 13, links };
    }
    case BlockCode.SUMMARY:
    case BlockCode.PRODUCT_LIST:
      return withOpt(
        {
          id,
          type: type as 17,
          collectionId: text('collectionId', L.idMax * 5, PageFieldTexts.CHOOSE_COLLECTION),
          limit: num('limit', 1, 12, 3),
        },
        { title: optText('title', L.shortTextMax) },
      ) as ContentBlock;
    case BlockCode.SPACER:
      return { id, type: 21, size: num('size', 8, 400, 48) };
    case BlockCode.CODE: {
      const html = typeof r.html === 'string' ? r.html : '';
      if (html.length > L.textMax) err('html', tooLong(L.textMax));
      return { id, type: 23, html };
    }
    case BlockCode.QUOTE:
      return withOpt(
        { id, type: 31 as const, text: text('text', L.textMax / 10, PageFieldTexts.TEXT_REQUIRED) },
        { source: optText('source', L.shortTextMax) },
      );
    case BlockCode.VIDEO: {
      const url = text('url', 2000, PageFieldTexts.VIDEO_URL);
      if (url && !videoEmbedOf(url)) err('url', PageFieldTexts.VIDEO_URL);
      return withOpt(
        { id, type: 32 as const, url },
        { caption: optText('caption', L.shortTextMax) },
      );
    }
    case BlockCode.PRODUCT:
      return withOpt(
        {
          id,
          type: 43 as const,
          itemId: text('itemId', L.idMax * 5, PageFieldTexts.CHOOSE_PRODUCT),
        },
        { expressCheckout: r.expressCheckout === true ? true : undefined },
      );
    case BlockCode.BUTTON: {
      const style = r.style;
      if (style !== undefined && style !== 'primary' && style !== 'secondary') {
        err('style', PageFieldTexts.BUTTON_STYLE);
      }
      return withOpt(
        {
          id,
          type: 53 as const,
          label: text('label', L.shortTextMax, PageFieldTexts.LABEL_REQUIRED),
          url: link('url', PageFieldTexts.LINK_REQUIRED),
        },
        {
          style: style === 'secondary' ? 'secondary' : style === 'primary' ? 'primary' : undefined,
          align: align(),
        },
      );
    }
  }
}
