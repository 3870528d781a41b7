import crypto from 'node:crypto';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';
import { roleNames } from '../../shared/role-names.js';
import { allows } from '../../shared/team/permissions.js';
import { isSupportedCurrency } from '../../shared/money.js';
import { SITE_LANGUAGES } from '../../shared/content/validate-settings.js';
import {
  DELETE_GRACE_DAYS,
  slugProblem,
  WebsiteLimits,
  WebsiteTexts,
  type WebsiteSummary,
} from '../../shared/websites/api.js';
import { grantRole } from '../owners/owner-service.js';
import { saveForm } from '../forms/form-queries.js';
import { insertSite, renderDemoImage, runLimited } from '../seed/demo-sites.js';
import type { RenderedImage } from '../seed/render-image.js';
import { storageFor } from '../media/storage/index.js';
import { imageKey } from '../content/asset-files.js';
import { findTheme } from './theme-catalog.js';
import { starterContent } from './starter-content.js';
import { siteHost, siteOrigin, type UrlContext } from './site-urls.js';

const DAY_MS = 24 * 3600_000;

export interface NewWebsiteInput {
  title: string;
  slug: string;
  theme: string;
  language?: string | undefined;
  currency?: string | undefined;
  timeZone?: string | undefined;
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz);
  } catch {
    return false;
  }
}

/** The form's rules, each problem beside its field (400 WEBSITE_INVALID with `fields`). */
export function checkNewWebsite(input: NewWebsiteInput): {
  title: string;
  slug: string;
  language: string;
  currency: string;
  timeZone: string;
} {
  const fields: Record<string, string> = {};
  const title = input.title.trim();
  if (!title) fields.title = WebsiteTexts.TITLE_REQUIRED;
  else if (title.length > WebsiteLimits.titleMax) fields.title = WebsiteTexts.TITLE_TOO_LONG;
  const slug = input.slug.trim().toLowerCase();
  const problem = slugProblem(slug);
  if (problem) fields.slug = problem;
  const language = input.language ?? 'en-US';
  if (!SITE_LANGUAGES.some((l) => l.tag === language)) fields.language = WebsiteTexts.LANGUAGE;
  const currency = (input.currency ?? 'USD').toUpperCase();
  if (!isSupportedCurrency(currency)) fields.currency = WebsiteTexts.CURRENCY;
  const timeZone =
    input.timeZone ?? (language.startsWith('ja') ? 'Asia/Tokyo' : 'America/New_York');
  if (!validTimeZone(timeZone)) fields.timeZone = WebsiteTexts.TIME_ZONE;
  if (Object.keys(fields).length) throw appError(ErrorCode.WEBSITE_INVALID, undefined, { fields });
  return { title, slug, language, currency, timeZone };
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const row = await db.selectFrom('sites').select('id').where('slug', '=', slug).executeTakeFirst();
  return !!row;
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | undefined)?.code === '23505';
}

/** Only verified accounts make websites (sign-in already refuses the others). */
async function requireVerified(db: Db, ownerId: string): Promise<void> {
  const o = await db
    .selectFrom('owners')
    .select('email_verified_at')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (!o) throw appError(ErrorCode.UNAUTHENTICATED);
  if (!o.email_verified_at) throw appError(ErrorCode.EMAIL_NOT_VERIFIED);
}

/**
 * Creates a website from a theme with its starter content (issue 16), the owner as its admin.
 * The images render first (outside the transaction, the slow part); everything else is one
 * transaction, so a slug taken meanwhile (the unique index) leaves nothing behind but the images,
 * which are removed. `content-changed` for the new website empties every process's site-resolver
 * cache, so `{slug}.{BASE_DOMAIN}` serves at once everywhere (a miss may have been cached).
 */
export async function createWebsite(
  deps: Pick<AppDeps, 'db' | 'config' | 'events'>,
  ownerId: string,
  input: NewWebsiteInput,
): Promise<string> {
  const { db, config } = deps;
  await requireVerified(db, ownerId);
  const clean = checkNewWebsite(input);
  const theme = findTheme(config.themesDir, input.theme);
  if (!theme) throw appError(ErrorCode.THEME_UNKNOWN);
  if (await slugTaken(db, clean.slug)) throw appError(ErrorCode.WEBSITE_SLUG_TAKEN);

  const siteId = `site-${crypto.randomBytes(6).toString('hex')}`;
  const { data, forms } = starterContent({ siteId, ...clean, starter: theme.starter });
  const storage = storageFor(config);
  const rendered = new Map<string, RenderedImage>();
  await runLimited(data.images, 2, async (image) => {
    rendered.set(image.id, await renderDemoImage(storage, image));
  });
  try {
    await db.transaction().execute(async (trx) => {
      await insertSite(trx, data, rendered, Date.now());
      await trx
        .updateTable('sites')
        .set({ theme: theme.name, template_id: theme.name })
        .where('id', '=', siteId)
        .execute();
      for (const f of forms) await saveForm(trx, siteId, f);
      await grantRole(trx, siteId, ownerId, Role.ADMIN);
    });
  } catch (err) {
    await storage.delete(
      [...rendered].flatMap(([id, r]) =>
        r.widths.flatMap((w) => [imageKey(id, 1, w, 'webp'), imageKey(id, 1, w, 'jpg')]),
      ),
    );
    if (isUniqueViolation(err)) throw appError(ErrorCode.WEBSITE_SLUG_TAKEN);
    throw err;
  }
  deps.events.emit('content-changed', { siteId });
  return siteId;
}

/** The owner's websites with their role, hosts and URLs (deleted ones too, with their date). */
export async function listWebsites(
  db: Db,
  ownerId: string,
  ctx: UrlContext & { currentSiteId: string | undefined },
  only?: string,
): Promise<WebsiteSummary[]> {
  let q = db
    .selectFrom('site_roles')
    .innerJoin('sites', 'sites.id', 'site_roles.site_id')
    .select([
      'sites.id',
      'sites.title',
      'sites.slug',
      'sites.theme',
      'sites.language',
      'sites.currency',
      'sites.deleting_on',
      'sites.created_on',
      'site_roles.role',
    ])
    .where('site_roles.owner_id', '=', ownerId)
    .where('site_roles.role', '<>', Role.NONE);
  if (only) q = q.where('sites.id', '=', only);
  const rows = await q.orderBy('sites.created_on').orderBy('sites.id').execute();
  const domains = rows.length
    ? await db
        .selectFrom('site_domains')
        .select(['site_id', 'host'])
        .where(
          'site_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('host')
        .execute()
    : [];
  return rows.map((r) => {
    const origin = siteOrigin(ctx, r.slug);
    return {
      id: r.id,
      title: r.title,
      slug: r.slug,
      theme: r.theme,
      language: r.language,
      currency: r.currency,
      role: r.role,
      roleLabel: roleNames([r.role]),
      host: siteHost(ctx, r.slug),
      url: `${origin}/`,
      configUrl: `${origin}/config`,
      domains: domains.filter((d) => d.site_id === r.id).map((d) => d.host),
      deletingOn: r.deleting_on ? new Date(r.deleting_on).toISOString() : null,
      current: r.id === ctx.currentSiteId,
      canManage: allows([r.role], 'settings'),
    };
  });
}

/**
 * Marks a website for deletion: it stops serving at once (the resolver skips it, on every
 * process) and the `website-purge` job removes it after `DELETE_GRACE_DAYS`. Deleting again
 * keeps the first date.
 */
export async function markForDeletion(
  deps: Pick<AppDeps, 'db' | 'events' | 'now'>,
  siteId: string,
): Promise<Date> {
  const purgeAt = new Date(deps.now() + DELETE_GRACE_DAYS * DAY_MS);
  await deps.db
    .updateTable('sites')
    .set({ deleting_on: purgeAt })
    .where('id', '=', siteId)
    .where('deleting_on', 'is', null)
    .execute();
  deps.events.emit('content-changed', { siteId });
  const row = await deps.db
    .selectFrom('sites')
    .select('deleting_on')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  return row.deleting_on ?? purgeAt;
}

export async function restoreWebsite(
  deps: Pick<AppDeps, 'db' | 'events'>,
  siteId: string,
): Promise<void> {
  await deps.db.updateTable('sites').set({ deleting_on: null }).where('id', '=', siteId).execute();
  deps.events.emit('content-changed', { siteId });
}
