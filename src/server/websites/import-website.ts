import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { AppError, appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';
import { isSupportedCurrency } from '../../shared/money.js';
import { SITE_LANGUAGES } from '../../shared/content/validate-settings.js';
import { slugFromTitle, slugProblem, WebsiteLimits } from '../../shared/websites/api.js';
import { grantRole } from '../owners/owner-service.js';
import { storageFor } from '../media/storage/index.js';
import { checkKey } from '../media/storage/object-storage.js';
import { findTheme } from './theme-catalog.js';
import { EXPORT_FORMAT, EXPORT_TABLES, EXPORT_VERSION } from './export-tables.js';

/** Bounds that keep a hostile zip from filling memory (a zip bomb is refused, not unpacked). */
export const IMPORT_LIMITS = {
  zipBytes: 512 * 1024 * 1024,
  fileBytes: 200 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  files: 50_000,
  rowsPerTable: 200_000,
} as const;

const invalid = (why: string) => appError(ErrorCode.IMPORT_INVALID, undefined, { reason: why });

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  let total = 0;
  let count = 0;
  try {
    return unzipSync(bytes, {
      filter: (f) => {
        count++;
        total += f.originalSize;
        if (count > IMPORT_LIMITS.files || total > IMPORT_LIMITS.totalBytes)
          throw new Error('too big');
        if (f.originalSize > IMPORT_LIMITS.fileBytes) throw new Error('too big');
        return (
          f.name === 'manifest.json' || f.name.startsWith('data/') || f.name.startsWith('media/')
        );
      },
    });
  } catch {
    throw invalid('not a zip, or too large');
  }
}

function json(files: Record<string, Uint8Array>, name: string): unknown {
  const f = files[name];
  if (!f) return undefined;
  try {
    return JSON.parse(strFromU8(f)) as unknown;
  } catch {
    throw invalid(`${name} is not JSON`);
  }
}

/** Old id → new id; every reference in the export is rewritten through it. */
class IdMap {
  readonly map = new Map<string, string>();
  private pattern: RegExp | undefined;
  add(old: unknown): void {
    if (typeof old !== 'string' || !old || this.map.has(old)) return;
    this.map.set(old, crypto.randomUUID());
  }
  /** Exact ids anywhere in a value, and ids inside image URLs in text (`/static/images/{id}`). */
  rewrite(v: unknown): unknown {
    if (typeof v === 'string') {
      const exact = this.map.get(v);
      if (exact) return exact;
      if (!v.includes('/static/images/')) return v;
      this.pattern ??= /\/static\/images\/([A-Za-z0-9_-]{1,100})/g;
      return v.replace(this.pattern, (m, id: string) => {
        const n = this.map.get(id);
        return n ? `/static/images/${n}` : m;
      });
    }
    if (Array.isArray(v)) return v.map((x) => this.rewrite(x));
    if (isObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = this.rewrite(x);
      return out;
    }
    return v;
  }
}

async function uniqueSlug(db: Db, wanted: string, title: string): Promise<string> {
  const base = !slugProblem(wanted) ? wanted : slugFromTitle(title) || 'imported-site';
  const root = slugProblem(base) ? 'imported-site' : base;
  for (let i = 1; i < 100; i++) {
    const suffix = i === 1 ? '' : `-${i}`;
    const slug = `${root.slice(0, WebsiteLimits.slugMax - suffix.length).replace(/-+$/, '')}${suffix}`;
    const taken = await db
      .selectFrom('sites')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!taken) return slug;
  }
  return `${root.slice(0, 30)}-${crypto.randomBytes(3).toString('hex')}`;
}

/** A value as a parameter: JSON columns (objects, arrays) go as JSON text. */
function param(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return v;
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * Makes a new website from an export zip (docs/websites.md): new ids everywhere with every
 * reference rewritten, the slug made unique, the importing owner its admin. Anything malformed
 * is 400 IMPORT_INVALID and writes nothing: the rows go in one transaction (a value the database
 * refuses rolls it all back), media files first and removed again if the rows fail.
 */
export async function importWebsite(
  deps: Pick<AppDeps, 'db' | 'config' | 'events'>,
  ownerId: string,
  zip: Uint8Array,
): Promise<string> {
  const { db, config } = deps;
  if (zip.length > IMPORT_LIMITS.zipBytes) throw invalid('too large');
  const files = unzip(zip);
  const manifest = json(files, 'manifest.json');
  if (!isObject(manifest) || manifest.format !== EXPORT_FORMAT) throw invalid('no manifest');
  if (manifest.version !== EXPORT_VERSION) throw invalid('unknown version');
  const site = manifest.site;
  if (!isObject(site)) throw invalid('no site');
  const title =
    typeof site.title === 'string' ? site.title.trim().slice(0, WebsiteLimits.titleMax) : '';
  if (!title) throw invalid('site title');
  const language =
    typeof site.language === 'string' && SITE_LANGUAGES.some((l) => l.tag === site.language)
      ? site.language
      : undefined;
  const currency =
    typeof site.currency === 'string' && isSupportedCurrency(site.currency)
      ? site.currency
      : undefined;
  if (!language || !currency) throw invalid('site language or currency');
  const settings = site.settings;
  if (!isObject(settings) || !isObject(settings.websiteSettings)) throw invalid('site settings');
  const themeName = typeof site.theme === 'string' ? site.theme : 'default';
  // A theme this server does not have: the website opens on the default one.
  const theme = findTheme(config.themesDir, themeName)?.name ?? 'default';

  const tables = new Map<string, Record<string, unknown>[]>();
  const ids = new IdMap();
  for (const t of EXPORT_TABLES) {
    const rows = json(files, `data/${t.table}.json`) ?? [];
    if (!Array.isArray(rows) || rows.length > IMPORT_LIMITS.rowsPerTable)
      throw invalid(`data/${t.table}.json`);
    for (const r of rows) {
      if (!isObject(r)) throw invalid(`data/${t.table}.json`);
      for (const c of t.ids) {
        if (c === 'id' && typeof r.id !== 'string') throw invalid(`${t.table} row without id`);
        ids.add(r[c]);
      }
    }
    tables.set(t.table, rows as Record<string, unknown>[]);
  }
  // Products are keyed by their item's id, which the items file carries.
  const siteId = `site-${crypto.randomBytes(6).toString('hex')}`;
  const slug = await uniqueSlug(db, typeof site.slug === 'string' ? site.slug : '', title);

  // Media first: files under media/{assets|files}/{old asset id}/… move to the new id.
  const storage = storageFor(config);
  const written: string[] = [];
  const assetTypes = new Map(
    (tables.get('assets') ?? []).map((a) => [String(a.id), String(a.content_type ?? '')]),
  );
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.startsWith('media/') || name.endsWith('/')) continue;
    const parts = name.slice('media/'.length).split('/');
    const [kind, oldId] = parts;
    const newId = oldId ? ids.map.get(oldId) : undefined;
    if ((kind !== 'assets' && kind !== 'files') || !newId || !assetTypes.has(oldId!))
      throw invalid(`${name} belongs to no asset`);
    let key: string;
    try {
      key = checkKey([kind, newId, ...parts.slice(2)].join('/'));
    } catch {
      throw invalid(name);
    }
    const ext = /\.(webp|jpg)$/.exec(key)?.[1];
    const contentType =
      kind === 'files'
        ? assetTypes.get(oldId!) || 'application/octet-stream'
        : ext && CONTENT_TYPES[ext];
    if (!contentType) throw invalid(name);
    await storage.put(key, Buffer.from(bytes), { contentType });
    written.push(key);
  }

  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sites')
        .values({
          id: siteId,
          slug,
          domain: null,
          title,
          description: typeof site.description === 'string' ? site.description.slice(0, 400) : '',
          language,
          currency,
          theme,
          template_id: theme,
          settings: JSON.stringify(ids.rewrite(settings)) as never,
        })
        .execute();
      for (const t of EXPORT_TABLES) {
        const rows = tables.get(t.table) ?? [];
        if (!rows.length) continue;
        const by = t.by;
        const parentIds =
          'parent' in by
            ? new Set((tables.get(by.parent) ?? []).map((p) => p[by.parentKey]))
            : undefined;
        const refs = (t.refs ?? []).map((ref) => ({
          ...ref,
          keys: new Set((tables.get(ref.table) ?? []).map((p) => p[ref.key])),
        }));
        const cols = 'site' in t.by ? ['site_id', ...t.columns] : [...t.columns];
        for (let i = 0; i < rows.length; i += 200) {
          const chunk = rows.slice(i, i + 200).map((r) => {
            if (parentIds && 'parent' in t.by && !parentIds.has(r[t.by.column]))
              throw invalid(`${t.table} row of no ${t.by.parent}`);
            for (const ref of refs) {
              const v = r[ref.column];
              if (v !== null && v !== undefined && !ref.keys.has(v))
                throw invalid(`${t.table}.${ref.column} names no exported ${ref.table} row`);
            }
            const values = t.columns.map((c) => param(ids.rewrite(r[c])));
            return 'site' in t.by ? [siteId, ...values] : values;
          });
          await sql`INSERT INTO ${sql.id(t.table)} (${sql.join(cols.map((c) => sql.id(c)))}) VALUES ${sql.join(
            chunk.map((vals) => sql`(${sql.join(vals)})`),
          )}`.execute(trx);
        }
      }
      await grantRole(trx, siteId, ownerId, Role.ADMIN);
    });
  } catch (err) {
    await storage.delete(written).catch(() => undefined);
    if ((err as { code?: string }).code === '23505' && String(err).includes('slug'))
      throw appError(ErrorCode.WEBSITE_SLUG_TAKEN);
    if (err instanceof AppError) throw err;
    // The database refused a value (a wrong type, a missing required column, a duplicate):
    // the file does not match what an export holds.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23|42)/.test(code))
      throw invalid('a row the database refused');
    throw err;
  }
  deps.events.emit('content-changed', { siteId });
  return siteId;
}
