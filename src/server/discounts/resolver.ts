import type { CouponJson, DiscountLineJson, InvalidCouponJson } from '../../shared/checkout/api.js';
import {
  DiscountLimits,
  DiscountReasons,
  describeDiscount,
  evaluateDiscount,
  type DiscountCart,
} from '../../shared/checkout/discounts.js';
import type { Db } from '../db/database.js';
import { SiteVersionMemo, type CacheRegistry } from '../platform/versioned-cache.js';
import type {
  AdjustmentCart,
  DiscountResolution,
  DiscountResolver,
  DiscountUse,
} from '../orders/adjustments.js';
import { ruleOf, type DiscountRow } from './discount-rows.js';

/**
 * The discounts for a cart (issue 15; docs/checkout-api.md "Discount codes"): the code the
 * shopper typed, plus every enabled automatic discount within its dates.
 *
 * Stacking rule: at most ONE discount takes money off (the code's or the best automatic one's,
 * whichever takes more; the code wins a tie, since the shopper chose it), and free shipping
 * combines with it (from the code or from an automatic discount). A valid code beaten by a
 * larger automatic discount is listed in `invalidCoupons` saying so, so the shopper is never
 * left wondering why the typed code took nothing off.
 */
export function discountResolver(db: Db, caches?: CacheRegistry): DiscountResolver {
  const automatic = new SiteVersionMemo(
    'automatic-discounts',
    (siteId) => automaticDiscounts(db, siteId),
    caches,
  );
  const cached: AutomaticOf = (cart) => automatic.get(cart.siteId, cart.contentVersion);
  return { resolve: (cart, couponCode) => resolveDiscounts(db, cart, couponCode, cached) };
}

/** A website's enabled automatic discounts, whatever their dates (oldest first). */
type AutomaticOf = (cart: AdjustmentCart) => Promise<readonly DiscountRow[]>;

function automaticDiscounts(db: Db, siteId: string): Promise<DiscountRow[]> {
  return db
    .selectFrom('discounts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('code', 'is', null)
    .where('enabled', '=', true)
    .orderBy('created')
    .orderBy('id')
    .execute();
}

interface Candidate {
  row: DiscountRow;
  amount: number;
  freeShipping: boolean;
}

export async function resolveDiscounts(
  db: Db,
  cart: AdjustmentCart,
  couponCode: string | undefined,
  automaticOf: AutomaticOf = (c) => automaticDiscounts(db, c.siteId),
): Promise<DiscountResolution> {
  const typed = couponCode?.trim() ?? '';
  const rows = await candidates(db, cart, typed, automaticOf);

  const email = cart.email?.trim().toLowerCase() || undefined;
  const usedByEmail = await redeemedBy(db, rows, email);
  const base: Omit<DiscountCart, 'usedByEmail'> = {
    currency: cart.currency,
    lines: cart.lines,
    subtotal: cart.subtotal,
    now: cart.now,
  };
  const check = (row: DiscountRow) =>
    evaluateDiscount(ruleOf(row), { ...base, usedByEmail: usedByEmail.has(row.id) });

  const invalidCoupons: InvalidCouponJson[] = [];
  let code: Candidate | undefined;
  if (typed) {
    const row = rows.find((r) => r.code !== null);
    const outcome = row
      ? check(row)
      : { applies: false as const, reason: DiscountReasons.NOT_VALID };
    if (row && outcome.applies) code = { row, ...outcome };
    else if (!outcome.applies) invalidCoupons.push({ code: typed, reason: outcome.reason });
  }

  let bestAmount: Candidate | undefined;
  let autoShipping: Candidate | undefined;
  for (const row of rows) {
    if (row.code !== null) continue;
    const outcome = check(row);
    if (!outcome.applies) continue;
    if (outcome.freeShipping) autoShipping ??= { row, ...outcome };
    else if (outcome.amount > (bestAmount?.amount ?? 0)) bestAmount = { row, ...outcome };
  }

  const applied: Candidate[] = [];
  if (code && !code.freeShipping && bestAmount && bestAmount.amount > code.amount) {
    invalidCoupons.push({ code: typed, reason: DiscountReasons.BETTER_DISCOUNT });
    code = undefined;
  }
  if (code) applied.push(code);
  if (bestAmount && !(code && !code.freeShipping)) applied.push(bestAmount);
  if (autoShipping && !code?.freeShipping) applied.push(autoShipping);

  const lines: DiscountLineJson[] = [];
  const uses: DiscountUse[] = [];
  let amount = 0;
  for (const c of applied) {
    lines.push({
      discountId: c.row.id,
      code: c.row.code,
      kind: c.row.kind,
      label: c.row.code ?? (c.row.title || describeDiscount(c.row, cart.currency, cart.language)),
      amount: c.amount,
    });
    uses.push({
      discountId: c.row.id,
      onceKey: c.row.once_per_email && email ? email : null,
      amount: c.amount,
    });
    amount += c.amount;
  }
  const validCoupons: CouponJson[] = code
    ? [
        {
          code: code.row.code ?? typed,
          kind: code.row.kind,
          amount: code.amount,
          description: describeDiscount(code.row, cart.currency, cart.language),
        },
      ]
    : [];
  return {
    amount: Math.min(amount, cart.subtotal),
    freeShipping: applied.some((c) => c.freeShipping),
    lines,
    validCoupons,
    invalidCoupons,
    uses,
  };
}

/**
 * The discounts that may apply: every enabled automatic discount within its dates, and the typed
 * code's. Without a code, and when no automatic discount counts its uses, they come from the
 * website's cache (per content version: a discount saved anywhere bumps it), so a checkout
 * without a code asks the database nothing here. An automatic discount with a usage limit has a
 * count that every order changes, so then, as with a code, they are read fresh.
 */
async function candidates(
  db: Db,
  cart: AdjustmentCart,
  typed: string,
  automaticOf: AutomaticOf,
): Promise<readonly DiscountRow[]> {
  const now = new Date(cart.now);
  const inDates = (r: DiscountRow) =>
    (r.starts_at === null || r.starts_at <= now) && (r.ends_at === null || r.ends_at > now);
  const automatic = (await automaticOf(cart)).filter(inDates);
  // A code longer than any the owner can create matches nothing: no query for it.
  const lookUp = typed.length > 0 && typed.length <= DiscountLimits.codeMax;
  if (!lookUp && !automatic.some((r) => r.usage_limit !== null)) return automatic;
  return db
    .selectFrom('discounts')
    .selectAll()
    .where('site_id', '=', cart.siteId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('code', 'is', null),
          eb('enabled', '=', true),
          eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]),
          eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]),
        ]),
        ...(lookUp ? [eb(eb.fn('lower', ['code']), '=', typed.toLowerCase())] : []),
      ]),
    )
    .orderBy('created')
    .orderBy('id')
    .execute();
}

/** The once-per-email discounts among `rows` this email has used already. */
async function redeemedBy(
  db: Db,
  rows: readonly DiscountRow[],
  email: string | undefined,
): Promise<Set<string>> {
  const ids = rows.filter((r) => r.once_per_email).map((r) => r.id);
  if (!email || !ids.length) return new Set();
  const used = await db
    .selectFrom('discount_redemptions')
    .select('discount_id')
    .where('discount_id', 'in', ids)
    .where('once_key', '=', email)
    .execute();
  return new Set(used.map((u) => u.discount_id));
}
