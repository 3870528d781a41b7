import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.js';
import type { DomainRoutes } from '../deps.js';
import { imageUrl, storedWidthFor } from '../../shared/images.js';
import { renderImage } from '../seed/render-image.js';
import { assetFilePath } from './asset-files.js';

export { assetFilePath };

const ASSET_ID = /^[A-Za-z0-9_-]{1,100}$/;
const FILE = /^(\d{1,5})w\.(webp|jpg)$/;
const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;

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
 * Renders an asset's files again from its source in the database (asset_sources), into a
 * temporary folder first and then renamed into place, so a reader — this process or another on
 * the same DATA_DIR — never sees a half-written file. False: no source, nothing to render.
 */
async function regenerate(db: Db, dataDir: string, assetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('asset_sources')
    .innerJoin('assets', 'assets.id', 'asset_sources.asset_id')
    .select(['asset_sources.svg', 'assets.width', 'assets.height'])
    .where('asset_sources.asset_id', '=', assetId)
    .executeTakeFirst();
  if (!row) return false;
  const tmp = path.join(dataDir, 'assets', `.tmp-${crypto.randomUUID()}`);
  try {
    await renderImage({
      dataDir: tmp,
      assetId,
      svg: row.svg,
      width: row.width,
      height: row.height,
    });
    const from = path.join(tmp, 'assets', assetId);
    const to = path.join(dataDir, 'assets', assetId);
    await fs.mkdir(to, { recursive: true });
    for (const f of await fs.readdir(from)) await fs.rename(path.join(from, f), path.join(to, f));
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  return true;
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

  // One re-render per asset at a time in this process.
  const rendering = new Map<string, Promise<boolean>>();
  const readOrRegenerate = async (assetId: string, width: number, ext: 'webp' | 'jpg') => {
    const file = assetFilePath(deps.config.dataDir, assetId, width, ext);
    try {
      return await fs.readFile(file);
    } catch {
      // Not in this DATA_DIR (seeded by another machine, or lost): made again from its source.
      let p = rendering.get(assetId);
      if (!p) {
        p = regenerate(deps.db, deps.config.dataDir, assetId).finally(() =>
          rendering.delete(assetId),
        );
        rendering.set(assetId, p);
      }
      if (!(await p.catch(() => false))) return undefined;
      return fs.readFile(file).catch(() => undefined);
    }
  };

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
    const bytes = await readOrRegenerate(assetId, width, ext);
    if (!bytes) return notFound();
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(CONTENT_TYPES[ext])
      .send(bytes);
  });
};
