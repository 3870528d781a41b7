import type { Compiler } from '@squarespace/template-engine';
import {
  themeFileKind,
  type DeveloperStatusJson,
  type ThemeFileChangeJson,
  type ThemeVersionAction,
  type ThemeVersionDiffJson,
  type ThemeVersionJson,
} from '../../shared/developer/api.js';
import type { AuditAction } from '../../shared/team/audit.js';
import { ErrorCode } from '../../shared/errors.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import type { DomainEvents } from '../events.js';
import { readThemeDir } from '../render/theme.js';
import { bumpContentVersion, type Site } from '../sites/site-queries.js';
import { assertThemeCompiles, assertThemeShape } from './theme-check.js';
import {
  findDeveloperTheme,
  findVersion,
  insertLiveVersion,
  listVersions,
  liveFiles,
  lockDeveloperTheme,
  previousVersion,
  versionJson,
} from './theme-store.js';

export interface DeveloperDeps {
  db: Db;
  events: DomainEvents;
  compiler: Compiler;
  /** The folder of a theme name (`ThemeCache.folder`): the copy's origin and reset's target. */
  themeFolder: (theme: string) => string;
}

/** The files of a theme folder that developer mode edits (templates, partials, CSS, settings). */
export function originalFiles(deps: DeveloperDeps, theme: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [p, text] of readThemeDir(deps.themeFolder(theme))) {
    if (themeFileKind(p)) files[p] = text;
  }
  return files;
}

async function actorEmail(db: Db, ownerId: string | null): Promise<string | null> {
  if (!ownerId) return null;
  const row = await db
    .selectFrom('owners')
    .select('email')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return row?.email ?? null;
}

export async function developerStatus(db: Db, site: Site): Promise<DeveloperStatusJson> {
  const row = await findDeveloperTheme(db, site.id);
  const live = row ? await findVersion(db, site.id, row.live_version_id) : undefined;
  return {
    enabled: site.developer_mode,
    theme: row?.theme ?? site.theme,
    liveVersion: live ? versionJson(live, live.id) : null,
  };
}

/**
 * Turns developer mode on or off. The first time on, the site's theme folder is copied in as
 * version 1; off keeps the copy (on again resumes it) and renders the theme folder again.
 */
export async function setDeveloperMode(
  deps: DeveloperDeps,
  site: Site,
  ownerId: string,
  enabled: boolean,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (enabled && !(await findDeveloperTheme(trx, site.id))) {
      const files = originalFiles(deps, site.theme);
      await insertLiveVersion(trx, {
        siteId: site.id,
        theme: site.theme,
        action: 'start',
        file: null,
        files,
        ownerId,
        actorEmail: await actorEmail(trx, ownerId),
      });
    }
    await trx
      .updateTable('sites')
      .set({ developer_mode: enabled })
      .where('id', '=', site.id)
      .execute();
    await bumpContentVersion(trx, site.id);
    await recordAudit(trx, {
      siteId: site.id,
      ownerId,
      action: 'developer.mode',
      target: enabled ? 'on' : 'off',
      details: { enabled },
    });
  });
  deps.events.emit('content-changed', { siteId: site.id });
}

/** The live files, or DEVELOPER_MODE_OFF. */
export async function requireLiveFiles(db: Db, site: Site) {
  const live = site.developer_mode ? await liveFiles(db, site.id) : undefined;
  if (!live) throw appError(ErrorCode.DEVELOPER_MODE_OFF);
  return live;
}

const AUDIT_OF: Record<Exclude<ThemeVersionAction, 'start'>, AuditAction> = {
  save: 'developer.save',
  restore: 'developer.restore',
  reset: 'developer.reset',
  upload: 'developer.upload',
};

/**
 * The one way a theme changes: `change` makes the new files from the live ones (under a row
 * lock, so concurrent saves apply one after the other); they are checked and compiled, and only
 * a clean theme becomes a new live version, with its audit entry, in one transaction. A theme
 * that does not compile throws TEMPLATE_ERRORS and the live version stays.
 */
export async function publishTheme(
  deps: DeveloperDeps,
  site: Site,
  ownerId: string,
  input: {
    action: Exclude<ThemeVersionAction, 'start'>;
    file: string | null;
    target: string;
    change: (live: Record<string, string>, theme: string) => Record<string, string>;
  },
): Promise<ThemeVersionJson> {
  if (!site.developer_mode) throw appError(ErrorCode.DEVELOPER_MODE_OFF);
  const row = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockDeveloperTheme(trx, site.id);
    const live = locked ? await liveFiles(trx, site.id) : undefined;
    if (!locked || !live) throw appError(ErrorCode.DEVELOPER_MODE_OFF);
    const files = input.change({ ...live.files }, locked.theme);
    assertThemeShape(files);
    assertThemeCompiles(deps.compiler, `site:${site.id}`, files);
    const version = await insertLiveVersion(trx, {
      siteId: site.id,
      theme: locked.theme,
      action: input.action,
      file: input.file,
      files,
      ownerId,
      actorEmail: await actorEmail(trx, ownerId),
    });
    await bumpContentVersion(trx, site.id);
    await recordAudit(trx, {
      siteId: site.id,
      ownerId,
      action: AUDIT_OF[input.action],
      target: input.target,
      details: { version: version.seq, ...(input.file ? { file: input.file } : {}) },
    });
    return version;
  });
  deps.events.emit('content-changed', { siteId: site.id });
  return versionJson(row, row.id);
}

export async function listThemeVersions(db: Db, site: Site): Promise<ThemeVersionJson[]> {
  const row = await findDeveloperTheme(db, site.id);
  const rows = await listVersions(db, site.id, 500);
  return rows.map((r) => versionJson(r, row?.live_version_id));
}

/** A version and what it changed against the one before it (every file that differs). */
export async function versionDiff(db: Db, site: Site, id: string): Promise<ThemeVersionDiffJson> {
  const version = await findVersion(db, site.id, id);
  if (!version) throw appError(ErrorCode.NOT_FOUND);
  const before = (await previousVersion(db, site.id, version.seq))?.files ?? {};
  const after = version.files;
  const changes: ThemeFileChangeJson[] = [];
  for (const file of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const b = before[file] ?? null;
    const a = after[file] ?? null;
    if (b !== a) changes.push({ file, before: b, after: a });
  }
  const live = await findDeveloperTheme(db, site.id);
  return { version: versionJson(version, live?.live_version_id), changes };
}

/** The files of a version (restore makes them live again as a new version). */
export async function versionFiles(db: Db, site: Site, id: string) {
  const version = await findVersion(db, site.id, id);
  if (!version) throw appError(ErrorCode.NOT_FOUND);
  return version;
}
