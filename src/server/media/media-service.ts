import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { ErrorCode } from '../../shared/errors.js';
import {
  MediaLimits,
  type MediaAsset,
  type MediaKind,
  type MediaListResponse,
  type MediaPatch,
} from '../../shared/media/api.js';
import { fileTypeText } from '../../shared/media/messages.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import type { DomainEvents } from '../events.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import { assetKeys, fileKey } from '../content/asset-files.js';
import { mediaAssetJson, type AssetRecord } from './asset-json.js';
import { storeImage } from './image-pipeline.js';
import { inspectUpload, type InspectedUpload } from './inspect-upload.js';
import type { ReceivedFile } from './receive-upload.js';
import type { ObjectStorage } from './storage/index.js';
import { usesOf } from './usage.js';

export interface MediaDeps {
  db: Db;
  storage: ObjectStorage;
  events: DomainEvents;
  now: () => number;
}

/** Every object of one revision: the widths, and the original when it was uploaded. */
function objectsOf(row: Pick<AssetRecord, 'id' | 'kind' | 'revision' | 'widths' | 'size'>) {
  const keys = assetKeys(row);
  if (row.kind === 'image' && row.size > 0) keys.push(fileKey(row.id, row.revision));
  return keys;
}

/**
 * Stores what an inspected upload becomes under one revision: the image widths and, for every
 * upload, the original bytes (a digital file's download; an image's original). All or nothing:
 * on a failure the objects already put are removed.
 */
async function storeUpload(
  storage: ObjectStorage,
  id: string,
  revision: number,
  file: ReceivedFile,
  inspected: InspectedUpload,
): Promise<string[]> {
  const keys: string[] = [];
  try {
    if (inspected.kind === 'image') {
      keys.push(...(await storeImage(storage, id, revision, inspected.encoded)));
    }
    const original = fileKey(id, revision);
    keys.push(original);
    await storage.put(original, fs.createReadStream(file.path), {
      contentType: inspected.contentType,
      size: file.size,
    });
  } catch (err) {
    await storage.delete(keys).catch(() => undefined);
    throw err;
  }
  return keys;
}

function imageColumns(inspected: InspectedUpload) {
  return inspected.kind === 'image'
    ? {
        width: inspected.width,
        height: inspected.height,
        widths: JSON.stringify(inspected.encoded.widths),
        color_data: JSON.stringify(inspected.encoded.colorData),
      }
    : { width: 0, height: 0, widths: '[]', color_data: '{}' };
}

/** A new asset from an upload. Nothing is stored when it is refused or when a step fails. */
export async function createAsset(
  deps: MediaDeps,
  siteId: string,
  file: ReceivedFile,
): Promise<MediaAsset> {
  const inspected = await inspectUpload(file);
  const id = crypto.randomUUID();
  const keys = await storeUpload(deps.storage, id, 1, file, inspected);
  try {
    const row = await deps.db
      .insertInto('assets')
      .values({
        id,
        site_id: siteId,
        kind: inspected.kind,
        filename: file.filename,
        content_type: inspected.contentType,
        size: file.size,
        ...imageColumns(inspected),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return mediaAssetJson(row, deps.now());
  } catch (err) {
    await deps.storage.delete(keys).catch(() => undefined);
    throw err;
  }
}

async function findRow(db: Db, siteId: string, id: string): Promise<AssetRecord> {
  const row = await db
    .selectFrom('assets')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return row;
}

export async function getAsset(deps: MediaDeps, siteId: string, id: string): Promise<MediaAsset> {
  return mediaAssetJson(await findRow(deps.db, siteId, id), deps.now());
}

/** `%`, `_` and `\` are LIKE wildcards; a search must match them literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The cursor is the last row's (created_on to the microsecond, id), opaque to clients. */
function encodeCursor(createdOn: string, id: string): string {
  return Buffer.from(JSON.stringify([createdOn, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(v[0]) &&
      typeof v[1] === 'string'
    ) {
      return [v[0], v[1]];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw appError(ErrorCode.VALIDATION, 'The cursor is not one this list gave.');
}

/**
 * The library newest first, a page at a time. `q`: every word must appear in the file name, the
 * title or the alt text (case-insensitive); `kind`: images or files only.
 */
export async function listAssets(
  deps: MediaDeps,
  siteId: string,
  opts: { q?: string; kind?: MediaKind; cursor?: string; limit?: number },
): Promise<MediaListResponse> {
  const limit = Math.min(opts.limit ?? 50, MediaLimits.listPageMax);
  const createdText = sql<string>`to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  let query = deps.db
    .selectFrom('assets')
    .selectAll()
    .select(createdText.as('created_text'))
    .where('site_id', '=', siteId);
  if (opts.kind) query = query.where('kind', '=', opts.kind);
  for (const word of (opts.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10)) {
    const p = likePattern(word);
    query = query.where((eb) =>
      eb.or([eb('filename', 'ilike', p), eb('title', 'ilike', p), eb('alt_text', 'ilike', p)]),
    );
  }
  if (opts.cursor) {
    const [createdOn, id] = decodeCursor(opts.cursor);
    query = query.where(sql<boolean>`(created_on, id) < (${createdOn}::timestamptz, ${id})`);
  }
  const rows = await query
    .orderBy('created_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    assets: page.map((r) => mediaAssetJson(r, deps.now())),
    nextCursor: rows.length > limit && last ? encodeCursor(last.created_text, last.id) : null,
  };
}

/**
 * Rename, alt text, title, focal point. A blank name is SPEC 5.7's 'Please enter a file name'.
 * Pages show all four (alt text, title, focal point, and the file name in the image JSON), so the
 * save bumps the content version and every process drops the website's cached pages.
 */
export async function patchAsset(
  deps: MediaDeps,
  siteId: string,
  id: string,
  patch: MediaPatch,
): Promise<MediaAsset> {
  const filename = patch.filename?.trim();
  if (patch.filename !== undefined && !filename) throw appError(ErrorCode.FILE_NAME_REQUIRED);
  const changes = {
    ...(filename !== undefined ? { filename } : {}),
    ...(patch.altText !== undefined ? { alt_text: patch.altText.trim() } : {}),
    ...(patch.title !== undefined ? { title: patch.title.trim() } : {}),
    ...(patch.focalPoint ? { focal_x: patch.focalPoint.x, focal_y: patch.focalPoint.y } : {}),
  };
  // Nothing to change (an empty PATCH): the asset as it is, no write and no cache dropped —
  // an UPDATE with an empty SET is not SQL (the fuzz suite's 500).
  if (Object.keys(changes).length === 0) return getAsset(deps, siteId, id);
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('assets')
      .set(changes)
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw appError(ErrorCode.NOT_FOUND);
    await bumpContentVersion(trx, siteId);
    return updated;
  });
  deps.events.emit('content-changed', { siteId });
  return mediaAssetJson(row, deps.now());
}

/**
 * New bytes for an asset, same id: an image stays an image (products show it), a file a file
 * (products deliver it). A replacement first claims a revision number of its own (one short
 * update), stores that revision's objects outside any transaction (a 100 MB put must not hold
 * the database), then moves the row to it unless a later revision got there first — two
 * replacements at once never write the same keys, and the last claimed wins. The old revision's
 * objects then go. Pages build the new revision's URLs (the content version bump drops cached
 * pages), and the old URLs redirect to the new files.
 */
export async function replaceAsset(
  deps: MediaDeps,
  siteId: string,
  id: string,
  file: ReceivedFile,
): Promise<MediaAsset> {
  const current = await findRow(deps.db, siteId, id);
  const inspected = await inspectUpload(file);
  if (inspected.kind !== current.kind) {
    throw appError(ErrorCode.FILE_TYPE_UNSUPPORTED, fileTypeText(file.filename, current.kind));
  }
  const claim = await deps.db
    .updateTable('assets')
    .set((eb) => ({ revision_claimed: eb('revision_claimed', '+', 1) }))
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returning('revision_claimed')
    .executeTakeFirst();
  if (!claim) throw appError(ErrorCode.NOT_FOUND);
  const revision = claim.revision_claimed;
  const keys = await storeUpload(deps.storage, id, revision, file, inspected);
  let moved: { old: AssetRecord; row: AssetRecord } | undefined;
  try {
    moved = await deps.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('assets')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!old) throw appError(ErrorCode.NOT_FOUND);
      if (old.revision > revision) return undefined;
      const row = await trx
        .updateTable('assets')
        .set({
          revision,
          content_type: inspected.contentType,
          size: file.size,
          ...imageColumns(inspected),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // A replaced generated image has no source any more: nothing may re-render the old art.
      await trx.deleteFrom('asset_sources').where('asset_id', '=', id).execute();
      await bumpContentVersion(trx, siteId);
      return { old, row };
    });
  } catch (err) {
    await deps.storage.delete(keys).catch(() => undefined);
    throw err;
  }
  if (!moved) {
    // A later replacement won; this one's objects are no one's.
    await deps.storage.delete(keys).catch(() => undefined);
    return getAsset(deps, siteId, id);
  }
  deps.events.emit('content-changed', { siteId });
  await deps.storage.delete(objectsOf(moved.old)).catch(() => undefined);
  return mediaAssetJson(moved.row, deps.now());
}

/**
 * Deletes an asset: its row, then its objects. Refused (409 MEDIA_IN_USE, `usedBy` listing the
 * items) while a product or page item uses it: deleting would leave products with missing
 * pictures, or a sold digital product with nothing to deliver. The owner detaches it first.
 */
export async function deleteAsset(deps: MediaDeps, siteId: string, id: string): Promise<void> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('assets')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw appError(ErrorCode.NOT_FOUND);
    const usedBy = await usesOf(trx, siteId, id);
    if (usedBy.length > 0) throw appError(ErrorCode.MEDIA_IN_USE, undefined, { usedBy });
    await trx.deleteFrom('assets').where('id', '=', id).execute();
    await bumpContentVersion(trx, siteId);
    return found;
  });
  deps.events.emit('content-changed', { siteId });
  // After the commit: a failed delete of objects leaves unreachable bytes, never a row without them.
  await deps.storage.delete(objectsOf(row)).catch(() => undefined);
}
