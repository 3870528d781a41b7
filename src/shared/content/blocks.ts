/**
 * Page sections and blocks (issue 13): the shape a page's layout is stored in, edited by the
 * /config page builder, and rendered by the theme's `blocks/page-block.block`. A page is a list
 * of sections; a section is a list of blocks. Each block keeps SPEC 3.10's numeric block type
 * code in `type` (form 9, product 43, newsletter 51, button 53 are the SPEC's; the SPEC does not
 * show the rest of its list, so the other codes are ours, chosen from free numbers and fixed
 * here once). Documented in docs/editor.md.
 */

import type { GalleryInput } from '../gallery/gallery-settings.js';

/** SPEC 3.10 block type codes of the blocks the builder offers. */
export const BlockCode = {
  TEXT: 2,
  HEADING: 3,
  MAP: 4,
  IMAGE: 5,
  GALLERY: 8,
  FORM: 9,
  SOCIAL_LINKS: 13,
  SUMMARY: 17,
  SPACER: 21,
  CODE: 23,
  QUOTE: 31,
  VIDEO: 32,
  PRODUCT: 43,
  PRODUCT_LIST: 44,
  NEWSLETTER: 51,
  BUTTON: 53,
} as const;
export type BlockCode = (typeof BlockCode)[keyof typeof BlockCode];

export const BLOCK_CODES: readonly BlockCode[] = Object.values(BlockCode);

/** Stable lower-case names (template `typeName`, CSS class `block-{name}`, editor labels). */
export const BLOCK_NAMES: Record<BlockCode, string> = {
  2: 'text',
  3: 'heading',
  4: 'map',
  5: 'image',
  8: 'gallery',
  9: 'form',
  13: 'social-links',
  17: 'summary',
  21: 'spacer',
  23: 'code',
  31: 'quote',
  32: 'video',
  43: 'product',
  44: 'product-list',
  51: 'newsletter',
  53: 'button',
};

interface BlockBase {
  /** Unique within the page; the builder's selection and the preview's `data-block-id`. */
  id: string;
}

/** Rich text (HTML cleaned by `src/shared/rich-text.ts`'s allow-list on the server). */
export interface TextBlock extends BlockBase {
  type: 2;
  html: string;
}
export interface HeadingBlock extends BlockBase {
  type: 3;
  text: string;
  level: 1 | 2 | 3;
  align?: 'left' | 'center';
}
export interface MapBlock extends BlockBase {
  type: 4;
  /** What the visitor reads: the address or place name. */
  label: string;
  lat: number;
  lng: number;
  /** 1–18. */
  zoom: number;
}
export interface ImageBlock extends BlockBase {
  type: 5;
  /** A media library asset; null while the owner has not chosen one. */
  assetId: string | null;
  alt?: string;
  caption?: string;
  /** A page path or an http(s) URL the image links to. */
  link?: string;
}
/**
 * Several images drawn in one of SPEC 3.7's four designs with a gallery page's settings (the
 * fields of `GalleryInput`, `shared/gallery/gallery-settings.ts`: the same defaults and ranges;
 * `galleryBlockInput` reads them). The server stores every setting; a block saved before it had
 * settings may carry only `design` and `perRow`.
 */
export interface GalleryBlock extends BlockBase, Partial<GalleryInput> {
  type: 8;
  assetIds: string[];
  /** Thumbnails per row of a block saved before issue 14 (`thumbnailsPerRow` now), 1–10. */
  perRow?: number;
}
export interface FormBlock extends BlockBase {
  type: 9;
  formId: string;
}
export interface SocialLinksBlock extends BlockBase {
  type: 13;
  links: { network: string; url: string }[];
}
/** A blog or events summary: the newest posts or the next events of one collection. */
export interface SummaryBlock extends BlockBase {
  type: 17;
  /** The blog's or events collection's id. */
  collectionId: string;
  title?: string;
  /** 1–12. */
  limit: number;
}
export interface SpacerBlock extends BlockBase {
  type: 21;
  /** Height in px, 8–400. */
  size: number;
}
/** Owner-trusted HTML, rendered as written (SPEC 3.10 code block). */
export interface CodeBlock extends BlockBase {
  type: 23;
  html: string;
}
export interface QuoteBlock extends BlockBase {
  type: 31;
  text: string;
  source?: string;
}
/** An embedded video by URL (YouTube, Vimeo), drawn as a click-to-play facade. */
export interface VideoBlock extends BlockBase {
  type: 32;
  url: string;
  caption?: string;
}
export interface ProductBlock extends BlockBase {
  type: 43;
  /** The product's item id. */
  itemId: string;
  /** The button goes straight on to checkout (SPEC 4.1 path 3). */
  expressCheckout?: boolean;
}
export interface ProductListBlock extends BlockBase {
  type: 44;
  /** The products collection's id. */
  collectionId: string;
  title?: string;
  /** 1–12. */
  limit: number;
}
export interface NewsletterBlock extends BlockBase {
  type: 51;
  formId: string;
}
export interface ButtonBlock extends BlockBase {
  type: 53;
  label: string;
  /** A page path ('/shop') or an http(s)/mailto URL. */
  url: string;
  style?: 'primary' | 'secondary';
  align?: 'left' | 'center';
}

export type ContentBlock =
  | TextBlock
  | HeadingBlock
  | MapBlock
  | ImageBlock
  | GalleryBlock
  | FormBlock
  | SocialLinksBlock
  | SummaryBlock
  | SpacerBlock
  | CodeBlock
  | QuoteBlock
  | VideoBlock
  | ProductBlock
  | ProductListBlock
  | NewsletterBlock
  | ButtonBlock;

/** A band of the page. */
export interface PageSection {
  /** Unique within the page; the preview re-renders one section by this id. */
  id: string;
  /** `hero`: full-width band over `backgroundImageId` with light text; `default`: plain. */
  layout: 'default' | 'hero';
  /** Colour scheme from the site styles. */
  tone: 'light' | 'dark' | 'accent';
  backgroundImageId?: string | null;
  blocks: ContentBlock[];
}

/** Limits the builder and the server share. */
export const SectionLimits = {
  sectionsMax: 40,
  blocksPerSectionMax: 40,
  textMax: 100_000,
  shortTextMax: 500,
  galleryMax: 100,
  socialLinksMax: 12,
  idMax: 40,
} as const;
