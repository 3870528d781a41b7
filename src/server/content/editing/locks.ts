import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  LOCK_TTL_MS,
  type LockResponse,
  type VersionedKind,
} from '../../../shared/content/versions-api.js';
import { ErrorCode } from '../../../shared/errors.js';
import { appError } from '../../errors/app-error.js';

export interface LockOwner {
  ownerId: string;
  displayName: string;
}

/**
 * Edit locks: who has a page or item open in /config. The holder renews it (POST …/lock) every
 * third of `LOCK_TTL_MS`; a lock not renewed lapses, so a closed tab never blocks anyone for
 * long. Times are the database's (`now()`), so several processes agree.
 */
export async function takeLock(
  db: Db,
  args: { siteId: string; kind: VersionedKind; targetId: string; owner: LockOwner },
): Promise<LockResponse> {
  const { siteId, kind, targetId, owner } = args;
  const ttl = sql<Date>`now() + ${`${LOCK_TTL_MS} milliseconds`}::interval`;
  // Take it when free, lapsed or already ours; otherwise leave the holder's row alone.
  await db
    .insertInto('content_locks')
    .values({
      site_id: siteId,
      kind,
      target_id: targetId,
      owner_id: owner.ownerId,
      owner_name: owner.displayName,
      expires_at: ttl,
    })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'target_id'])
        .doUpdateSet({
          owner_id: owner.ownerId,
          owner_name: owner.displayName,
          site_id: siteId,
          since: sql<Date>`case when content_locks.owner_id = excluded.owner_id and content_locks.expires_at > now() then content_locks.since else now() end`,
          expires_at: ttl,
        })
        .where((eb) =>
          eb.or([
            eb('content_locks.owner_id', '=', owner.ownerId),
            eb('content_locks.expires_at', '<=', sql<Date>`now()`),
          ]),
        ),
    )
    .execute();
  return readLock(db, { siteId, kind, targetId, ownerId: owner.ownerId });
}

export async function readLock(
  db: Db,
  args: { siteId: string; kind: VersionedKind; targetId: string; ownerId: string },
): Promise<LockResponse> {
  const row = await db
    .selectFrom('content_locks')
    .select(['owner_id', 'owner_name', 'since', 'expires_at'])
    .where('site_id', '=', args.siteId)
    .where('kind', '=', args.kind)
    .where('target_id', '=', args.targetId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return { mine: false, holder: null, expiresAt: null };
  return {
    mine: row.owner_id === args.ownerId,
    holder: {
      ownerId: row.owner_id,
      name: row.owner_name,
      since: new Date(row.since).toISOString(),
    },
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

export async function releaseLock(
  db: Db,
  args: { siteId: string; kind: VersionedKind; targetId: string; ownerId: string },
): Promise<void> {
  await db
    .deleteFrom('content_locks')
    .where('site_id', '=', args.siteId)
    .where('kind', '=', args.kind)
    .where('target_id', '=', args.targetId)
    .where('owner_id', '=', args.ownerId)
    .execute();
}

/**
 * Every save calls this first: refused with 423 CONTENT_LOCKED ('This page is locked.') when
 * another owner holds a live lock. Saving without holding a free lock is allowed (API clients).
 */
export async function assertNotLockedByOther(
  db: Db,
  args: { siteId: string; kind: VersionedKind; targetId: string; ownerId: string },
): Promise<void> {
  const lock = await readLock(db, args);
  if (lock.holder && !lock.mine) {
    throw appError(ErrorCode.CONTENT_LOCKED, undefined, { holder: lock.holder });
  }
}

/** A deleted page or item drops its lock. */
export async function dropLocks(db: Db, kind: VersionedKind, targetId: string): Promise<void> {
  await db
    .deleteFrom('content_locks')
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .execute();
}
