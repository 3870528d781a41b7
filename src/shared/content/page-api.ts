/**
 * The owner's pages API (issue 13): the wire contract between the /config page builder and
 * `src/server/content/pages/`. Every collection of a website is a "page" in the tree (layout
 * pages, the blog, events, gallery and shop collections, folders); only layout kinds have
 * sections. Edits are saved as the page's draft (autosave); `publish` makes the draft live.
 * Documented in docs/editor.md.
 */
import type { GalleryInput } from '../gallery/gallery-settings.js';
import type { PageSection } from './blocks.js';

/**
 * What a tree entry is:
 * - `page`: a layout page of sections (pageType 2; the home page has slug '').
 * - `splash`: a cover page without the site's header and footer (pageType 3).
 * - `folder`: groups pages in the navigation (SPEC 3.10 folder behaviours).
 * - `blog`, `events`, `gallery`, `products`: collections whose items are edited in their own
 *   screens; the builder edits their title, slug, SEO and place in the navigation.
 * - `footer`, `not-found`: the site's footer and 404 page, edited like a page, never routed.
 */
export const PAGE_KINDS = [
  'page',
  'splash',
  'folder',
  'blog',
  'events',
  'gallery',
  'products',
  'footer',
  'not-found',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Kinds an owner may create from the builder. */
export const CREATABLE_PAGE_KINDS = [
  'page',
  'splash',
  'folder',
  'blog',
  'events',
  'gallery',
] as const;
export type CreatablePageKind = (typeof CREATABLE_PAGE_KINDS)[number];

/** Kinds whose content is sections of blocks. */
export const SECTION_KINDS: readonly PageKind[] = ['page', 'splash', 'footer', 'not-found'];

/** `draft`: nowhere on the live site (404 to visitors); `published`: live. */
export const PAGE_STATUSES = ['draft', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export interface PageNavigation {
  /** Shown in the header navigation. */
  visible: boolean;
  /** The folder it sits in, or null at the top level. */
  parentId: string | null;
  /** Position among its siblings, 0-based. */
  order: number;
}

export interface PageSeo {
  /** The `<title>`; empty uses the page title. */
  title: string;
  description: string;
  /** The social sharing image (og:image); a media library asset id. */
  imageId: string | null;
}

/** The editable part of a page: what the builder sends, and what a draft holds. */
export interface PageInput {
  title: string;
  /** The URL path segment; '' only for the home page. Lower-case letters, digits and '-'. */
  slug: string;
  status: PageStatus;
  navigation: PageNavigation;
  seo: PageSeo;
  sections: PageSection[];
  /** Folders only: SPEC 3.10 folder behaviour (1 index, 2 redirect to first page, 3 none). */
  folderBehavior?: number | null;
  /** Galleries only: SPEC 3.7 design settings (SPEC 9.2 defaults and ranges; docs/rendering.md). */
  gallery?: GalleryInput;
}

/** One page as the builder reads it. */
export interface PageDoc extends PageInput {
  id: string;
  kind: PageKind;
  /** The live URL path ('/', '/about'); null for footer and 404. */
  url: string | null;
  /** Bumped by every save; a save naming an older one is refused (409 CONTENT_CONFLICT). */
  version: number;
  /** The editable fields above are the draft; true when they differ from what is live. */
  hasUnpublishedChanges: boolean;
  /** Password protection (pageType 103 lock screen for visitors); the password is never sent back. */
  passwordProtected: boolean;
  /** Issue 14: only signed-in customers see it (others: pageType 106). */
  membersOnly: boolean;
  updatedOn: string;
  updatedBy: string | null;
}

/** One row of the pages tree (GET /api/content/pages). */
export interface PageSummary {
  id: string;
  kind: PageKind;
  title: string;
  slug: string;
  url: string | null;
  status: PageStatus;
  navigation: PageNavigation;
  passwordProtected: boolean;
  membersOnly: boolean;
  hasUnpublishedChanges: boolean;
  /** Blog, events, gallery, products: how many items. */
  itemCount?: number;
}

export interface PageListResponse {
  pages: PageSummary[];
  /** The home page's id. */
  homeId: string | null;
}

export interface CreatePageRequest {
  kind: CreatablePageKind;
  title: string;
  /** Defaults to one made from the title. */
  slug?: string;
  parentId?: string | null;
}

/** PUT /api/content/pages/:id — saves the draft; `publish: true` also makes it live. */
export interface SavePageRequest extends PageInput {
  version: number;
  publish?: boolean;
}

/** POST /api/content/pages/:id/publish and …/discard. */
export interface PageVersionRequest {
  version: number;
}

/** PUT /api/content/pages/:id/password — `password: null` removes the protection. */
export interface PagePasswordRequest {
  password: string | null;
}

/** PUT /api/content/pages/:id/members-only (issue 14). */
export interface PageMembersOnlyRequest {
  membersOnly: boolean;
}

/** PUT /api/content/navigation — the whole tree's order, folders and visibility at once. */
export interface NavigationRequest {
  entries: { id: string; parentId: string | null; order: number; visible: boolean }[];
}

/**
 * POST /api/content/preview — renders a page from an unsaved draft through the theme. With
 * `sectionId`, only that section's HTML (the builder swaps it into the preview frame).
 */
export interface PreviewRequest {
  pageId: string;
  page: PageInput;
  sectionId?: string;
}
export interface PreviewResponse {
  html: string;
}

/** Site redirects: made when a published page's slug changes; listed and editable. */
export interface RedirectJson {
  from: string;
  to: string;
  createdOn: string;
}

export const PageApi = {
  list: '/api/content/pages',
  one: (id: string) => `/api/content/pages/${encodeURIComponent(id)}`,
  publish: (id: string) => `/api/content/pages/${encodeURIComponent(id)}/publish`,
  discard: (id: string) => `/api/content/pages/${encodeURIComponent(id)}/discard`,
  password: (id: string) => `/api/content/pages/${encodeURIComponent(id)}/password`,
  membersOnly: (id: string) => `/api/content/pages/${encodeURIComponent(id)}/members-only`,
  navigation: '/api/content/navigation',
  preview: '/api/content/preview',
  redirects: '/api/content/redirects',
  /** The builder's preview frame: the page with its draft, for signed-in owners only. */
  previewFrame: (id: string) => `/config/preview/${encodeURIComponent(id)}`,
} as const;

export const PageLimits = {
  titleMax: 200,
  slugMax: 100,
  seoTitleMax: 200,
  seoDescriptionMax: 500,
  passwordMin: 4,
  passwordMax: 200,
  pagesMax: 500,
} as const;

/** `data-*` names the preview frame carries, read by the builder. */
export const PreviewAttr = {
  section: 'data-section-id',
  block: 'data-block-id',
} as const;
