/**
 * The media library's wire contract (issue 12): /config's media screen and pickers, and
 * `src/server/media/`. Documented in docs/media.md.
 */

/** Owner routes. */
export const MediaApi = {
  /** GET ?q=&kind=&cursor=&limit= → MediaListResponse; POST multipart (`file`) → 201 { asset } */
  list: '/api/media',
  /** GET → { asset }; PATCH MediaPatch → { asset }; DELETE → 204 (409 MEDIA_IN_USE when used) */
  one: (id: string) => `/api/media/${encodeURIComponent(id)}`,
  /** PUT multipart (`file`) → { asset }: new bytes, same asset, new URLs. */
  replace: (id: string) => `/api/media/${encodeURIComponent(id)}/file`,
  /** GET ?expires=&signature= → the original bytes as an attachment (`signedFileUrl`, no sign-in). */
  download: (id: string) => `/api/media/${encodeURIComponent(id)}/download`,
} as const;

export type MediaKind = 'image' | 'file';

/** One asset of the media library. */
export interface MediaAsset {
  id: string;
  kind: MediaKind;
  filename: string;
  contentType: string;
  /** Bytes of the original upload. */
  size: number;
  /**
   * Images: `/static/images/{id}` (append `/{width}w.webp`), `/static/images/{id}.r{n}` after the
   * n-th replacement (the files are served immutable, so new bytes get a new URL); files: null
   * (never public: delivered by signed link).
   */
  assetUrl: string | null;
  /** Bumped by every replacement of the bytes. */
  revision: number;
  /**
   * For the owner: a signed link (valid an hour) that downloads the original upload; null for
   * generated images, which have no original.
   */
  downloadUrl: string | null;
  /** Images: 'WxH'; files: null. */
  originalSize: string | null;
  /** Images: the stored widths (SPEC 9.2). */
  widths: number[];
  altText: string;
  title: string;
  /** SPEC 3.7 mediaFocalPoint, 0–1 each. */
  focalPoint: { x: number; y: number };
  /** Epoch milliseconds. */
  createdOn: number;
}

/** Where an asset is used; DELETE answers 409 MEDIA_IN_USE with `usedBy: MediaUsage[]`. */
export interface MediaUsage {
  /** The item's id, or the page's (collection's) for a page block. */
  itemId: string;
  title: string;
  /** 'main image' | 'gallery' | 'variant image' | 'digital file' | 'page image block' | 'page gallery block' */
  role: string;
}

export interface MediaListResponse {
  assets: MediaAsset[];
  nextCursor: string | null;
}

export interface MediaPatch {
  /** 'Please enter a file name' when blank. */
  filename?: string;
  altText?: string;
  title?: string;
  focalPoint?: { x: number; y: number };
}

/** What uploads accept; the server checks the bytes, not the name. */
export const MediaLimits = {
  imageBytesMax: 20 * 1024 * 1024,
  fileBytesMax: 100 * 1024 * 1024,
  /** Images larger than this on a side are refused before decoding (decompression bombs). */
  imagePixelsMax: 100_000_000,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
  listPageMax: 100,
} as const;
