import { ErrorCode, Messages } from '../../shared/errors.js';
import {
  checkoutSettingsErrors,
  defaultCheckoutSettings,
  type CheckoutSettings,
} from '../../shared/checkout/settings.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { VersionedCache, type CacheRegistry } from '../platform/versioned-cache.js';
import { unlistedItemIds } from '../catalog/catalog-queries.js';
import { bumpContentVersion } from '../sites/site-queries.js';

/**
 * Checkout settings live in a table of their own rather than in `sites.settings`: the owner's
 * PUT replaces them whole under its own validation. Every quote and placement reads them, from
 * `CheckoutSettingsCache`.
 */
export async function loadCheckoutSettings(db: Db, siteId: string): Promise<CheckoutSettings> {
  const row = await db
    .selectFrom('checkout_settings')
    .select('settings')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  const d = defaultCheckoutSettings();
  if (!row) return d;
  const s = (
    typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings
  ) as Partial<CheckoutSettings>;
  // Settings saved before a field existed get its default.
  return {
    ...d,
    ...s,
    payments: {
      test: { ...d.payments.test, ...s.payments?.test },
      manual: { ...d.payments.manual, ...s.payments?.manual },
      stripe: { ...d.payments.stripe, ...s.payments?.stripe },
    },
  };
}

/** Replaces a website's settings; a 400 with per-field errors writes nothing. */
export async function saveCheckoutSettings(
  db: Db,
  siteId: string,
  settings: CheckoutSettings,
  now: Date,
): Promise<CheckoutSettings> {
  const clean: CheckoutSettings = {
    ...settings,
    shipsTo: settings.shipsTo.map((c) => c.trim().toUpperCase()),
    shippingOptions: settings.shippingOptions.map((o) => ({
      ...o,
      countries: o.countries.map((c) => c.trim().toUpperCase()),
    })),
    taxRules: settings.taxRules.map((r) => ({
      ...r,
      country: r.country.trim().toUpperCase(),
      region: r.region.trim(),
    })),
  };
  const errors = checkoutSettingsErrors(clean);
  if (Object.keys(errors).length) {
    throw appError(ErrorCode.CHECKOUT_SETTINGS_INVALID, Messages.CHECKOUT_SETTINGS_INVALID, {
      fieldErrors: errors,
    });
  }
  const json = JSON.stringify(clean);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('checkout_settings')
      .values({ site_id: siteId, settings: json, updated: now })
      .onConflict((oc) => oc.column('site_id').doUpdateSet({ settings: json, updated: now }))
      .execute();
    // The settings are cached per content version (CheckoutSettingsCache): a new version is a
    // miss in every process. Saves are rare; the pages' cache refills once.
    await bumpContentVersion(trx, siteId);
  });
  return clean;
}

/**
 * Checkout settings as quotes and placements read them, kept per website content version:
 * saving them bumps the version (above), and the route announces `content-changed`, which empties
 * this cache in this process at once and in the others through platform/change-bus.ts.
 */
export class CheckoutSettingsCache {
  private readonly entries = new VersionedCache<Promise<CheckoutSettings>>({
    name: 'checkout-settings',
    maxEntries: 10_000,
  });

  constructor(
    private readonly db: Db,
    caches?: CacheRegistry,
  ) {
    caches?.register(this.entries);
  }

  get(siteId: string, contentVersion: number): Promise<CheckoutSettings> {
    return this.entries.memo(`${siteId}|${contentVersion}`, () =>
      loadCheckoutSettings(this.db, siteId),
    );
  }
}

/** A website's draft product ids per content version (placing refuses them; few per site). */
export class DraftProductsCache {
  private readonly entries = new VersionedCache<Promise<ReadonlySet<string>>>({
    name: 'draft-products',
    maxEntries: 10_000,
  });

  constructor(
    private readonly db: Db,
    caches?: CacheRegistry,
  ) {
    caches?.register(this.entries);
  }

  get(siteId: string, contentVersion: number): Promise<ReadonlySet<string>> {
    return this.entries.memo(`${siteId}|${contentVersion}`, async () => {
      const { draft } = await unlistedItemIds(this.db, siteId);
      return new Set(draft);
    });
  }
}
