/**
 * Where an asset's bytes live in the media storage (media/storage) and which URL serves them —
 * one home for both, so the seed, the image routes, the media library and the pages agree.
 *
 * Image widths: `assets/{assetId}/{width}w.{ext}` for revision 1 (what every seeded image has,
 * and where DATA_DIR kept them before the media library), `assets/{assetId}/r{n}/{width}w.{ext}`
 * after the n-th replacement. Files: `files/{assetId}/r{n}`.
 */

export type ImageExt = 'webp' | 'jpg';

export function imageKey(assetId: string, revision: number, width: number, ext: ImageExt): string {
  const rev = revision > 1 ? `/r${revision}` : '';
  return `assets/${assetId}${rev}/${width}w.${ext}`;
}

export function fileKey(assetId: string, revision: number): string {
  return `files/${assetId}/r${revision}`;
}

/** Every object one revision of an asset has. */
export function assetKeys(a: {
  id: string;
  kind: 'image' | 'file';
  revision: number;
  widths: readonly number[];
}): string[] {
  if (a.kind === 'file') return [fileKey(a.id, a.revision)];
  return a.widths.flatMap((w) => [
    imageKey(a.id, a.revision, w, 'webp'),
    imageKey(a.id, a.revision, w, 'jpg'),
  ]);
}

/**
 * `assetUrl` of an image (templates append `/{width}w.webp`). Its files are served immutable, so
 * a replaced image needs a new URL: revision n > 1 adds `.r{n}` to the id segment.
 */
export function assetUrl(assetId: string, revision = 1): string {
  return revision > 1 ? `/static/images/${assetId}.r${revision}` : `/static/images/${assetId}`;
}

const SEGMENT = /^([A-Za-z0-9_-]{1,100})(?:\.r([1-9]\d{0,8}))?$/;

/** The `{assetId}` or `{assetId}.r{n}` segment of an image URL → id and revision. */
export function parseAssetSegment(segment: string): { id: string; revision: number } | undefined {
  const m = SEGMENT.exec(segment);
  return m ? { id: m[1]!, revision: m[2] ? Number(m[2]) : 1 } : undefined;
}
