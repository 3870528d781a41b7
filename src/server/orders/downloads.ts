import type { OrderJson } from '../../shared/checkout/api.js';
import {
  deliversFile,
  DOWNLOAD_LINK_SECONDS,
  downloadsAllowed,
} from '../../shared/product/digital-delivery.js';
import { digitalFileIds } from '../catalog/digital-files.js';
import { findAssets } from '../content/content-queries.js';
import type { Db } from '../db/database.js';

/** One file an order delivers, with its signed link. */
export interface DownloadJson {
  itemId: string;
  /** The product's title as bought. */
  title: string;
  /** The file's name, for the link text and the saved file. */
  filename: string;
  /** Absolute, signed and expiring (DOWNLOAD_LINK_SECONDS). */
  url: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * A signed, expiring URL (path or absolute) that serves an asset's file of a website to whoever
 * holds it: the media library's `signedFileUrl`.
 */
export type SignFileUrl = (
  site: { id: string },
  assetId: string,
  expiresInSeconds: number,
  now?: number,
) => string | Promise<string>;

/**
 * The download links of an order (docs/checkout-api.md "Digital downloads"): one per digital
 * product bought whose product names a file, freshly signed on every call — the order page signs
 * again on each visit, so an expired link from the mail is one click from a new one. None until
 * the order may deliver (`downloadsAllowed`). The file is the product's current one: an owner
 * who replaces a broken file fixes it for past buyers too.
 */
export async function orderDownloads(
  deps: { db: Db; sign: SignFileUrl; now: () => number },
  site: { id: string },
  order: Pick<OrderJson, 'lines' | 'status' | 'paymentStatus'>,
  origin: string,
): Promise<DownloadJson[]> {
  if (!downloadsAllowed(order)) return [];
  const lines = order.lines.filter((l) => deliversFile(l.productType));
  if (!lines.length) return [];
  const files = await digitalFileIds(
    deps.db,
    site.id,
    lines.map((l) => l.itemId),
  );
  if (!files.size) return [];
  const assets = await findAssets(deps.db, site.id, files.values());
  const now = deps.now();
  const expiresAt = now + DOWNLOAD_LINK_SECONDS * 1000;
  const out: DownloadJson[] = [];
  for (const line of lines) {
    const assetId = files.get(line.itemId);
    const asset = assetId ? assets.get(assetId) : undefined;
    if (!asset || out.some((d) => d.itemId === line.itemId)) continue;
    const signed = await deps.sign(site, asset.id, DOWNLOAD_LINK_SECONDS, now);
    out.push({
      itemId: line.itemId,
      title: line.title,
      filename: asset.filename,
      url: new URL(signed, origin).href,
      expiresAt,
    });
  }
  return out;
}
