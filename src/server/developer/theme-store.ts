import { randomUUID } from 'node:crypto';
import type { ThemeVersionAction, ThemeVersionJson } from '../../shared/developer/api.js';
import type { Db } from '../db/database.js';

/** A stored version row, without its files. */
export interface VersionRow {
  id: string;
  seq: number;
  action: ThemeVersionAction;
  file: string | null;
  actor_email: string | null;
  created_at: Date;
}

const VERSION_COLUMNS = ['id', 'seq', 'action', 'file', 'actor_email', 'created_at'] as const;

export function versionJson(row: VersionRow, liveId: string | undefined): ThemeVersionJson {
  return {
    id: row.id,
    number: row.seq,
    action: row.action,
    file: row.file,
    actorEmail: row.actor_email,
    createdAt: new Date(row.created_at).toISOString(),
    live: row.id === liveId,
  };
}

export async function findDeveloperTheme(db: Db, siteId: string) {
  return db
    .selectFrom('developer_themes')
    .select(['theme', 'live_version_id'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

/** The row, locked until the transaction ends: saves of one website go one at a time. */
export async function lockDeveloperTheme(trx: Db, siteId: string) {
  return trx
    .selectFrom('developer_themes')
    .select(['theme', 'live_version_id'])
    .where('site_id', '=', siteId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findVersion(db: Db, siteId: string, id: string) {
  return db
    .selectFrom('developer_theme_versions')
    .select([...VERSION_COLUMNS, 'files'])
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The version saved just before `seq` (for its diff). */
export async function previousVersion(db: Db, siteId: string, seq: number) {
  return db
    .selectFrom('developer_theme_versions')
    .select([...VERSION_COLUMNS, 'files'])
    .where('site_id', '=', siteId)
    .where('seq', '<', seq)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listVersions(db: Db, siteId: string, limit: number): Promise<VersionRow[]> {
  return db
    .selectFrom('developer_theme_versions')
    .select(VERSION_COLUMNS)
    .where('site_id', '=', siteId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/** The files of the version a website renders (undefined before developer mode was on). */
export async function liveFiles(
  db: Db,
  siteId: string,
): Promise<{ versionId: string; files: Record<string, string> } | undefined> {
  const row = await db
    .selectFrom('developer_themes as t')
    .innerJoin('developer_theme_versions as v', 'v.id', 't.live_version_id')
    .select(['v.id', 'v.files'])
    .where('t.site_id', '=', siteId)
    .executeTakeFirst();
  return row ? { versionId: row.id, files: row.files } : undefined;
}

/** Appends a version and makes it live (creating the website's theme row on the first one). */
export async function insertLiveVersion(
  trx: Db,
  input: {
    siteId: string;
    theme: string;
    action: ThemeVersionAction;
    file: string | null;
    files: Record<string, string>;
    ownerId: string | null;
    actorEmail: string | null;
  },
): Promise<VersionRow> {
  const last = await trx
    .selectFrom('developer_theme_versions')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('site_id', '=', input.siteId)
    .executeTakeFirst();
  const row = await trx
    .insertInto('developer_theme_versions')
    .values({
      id: randomUUID(),
      site_id: input.siteId,
      seq: Number(last?.seq ?? 0) + 1,
      action: input.action,
      file: input.file,
      files: JSON.stringify(input.files),
      owner_id: input.ownerId,
      actor_email: input.actorEmail,
    })
    .returning(VERSION_COLUMNS)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('developer_themes')
    .values({ site_id: input.siteId, theme: input.theme, live_version_id: row.id })
    .onConflict((oc) =>
      oc.column('site_id').doUpdateSet({ live_version_id: row.id, updated_at: new Date() }),
    )
    .execute();
  return row;
}
