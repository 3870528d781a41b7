import { RecordType } from '../../../shared/enums.js';
import { altText, focalPoint, widthsFor } from '../../../shared/images.js';
import type { AssetRow, CollectionRow, ItemRow } from '../../content/content-queries.js';
import { assetUrl } from '../../content/asset-files.js';
import { commentsVisible } from '../../../shared/product/rules.js';
import type { ImageJson, ItemJson, LocationJson, WebsiteSettingsJson } from './types.js';

/** SPEC 3.10 record type → the label Squarespace's JSON carries as `recordTypeLabel`. */
const RECORD_TYPE_LABELS = new Map<number, string>(
  Object.entries(RecordType).map(([name, code]) => [code, name.toLowerCase().replace(/_/g, '-')]),
);

/** SPEC 3.7 image asset JSON; templates append `/{width}w.webp` to `assetUrl`. */
export function imageJson(asset: AssetRow): ImageJson {
  return {
    id: asset.id,
    // The revision is part of the URL: a replaced image's files are new URLs (asset-files.ts).
    assetUrl: assetUrl(asset.id, asset.revision),
    originalSize: `${asset.width}x${asset.height}`,
    mediaFocalPoint: focalPoint({ x: asset.focal_x, y: asset.focal_y }),
    // Resolved here once so every template gets SPEC 9.2's fallback without repeating it.
    altText: altText(asset.alt_text, asset.body) || asset.title,
    title: asset.title,
    body: asset.body,
    filename: asset.filename,
    colorData: asset.color_data,
    systemDataVariants: (asset.widths.length ? asset.widths : widthsFor(asset.width))
      .map((w) => `${w}w`)
      .join(','),
    width: asset.width,
    height: asset.height,
  };
}

/** A collection's path: '/' for the home page, '/shop' otherwise. */
export function collectionUrl(urlId: string): string {
  return urlId === '' ? '/' : `/${urlId}`;
}

/** DESIGN 8: products live at `/{collection}/p/{slug}`, other items at `/{collection}/{slug}`. */
export function itemUrl(collection: Pick<CollectionRow, 'url_id' | 'kind'>, urlId: string): string {
  const base = collection.url_id === '' ? '' : `/${collection.url_id}`;
  return collection.kind === 'products' ? `${base}/p/${urlId}` : `${base}/${urlId}`;
}

function epoch(d: Date | string): number {
  return (d instanceof Date ? d : new Date(d)).getTime();
}

/** SPEC 3.7 item JSON (without commerce data; the builders add `structuredContent`). */
export function itemJson(
  row: ItemRow,
  collection: Pick<CollectionRow, 'url_id' | 'kind'>,
  assets: Map<string, AssetRow>,
  settings: Pick<WebsiteSettingsJson, 'commentsEnabled'>,
): ItemJson {
  const main = row.main_image_id ? assets.get(row.main_image_id) : undefined;
  const json: ItemJson = {
    id: row.id,
    collectionId: row.collection_id,
    urlId: row.url_id,
    fullUrl: itemUrl(collection, row.url_id),
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    recordType: row.record_type,
    recordTypeLabel: RECORD_TYPE_LABELS.get(row.record_type) ?? 'text',
    publishOn: epoch(row.published_on),
    addedOn: epoch(row.published_on),
    likeCount: row.like_count,
    publicCommentCount: row.public_comment_count,
    commentState: row.comment_state,
    commentsVisible: commentsVisible(
      { commentState: row.comment_state, publicCommentCount: row.public_comment_count },
      settings,
    ),
    categories: row.categories,
    tags: row.tags,
    starred: row.starred,
  };
  if (row.author) json.author = { displayName: row.author.displayName };
  if (typeof row.data.externalLink === 'string') json.externalLink = row.data.externalLink;
  if (main) {
    const image = imageJson(main);
    json.mainImageId = main.id;
    json.systemDataId = main.id;
    json.assetUrl = image.assetUrl;
    json.mainImage = image;
  }
  const extra = row.asset_ids.flatMap((id) => {
    const a = assets.get(id);
    return a ? [imageJson(a)] : [];
  });
  if (extra.length) json.items = extra;
  if (row.start_date !== null) json.startDate = Number(row.start_date);
  if (row.end_date !== null) json.endDate = Number(row.end_date);
  if (row.location) json.location = row.location as LocationJson;
  return json;
}

/** Asset ids an item shows (main image first). */
export function assetIdsOf(rows: ItemRow[]): string[] {
  return rows.flatMap((r) => [...(r.main_image_id ? [r.main_image_id] : []), ...r.asset_ids]);
}
