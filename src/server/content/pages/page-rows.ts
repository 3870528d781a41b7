import { galleryInput } from '../../../shared/gallery/gallery-settings.js';
import type { Selectable } from 'kysely';
import { CollectionType } from '../../../shared/enums.js';
import {
  PAGE_KINDS,
  type PageDoc,
  type PageInput,
  type PageKind,
  type PageSummary,
} from '../../../shared/content/page-api.js';
import type { CollectionsTable } from '../tables.js';

export type PageRow = Selectable<CollectionsTable>;

/**
 * The footer and 404 rows' url ids: never a valid slug (SLUG_PATTERN has no '_'), so no page can
 * take them and the router never serves them.
 */
export const FIXED_SLUGS: Partial<Record<PageKind, string>> = {
  footer: '_footer',
  'not-found': '_not-found',
};

/** SPEC 3.10 collection type of each kind a new row gets. */
export const COLLECTION_TYPE_OF: Record<PageKind, number> = {
  page: CollectionType.PAGE,
  splash: CollectionType.SPLASH_PAGE,
  folder: CollectionType.GENERIC,
  blog: CollectionType.GENERIC,
  events: CollectionType.GENERIC,
  gallery: CollectionType.SLIDE_GALLERY,
  products: CollectionType.PRODUCTS,
  footer: CollectionType.PAGE,
  'not-found': CollectionType.PAGE,
};

export function kindOf(row: PageRow): PageKind {
  return (PAGE_KINDS as readonly string[]).includes(row.kind) ? (row.kind as PageKind) : 'page';
}

export const isHome = (row: PageRow): boolean => row.kind === 'page' && row.url_id === '';

/** Kinds that are never routed (edited in the builder, rendered inside other pages). */
export const UNROUTED_KINDS: readonly string[] = ['footer', 'not-found'];

/** The live URL path of a row; null for footer and 404. */
export function pagePath(kind: string, slug: string): string | null {
  if (UNROUTED_KINDS.includes(kind)) return null;
  return slug ? `/${slug}` : '/';
}

/** The live columns as the builder's `PageInput`. */
export function liveInput(row: PageRow): PageInput {
  const input: PageInput = {
    title: row.title,
    slug: row.url_id,
    status: row.status === 'draft' ? 'draft' : 'published',
    navigation: navigationOf(row),
    seo: {
      title: typeof row.seo.title === 'string' ? row.seo.title : '',
      description: typeof row.seo.description === 'string' ? row.seo.description : '',
      imageId: typeof row.seo.imageId === 'string' ? row.seo.imageId : null,
    },
    sections: Array.isArray(row.sections) ? row.sections : [],
  };
  if (row.kind === 'folder') input.folderBehavior = row.folder_behavior ?? 2;
  if (row.kind === 'gallery') input.gallery = galleryInput(row.settings);
  return input;
}

/**
 * Navigation is live only (PUT /api/content/navigation), never part of a draft: a row is in the
 * header when visible and placed (nav_index not null).
 */
export function navigationOf(row: PageRow): PageInput['navigation'] {
  return {
    visible: row.nav_visible && row.nav_index !== null,
    parentId: row.parent_id,
    order: row.nav_index ?? 0,
  };
}

/** The draft the builder edits: the stored draft, or what is live when there is none. */
export function draftInput(row: PageRow): PageInput {
  const draft = row.draft;
  if (!draft) return liveInput(row);
  // A draft saved before galleries had settings in it reads the live ones.
  if (row.kind === 'gallery' && !draft.gallery) {
    return { ...draft, gallery: galleryInput(row.settings), navigation: navigationOf(row) };
  }
  return { ...draft, navigation: navigationOf(row) };
}

/** Same content, compared by the fields a publish writes (key order made the same by JSON). */
export function sameContent(a: PageInput, b: PageInput): boolean {
  const pick = (p: PageInput) =>
    JSON.stringify([
      p.title,
      p.slug,
      p.status,
      p.seo,
      p.sections,
      p.folderBehavior ?? null,
      p.gallery ?? null,
    ]);
  return pick(a) === pick(b);
}

export function pageDoc(row: PageRow): PageDoc {
  const kind = kindOf(row);
  return {
    ...draftInput(row),
    id: row.id,
    kind,
    url: pagePath(kind, row.url_id),
    version: row.version,
    hasUnpublishedChanges: row.draft !== null,
    passwordProtected: row.password_hash !== null,
    membersOnly: row.members_only,
    updatedOn: new Date(row.updated_on).toISOString(),
    updatedBy: row.updated_by,
  };
}

export function pageSummary(row: PageRow, itemCount: number | undefined): PageSummary {
  const kind = kindOf(row);
  const summary: PageSummary = {
    id: row.id,
    kind,
    title: row.draft?.title ?? row.title,
    slug: row.url_id,
    url: pagePath(kind, row.url_id),
    status: row.status === 'draft' ? 'draft' : 'published',
    navigation: navigationOf(row),
    passwordProtected: row.password_hash !== null,
    membersOnly: row.members_only,
    hasUnpublishedChanges: row.draft !== null,
  };
  if (itemCount !== undefined) summary.itemCount = itemCount;
  return summary;
}
