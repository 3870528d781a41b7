import { ErrorCode, OwnerMessages } from '../../shared/errors.js';
import {
  checkoutSettingsErrors,
  defaultCheckoutSettings,
  type CheckoutSettings,
} from '../../shared/checkout/settings.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { bumpContentVersion } from '../sites/site-queries.js';

/**
 * Checkout settings live in a table of their own rather than in `sites.settings`: the owner's
 * PUT replaces them whole under its own validation. Every quote and placement reads them, from
 * a `SiteVersionMemo` (platform/versioned-cache.ts).
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
    throw appError(ErrorCode.CHECKOUT_SETTINGS_INVALID, OwnerMessages.CHECKOUT_SETTINGS_INVALID, {
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
    // The settings are cached per content version (orders/routes.ts): a new version is a
    // miss in every process. Saves are rare; the pages' cache refills once.
    await bumpContentVersion(trx, siteId);
  });
  return clean;
}
