import type { Db } from '../../db/database.js';
import {
  VERSIONS_KEPT,
  type VersionSummary,
  type VersionedKind,
} from '../../../shared/content/versions-api.js';

export interface VersionAuthor {
  ownerId: string;
  displayName: string;
}

/**
 * Saves run in quick succession (autosave every few seconds); one author's saves within this
 * window update their last version instead of adding one, so 50 versions span real edits.
 */
export const VERSION_COALESCE_MS = 2 * 60_000;

/**
 * Records a version of a page or item, inside the caller's transaction (pass the transaction as
 * `db`), and deletes the ones past the newest `VERSIONS_KEPT`. `label` 'Saved' coalesces with
 * the same author's previous 'Saved' version when it is recent; other labels ('Published',
 * 'Restored from version 3') always add one.
 */
export async function recordVersion(
  db: Db,
  args: {
    siteId: string;
    kind: VersionedKind;
    targetId: string;
    doc: unknown;
    label: string;
    author: VersionAuthor | null;
  },
): Promise<number> {
  const { siteId, kind, targetId, label, author } = args;
  const doc = JSON.stringify(args.doc);
  const last = await db
    .selectFrom('content_versions')
    .select(['n', 'label', 'author_id', 'created_on'])
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  const coalesce =
    last &&
    label === 'Saved' &&
    last.label === 'Saved' &&
    last.author_id === (author?.ownerId ?? null) &&
    Date.now() - new Date(last.created_on).getTime() < VERSION_COALESCE_MS;
  if (coalesce) {
    await db
      .updateTable('content_versions')
      .set({ doc })
      .where('kind', '=', kind)
      .where('target_id', '=', targetId)
      .where('n', '=', last.n)
      .execute();
    return last.n;
  }
  const n = (last?.n ?? 0) + 1;
  await db
    .insertInto('content_versions')
    .values({
      site_id: siteId,
      kind,
      target_id: targetId,
      n,
      doc,
      label,
      author_id: author?.ownerId ?? null,
      author_name: author?.displayName ?? null,
    })
    .execute();
  await db
    .deleteFrom('content_versions')
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('n', '<=', n - VERSIONS_KEPT)
    .execute();
  return n;
}

/** Newest first. */
export async function listVersions(
  db: Db,
  siteId: string,
  kind: VersionedKind,
  targetId: string,
): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom('content_versions')
    .select(['n', 'label', 'author_name', 'created_on'])
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .orderBy('n', 'desc')
    .execute();
  return rows.map(summaryOf);
}

/** One version with its document, or undefined (also for another website's). */
export async function findVersion(
  db: Db,
  siteId: string,
  kind: VersionedKind,
  targetId: string,
  n: number,
): Promise<{ version: VersionSummary; doc: unknown } | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .select(['n', 'label', 'author_name', 'created_on', 'doc'])
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('n', '=', n)
    .executeTakeFirst();
  return row ? { version: summaryOf(row), doc: row.doc } : undefined;
}

/** A deleted page or item takes its versions with it. */
export async function deleteVersions(db: Db, kind: VersionedKind, targetId: string): Promise<void> {
  await db
    .deleteFrom('content_versions')
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .execute();
}

function summaryOf(row: {
  n: number;
  label: string;
  author_name: string | null;
  created_on: Date | string;
}): VersionSummary {
  return {
    n: row.n,
    label: row.label,
    author: row.author_name,
    createdOn: new Date(row.created_on).toISOString(),
  };
}
