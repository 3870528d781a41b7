import type { Db } from '../db/database.js';
import type { DomainRoutes } from '../deps.js';
import { imageUrl, storedWidthFor } from '../../shared/images.js';
import { renderImage } from '../seed/render-image.js';
import { storageFor, type ObjectStorage } from '../media/storage/index.js';
import { assetUrl, imageKey, parseAssetSegment, type ImageExt } from './asset-files.js';

export { assetUrl };

const FILE = /^(\d{1,5})w\.(webp|jpg)$/;
const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;

interface StoredImage {
  widths: number[];
  revision: number;
}

async function storedImage(
  db: Db,
  siteId: string,
  assetId: string,
): Promise<StoredImage | undefined> {
  const row = await db
    .selectFrom('assets')
    .select(['widths', 'revision'])
    .where('id', '=', assetId)
    .where('site_id', '=', siteId)
    .where('kind', '=', 'image')
    .executeTakeFirst();
  return row ? { widths: [...row.widths], revision: row.revision } : undefined;
}

/**
 * Renders a generated image's widths again from its source in the database (asset_sources) into
 * the storage (each put is atomic). False: no source — an upload whose objects are gone.
 */
async function regenerate(db: Db, storage: ObjectStorage, assetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('asset_sources')
    .innerJoin('assets', 'assets.id', 'asset_sources.asset_id')
    .select(['asset_sources.svg', 'assets.width', 'assets.height', 'assets.revision'])
    .where('asset_sources.asset_id', '=', assetId)
    .executeTakeFirst();
  // A replaced generated image is an upload now: its source no longer describes it.
  if (!row || row.revision !== 1) return false;
  await renderImage({ storage, assetId, svg: row.svg, width: row.width, height: row.height });
  return true;
}

/**
 * `GET /static/images/{assetId}/{width}w.{webp|jpg}`: a stored image width of one of this
 * website's assets, streamed from the media storage (DATA_DIR or S3, so with S3 any process
 * serves any image). A URL's bytes never change — a replacement gets a new revision and so a new
 * URL (`{assetId}.r{n}`, asset-files.ts) — so files are cached for a year as immutable. Other
 * websites' assets, files and widths not stored are 404.
 */
export const imageRoutes: DomainRoutes = async (app, deps) => {
  const storage = storageFor(deps.config);
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
   * copy when the original is narrower) of the current revision, WebP when the browser accepts
   * it, else JPEG.
   */
  app.get('/static/images/:assetId', async (req, reply) => {
    const { assetId } = req.params as { assetId: string };
    const format = (req.query as { format?: unknown }).format;
    const notFound = () =>
      reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    const seg = parseAssetSegment(assetId);
    if (!seg || (format !== undefined && typeof format !== 'string')) return notFound();
    const image = await storedImage(deps.db, req.site.id, seg.id);
    const width = image && storedWidthFor(format, image.widths);
    if (!image || !width) return notFound();
    const ext = /\bimage\/webp\b/.test(req.headers.accept ?? '') ? 'webp' : 'jpg';
    // An older revision's URL is not cached long: it now points at the replacement.
    const maxAge = seg.revision === image.revision ? 86400 : 60;
    return reply
      .header('cache-control', `public, max-age=${maxAge}`)
      .header('vary', 'Accept')
      .redirect(imageUrl(assetUrl(seg.id, image.revision), width, ext), 302);
  });

  // One re-render per asset at a time in this process.
  const rendering = new Map<string, Promise<boolean>>();
  const readOrRegenerate = async (assetId: string, width: number, ext: ImageExt) => {
    const key = imageKey(assetId, 1, width, ext);
    const found = await storage.get(key);
    if (found) return found;
    // Not in the storage (seeded on another machine's disk, or lost): made again from its source.
    let p = rendering.get(assetId);
    if (!p) {
      p = regenerate(deps.db, storage, assetId).finally(() => rendering.delete(assetId));
      rendering.set(assetId, p);
    }
    if (!(await p.catch(() => false))) return undefined;
    return storage.get(key);
  };

  app.get('/static/images/:assetId/:file', async (req, reply) => {
    const { assetId, file } = req.params as { assetId: string; file: string };
    const m = FILE.exec(file);
    const seg = parseAssetSegment(assetId);
    const notFound = () =>
      reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    if (!seg || !m) return notFound();
    const width = Number(m[1]);
    const ext = m[2] as ImageExt;
    const image = await storedImage(deps.db, req.site.id, seg.id);
    if (!image?.widths.includes(width)) return notFound();
    if (seg.revision !== image.revision) {
      // A page or browser that still holds the old URL gets the replacement, briefly cached.
      return reply
        .header('cache-control', 'public, max-age=60')
        .redirect(imageUrl(assetUrl(seg.id, image.revision), width, ext), 302);
    }
    const found =
      image.revision === 1
        ? await readOrRegenerate(seg.id, width, ext)
        : await storage.get(imageKey(seg.id, image.revision, width, ext));
    if (!found) return notFound();
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', String(found.size))
      .type(CONTENT_TYPES[ext])
      .send(found.body);
  });
};
