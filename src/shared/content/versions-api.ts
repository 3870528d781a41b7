/**
 * Versions and edit locks of pages and items (issue 13), shared by the page builder and the item
 * editor. `kind` in the routes is `pages` or `items`. Documented in docs/editor.md.
 */

export type VersionedKind = 'pages' | 'items';

/** How many versions are kept per page or item; older ones are deleted on save. */
export const VERSIONS_KEPT = 50;

export interface VersionSummary {
  /** 1, 2, 3… per page or item. */
  n: number;
  createdOn: string;
  /** The owner's display name or email. */
  author: string | null;
  /** 'Saved', 'Published', 'Restored from version 3'. */
  label: string;
}

export interface VersionListResponse {
  versions: VersionSummary[];
}

/** One version's document: a `PageInput` or an `ItemInput`. */
export interface VersionDocResponse<T = unknown> {
  version: VersionSummary;
  doc: T;
}

/** How long an edit lock lasts without a heartbeat; the editor renews it every third of this. */
export const LOCK_TTL_MS = 60_000;

export interface LockHolder {
  ownerId: string;
  name: string;
  since: string;
}

/**
 * POST …/lock (take or renew), DELETE …/lock (release). `mine` is false when someone else holds
 * it: the editor shows who, and saves are refused with 423 CONTENT_LOCKED ('This page is locked.').
 */
export interface LockResponse {
  mine: boolean;
  holder: LockHolder | null;
  expiresAt: string | null;
}

export const VersionApi = {
  list: (kind: VersionedKind, id: string) =>
    `/api/content/${kind}/${encodeURIComponent(id)}/versions`,
  one: (kind: VersionedKind, id: string, n: number) =>
    `/api/content/${kind}/${encodeURIComponent(id)}/versions/${n}`,
  restore: (kind: VersionedKind, id: string, n: number) =>
    `/api/content/${kind}/${encodeURIComponent(id)}/versions/${n}/restore`,
  lock: (kind: VersionedKind, id: string) => `/api/content/${kind}/${encodeURIComponent(id)}/lock`,
} as const;
