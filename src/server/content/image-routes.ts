import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.js';
import type { DomainRoutes } from '../deps.js';
import { imageUrl, storedWidthFor } from '../../shared/images.js';

const ASSET_ID = /^[A-Za-z0-9_-]{1,100}$/;
const FILE = /^(\d{1,5})w\.(webp|jpg)$/;
const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** Where an asset's stored width lives: DATA_DIR/assets/{assetId}/{width}w.{ext}. */
export function assetFilePath(
  dataDir: string,
  assetId: string,
  width: number,
  ext: 'webp' | 'jpg',
): string {
  return path.join(dataDir, 'assets', assetId, `${width}w.${ext}`);
}

/** `assetUrl` of an asset in template contexts; templates append '/{width}w.webp'. */
export function assetUrl(assetId: string): string {
  return `/static/images/${assetId}`;
}

async function storedWidths(
  db: Db,
  siteId: string,
  assetId: string,
): Promise<number[] | undefined> {
  const row = await db
    .selectFrom('assets')
    .select('widths')
    .where('id', '=', assetId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row ? [...row.widths] : undefined;
}

/**
 * `GET /static/images/{assetId}/{width}w.{webp|jpg}`: a stored image width of one of this
 * website's assets. Files never change once written (a new image gets a new id), so they are
 * cached for a year as immutable. Other websites' assets are 404, as are widths not stored.
 */
export const imageRoutes: DomainRoutes = async (app, deps) => {
  // The request context gives every GET without a crumb a Set-Cookie; shared caches refuse to
  // store responses carrying one, and an image needs no crumb. Drop it for images.
  app.addHook('onSend', async (req, reply, payload) => {
    const answered = reply.statusCode === 200 || reply.statusCode === 302;
    if (req.routeOptions.url?.startsWith('/static/images/') && answered) {
      reply.removeHeader('set-cookie');
    }
    return payload;
  });

  /**
   * `GET /static/images/{assetId}?format={w}w` (and bare, or `format=original`): the URLs the
   * engine's built-in image helpers build. Redirects to the stored file of that width (the widest
   * copy when the original is narrower), WebP when the browser accepts it, else JPEG.
   */
  app.get('/static/images/:assetId', async (req, reply) => {
    const { assetId } = req.params as { assetId: string };
    const format = (req.query as { format?: unknown }).format;
    const notFound = () =>
      reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    if (!ASSET_ID.test(assetId) || (format !== undefined && typeof format !== 'string')) {
      return notFound();
    }
    const widths = await storedWidths(deps.db, req.site.id, assetId);
    const width = widths && storedWidthFor(format, widths);
    if (!width) return notFound();
    const ext = /\bimage\/webp\b/.test(req.headers.accept ?? '') ? 'webp' : 'jpg';
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('vary', 'Accept')
      .redirect(imageUrl(assetUrl(assetId), width, ext), 302);
  });

  app.get('/static/images/:assetId/:file', async (req, reply) => {
    const { assetId, file } = req.params as { assetId: string; file: string };
    const m = FILE.exec(file);
    const notFound = () =>
      reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    if (!ASSET_ID.test(assetId) || !m) return notFound();
    const width = Number(m[1]);
    const ext = m[2] as 'webp' | 'jpg';
    const widths = await storedWidths(deps.db, req.site.id, assetId);
    if (!widths?.includes(width)) return notFound();
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(assetFilePath(deps.config.dataDir, assetId, width, ext));
    } catch {
      return notFound();
    }
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(CONTENT_TYPES[ext])
      .send(bytes);
  });
};
