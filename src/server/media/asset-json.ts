import type { Selectable } from 'kysely';
import type { MediaAsset } from '../../shared/media/api.js';
import { focalPoint } from '../../shared/images.js';
import type { AssetsTable } from '../content/tables.js';
import { assetUrl } from '../content/asset-files.js';
import { signedFileUrl } from './signed-links.js';

export type AssetRecord = Selectable<AssetsTable>;

/** How long the owner's download link in an asset's JSON works. */
const OWNER_LINK_SECONDS = 3600;

/** The wire shape of one asset (shared/media/api.ts). */
export function mediaAssetJson(row: AssetRecord, now: number): MediaAsset {
  const image = row.kind === 'image';
  return {
    id: row.id,
    kind: row.kind,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    assetUrl: image ? assetUrl(row.id, row.revision) : null,
    revision: row.revision,
    // Generated images (size 0) have no original upload to download.
    downloadUrl:
      row.size > 0 ? signedFileUrl({ id: row.site_id }, row.id, OWNER_LINK_SECONDS, now) : null,
    originalSize: image ? `${row.width}x${row.height}` : null,
    widths: image ? [...row.widths] : [],
    altText: row.alt_text,
    title: row.title,
    focalPoint: focalPoint({ x: row.focal_x, y: row.focal_y }),
    createdOn: new Date(row.created_on).getTime(),
  };
}
