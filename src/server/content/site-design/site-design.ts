import { sql } from 'kysely';
import { FONT_CHOICES } from '../../../shared/content/fonts.js';
import {
  SHARE_NETWORKS,
  type SettingsResponse,
  type SiteSettingsDoc,
  type SiteStyles,
  type StylesResponse,
} from '../../../shared/content/site-api.js';
import {
  DEFAULT_HEADER,
  DEFAULT_POLICIES,
  validateSettings,
} from '../../../shared/content/validate-settings.js';
import {
  contrastWarnings,
  DEFAULT_STYLES,
  validateStyles,
  type FieldErrors,
} from '../../../shared/content/validate-styles.js';
import { ErrorCode } from '../../../shared/errors.js';
import { fractionDigits } from '../../../shared/money.js';
import { recordAudit } from '../../audit/audit-log.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import type { DomainEvents } from '../../events.js';
import type { Site } from '../../sites/site-queries.js';
import type { DesignImage, SiteSettings } from '../../sites/tables.js';
import { assetUrl } from '../asset-files.js';

/**
 * Site styles and settings (issue 13; docs/editor.md "Site styles and settings"): read with the
 * defaults filled in, saved whole when `version` is still the site's `settings_version` (else
 * 409 CONTENT_CONFLICT), in one transaction that also bumps the content version; then
 * `content-changed` makes every process and the page cache show the change.
 */

export interface DesignDeps {
  db: Db;
  events: DomainEvents;
}

export const DesignTexts = {
  IMAGE_MISSING: 'Choose an image from the media library.',
  PRICES_TOO_LARGE: 'Some prices are too large for this currency. Lower them first.',
} as const;

type SiteRow = Pick<Site, 'id' | 'title' | 'description' | 'language' | 'currency' | 'settings'>;

export function stylesOf(site: SiteRow): SiteStyles {
  const s = site.settings.styles;
  return s
    ? { ...DEFAULT_STYLES, ...s, colors: { ...DEFAULT_STYLES.colors, ...s.colors } }
    : DEFAULT_STYLES;
}

export function settingsDocOf(site: SiteRow): SiteSettingsDoc {
  const ws = site.settings.websiteSettings;
  return {
    siteTitle: site.title,
    description: site.description,
    language: site.language,
    currency: ws.storeSettings.currencyCode || site.currency,
    timeZone: ws.timeZone || 'America/New_York',
    commentsEnabled: ws.commentsEnabled,
    commentsRequireApproval: ws.commentsRequireApproval !== false,
    reviewsEnabled: ws.reviewsEnabled === true,
    reviewsAutoPublish: ws.reviewsAutoPublish === true,
    simpleLikingEnabled: ws.simpleLikingEnabled,
    customerAccountsEnabled: ws.customerAccountsEnabled === true,
    // Every offered network named, as a save stores them (so an untouched form is not 'unsaved').
    shareButtonOptions: Object.fromEntries(
      SHARE_NETWORKS.map((n) => [n, ws.shareButtonOptions?.[n] === true]),
    ),
    policies: site.settings.policies ?? DEFAULT_POLICIES,
    header: site.settings.header ?? DEFAULT_HEADER,
  };
}

async function loadSite(db: Db, siteId: string) {
  const row = await db
    .selectFrom('sites')
    .select(['id', 'title', 'description', 'language', 'currency', 'settings', 'settings_version'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return row;
}

export async function readStyles(db: Db, siteId: string): Promise<StylesResponse> {
  const site = await loadSite(db, siteId);
  const styles = stylesOf(site);
  return {
    styles,
    fonts: [...FONT_CHOICES],
    warnings: contrastWarnings(styles.colors),
    version: site.settings_version,
  };
}

export async function readSettings(db: Db, siteId: string): Promise<SettingsResponse> {
  const site = await loadSite(db, siteId);
  return { settings: settingsDocOf(site), version: site.settings_version };
}

function invalid(fieldErrors: FieldErrors): Error {
  return appError(ErrorCode.CONTENT_INVALID, undefined, { fieldErrors });
}

/**
 * Reads the site row for update inside `trx` and refuses a stale version; the caller writes
 * the new settings JSON with `settings_version` and `content_version` bumped.
 */
async function lockedForSave(trx: Db, siteId: string, version: number) {
  const row = await trx
    .selectFrom('sites')
    .select(['id', 'title', 'description', 'language', 'currency', 'settings', 'settings_version'])
    .where('id', '=', siteId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  if (row.settings_version !== version) throw appError(ErrorCode.CONTENT_CONFLICT);
  return row;
}

const bumped = {
  settings_version: sql<number>`settings_version + 1`,
  content_version: sql<number>`content_version + 1`,
};

/** A logo or favicon: one of this site's images, at the stored width nearest `want`. */
async function designImage(
  trx: Db,
  siteId: string,
  assetId: string | null,
  want: number,
): Promise<DesignImage | null | undefined> {
  if (!assetId) return null;
  const a = await trx
    .selectFrom('assets')
    .select(['id', 'widths', 'width', 'height', 'revision', 'alt_text'])
    .where('id', '=', assetId)
    .where('site_id', '=', siteId)
    .where('kind', '=', 'image')
    .executeTakeFirst();
  const widths = [...(a?.widths ?? [])].sort((x, y) => x - y);
  if (!a || widths.length === 0) return undefined;
  const width = widths.find((w) => w >= want) ?? widths[widths.length - 1]!;
  return {
    url: `${assetUrl(a.id, a.revision)}/${width}w.webp`,
    width,
    height: Math.round((a.height * width) / Math.max(1, a.width)),
    alt: a.alt_text,
  };
}

export async function saveStyles(
  deps: DesignDeps,
  siteId: string,
  /** Who saves (the audit log's actor). */
  ownerId: string,
  input: SiteStyles,
  version: number,
): Promise<StylesResponse> {
  const { styles, fieldErrors } = validateStyles(input);
  if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
  const saved = await deps.db.transaction().execute(async (trx) => {
    const row = await lockedForSave(trx, siteId, version);
    // A logo is drawn about 200 px wide at most (400 for sharp screens); a favicon 64.
    const logo = await designImage(trx, siteId, styles.logoAssetId, 400);
    const favicon = await designImage(trx, siteId, styles.faviconAssetId, 100);
    const errors: FieldErrors = {};
    if (logo === undefined) errors.logoAssetId = DesignTexts.IMAGE_MISSING;
    if (favicon === undefined) errors.faviconAssetId = DesignTexts.IMAGE_MISSING;
    if (Object.keys(errors).length) throw invalid(errors);
    const settings: SiteSettings = {
      ...row.settings,
      styles,
      designAssets: { logo: logo ?? null, favicon: favicon ?? null },
    };
    const out = await trx
      .updateTable('sites')
      .set({ settings: JSON.stringify(settings), ...bumped })
      .where('id', '=', siteId)
      .returning('settings_version')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { siteId, ownerId, action: 'styles.save', target: 'Design' });
    return out.settings_version;
  });
  deps.events.emit('content-changed', { siteId });
  return {
    styles,
    fonts: [...FONT_CHOICES],
    warnings: contrastWarnings(styles.colors),
    version: saved,
  };
}

/**
 * Prices are kept in minor units of the store's currency. A currency with other fraction
 * digits (JPY has none) rescales them so each keeps its number (12.50 USD → 13 JPY, not 1250):
 * prices are not converted between currencies, the owner is told so on the Settings screen.
 */
async function rescalePrices(trx: Db, siteId: string, from: string, to: string): Promise<void> {
  const shift = fractionDigits(to) - fractionDigits(from);
  if (shift === 0) return;
  const factor = 10 ** Math.abs(shift);
  if (shift > 0) {
    // Minor units are 32-bit integers: a price that would not fit refuses the change.
    const max = async (table: 'products' | 'variants') =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.max<number>(sql`GREATEST(price_cents, sale_price_cents)`).as('m'))
            .where('site_id', '=', siteId)
            .executeTakeFirst()
        )?.m ?? 0,
      );
    if (Math.max(await max('products'), await max('variants')) * factor > 2_147_483_647)
      throw invalid({ currency: DesignTexts.PRICES_TOO_LARGE });
  }
  const scaled = (col: 'price_cents' | 'sale_price_cents') =>
    shift > 0
      ? sql<number>`${sql.ref(col)} * ${factor}`
      : sql<number>`CAST(ROUND(${sql.ref(col)}::numeric / ${factor}) AS INTEGER)`;
  for (const table of ['products', 'variants'] as const) {
    await trx
      .updateTable(table)
      .set({ price_cents: scaled('price_cents'), sale_price_cents: scaled('sale_price_cents') })
      .where('site_id', '=', siteId)
      .execute();
  }
}

export async function saveSettings(
  deps: DesignDeps,
  siteId: string,
  /** Who saves (the audit log's actor). */
  ownerId: string,
  input: SiteSettingsDoc,
  version: number,
): Promise<SettingsResponse> {
  const { settings: doc, fieldErrors } = validateSettings(input);
  if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
  const saved = await deps.db.transaction().execute(async (trx) => {
    const row = await lockedForSave(trx, siteId, version);
    const ws = row.settings.websiteSettings;
    const oldCurrency = ws.storeSettings.currencyCode || row.currency;
    if (oldCurrency !== doc.currency) await rescalePrices(trx, siteId, oldCurrency, doc.currency);
    const minimum = ws.storeSettings.minimumOrderSubtotalCents;
    const shift = fractionDigits(doc.currency) - fractionDigits(oldCurrency);
    const settings: SiteSettings = {
      ...row.settings,
      websiteSettings: {
        ...ws,
        timeZone: doc.timeZone,
        commentsEnabled: doc.commentsEnabled,
        commentsRequireApproval:
          doc.commentsRequireApproval ?? ws.commentsRequireApproval !== false,
        reviewsEnabled: doc.reviewsEnabled ?? ws.reviewsEnabled === true,
        reviewsAutoPublish: doc.reviewsAutoPublish ?? ws.reviewsAutoPublish === true,
        simpleLikingEnabled: doc.simpleLikingEnabled,
        customerAccountsEnabled: doc.customerAccountsEnabled ?? ws.customerAccountsEnabled === true,
        shareButtonOptions: doc.shareButtonOptions,
        storeSettings: {
          ...ws.storeSettings,
          currencyCode: doc.currency,
          minimumOrderSubtotalCents: Math.round(minimum * 10 ** shift),
        },
      },
      policies: doc.policies,
      header: doc.header,
    };
    const out = await trx
      .updateTable('sites')
      .set({
        title: doc.siteTitle,
        description: doc.description,
        language: doc.language,
        currency: doc.currency,
        settings: JSON.stringify(settings),
        ...bumped,
      })
      .where('id', '=', siteId)
      .returning('settings_version')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { siteId, ownerId, action: 'settings.save', target: 'Settings' });
    return {
      version: out.settings_version,
      commentsRequireApproval: settings.websiteSettings.commentsRequireApproval !== false,
      reviewsEnabled: settings.websiteSettings.reviewsEnabled === true,
      reviewsAutoPublish: settings.websiteSettings.reviewsAutoPublish === true,
      customerAccountsEnabled: settings.websiteSettings.customerAccountsEnabled === true,
    };
  });
  deps.events.emit('content-changed', { siteId });
  return {
    settings: {
      ...doc,
      commentsRequireApproval: saved.commentsRequireApproval,
      reviewsEnabled: saved.reviewsEnabled,
      reviewsAutoPublish: saved.reviewsAutoPublish,
      customerAccountsEnabled: saved.customerAccountsEnabled,
    },
    version: saved.version,
  };
}
