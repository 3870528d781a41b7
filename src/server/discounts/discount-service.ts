import { sql, type Insertable } from 'kysely';
import {
  normalizeDiscountCode,
  validateDiscountInput,
  type DiscountFieldErrors,
  type DiscountInput,
  type DiscountJson,
} from '../../shared/checkout/discounts.js';
import { ErrorCode } from '../../shared/errors.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import { discountJson, type DiscountRow } from './discount-rows.js';
import type { DiscountsTable } from './tables.js';

/**
 * The owner's discounts (issue 15; docs/checkout-api.md "Discount codes"). Codes are stored
 * upper-cased and are unique per website case-insensitively: the unique index decides when two
 * saves race, and its violation is answered DISCOUNT_CODE_TAKEN like the check before it.
 *
 * Every save bumps the website's content version in its transaction: checkouts cache the
 * automatic discounts per version (resolver.ts), so the next one everywhere reads them afresh
 * (the route announces `content-changed` so that other processes drop theirs at once).
 */
export interface DiscountActor {
  db: Db;
  siteId: string;
  now: number;
}

const invalid = (fieldErrors: DiscountFieldErrors) =>
  appError(ErrorCode.DISCOUNT_INVALID, undefined, { fieldErrors });

const codeTaken = () =>
  appError(ErrorCode.DISCOUNT_CODE_TAKEN, undefined, {
    fieldErrors: { code: 'Another discount already uses this code.' },
  });

function uniqueViolation(err: unknown): Error | undefined {
  const e = err as { code?: unknown };
  return e?.code === '23505' ? codeTaken() : undefined;
}

/** Usage per discount from its redemptions: orders that used it and what it took off. */
async function usageOf(
  db: Db,
  siteId: string,
  ids: readonly string[],
): Promise<Map<string, { timesUsed: number; totalDiscounted: number }>> {
  const out = new Map<string, { timesUsed: number; totalDiscounted: number }>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('discount_redemptions')
    .select([
      'discount_id',
      sql<string>`count(*)`.as('uses'),
      sql<string>`coalesce(sum(amount), 0)`.as('total'),
    ])
    .where('site_id', '=', siteId)
    .where('discount_id', 'in', ids)
    .groupBy('discount_id')
    .execute();
  for (const r of rows) {
    out.set(r.discount_id, { timesUsed: Number(r.uses), totalDiscounted: Number(r.total) });
  }
  return out;
}

async function withUsage(db: Db, siteId: string, rows: DiscountRow[]): Promise<DiscountJson[]> {
  const usage = await usageOf(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => discountJson(r, usage.get(r.id) ?? { timesUsed: 0, totalDiscounted: 0 }));
}

/** Every discount of the website, newest first (a website has tens, not thousands). */
export async function listDiscounts(db: Db, siteId: string): Promise<DiscountJson[]> {
  const rows = await db
    .selectFrom('discounts')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created', 'desc')
    .orderBy('id')
    .limit(1000)
    .execute();
  return withUsage(db, siteId, rows);
}

export async function getDiscount(db: Db, siteId: string, id: string): Promise<DiscountJson> {
  const row = await db
    .selectFrom('discounts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  const [json] = await withUsage(db, siteId, [row]);
  return json!;
}

type Prepared = Omit<
  Insertable<DiscountsTable>,
  'id' | 'site_id' | 'times_used' | 'created' | 'updated'
> & { usage_limit: number | null };

/** The checked input as columns; field errors (400 DISCOUNT_INVALID) otherwise. */
async function prepare(a: DiscountActor, input: DiscountInput): Promise<Prepared> {
  const errors = validateDiscountInput(input);
  const productIds = [...new Set(input.productIds ?? [])];
  if (!errors.productIds && productIds.length) {
    const found = await a.db
      .selectFrom('products')
      .select('item_id')
      .where('site_id', '=', a.siteId)
      .where('item_id', 'in', productIds)
      .execute();
    if (found.length !== productIds.length) {
      errors.productIds = 'Some of these products no longer exist: choose them again.';
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    code: input.code == null ? null : normalizeDiscountCode(input.code),
    title: (input.title ?? '').trim(),
    kind: input.kind,
    value: input.value,
    minimum_subtotal: input.minimumSubtotal ?? 0,
    starts_at: input.startsAt == null ? null : new Date(input.startsAt),
    ends_at: input.endsAt == null ? null : new Date(input.endsAt),
    usage_limit: input.usageLimit ?? null,
    once_per_email: input.oncePerEmail ?? false,
    product_ids: JSON.stringify(productIds),
    enabled: input.enabled ?? true,
  };
}

export async function createDiscount(
  a: DiscountActor,
  input: DiscountInput,
): Promise<DiscountJson> {
  const values = await prepare(a, input);
  const id = crypto.randomUUID();
  const now = new Date(a.now);
  try {
    await a.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('discounts')
        .values({ ...values, id, site_id: a.siteId, times_used: 0, created: now, updated: now })
        .execute();
      await bumpContentVersion(trx, a.siteId);
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  return getDiscount(a.db, a.siteId, id);
}

/**
 * Replaces a discount's settings. Its uses stay; a usage limit below the uses so far is refused
 * (the database's check would refuse it too).
 */
export async function updateDiscount(
  a: DiscountActor,
  id: string,
  input: DiscountInput,
): Promise<DiscountJson> {
  const values = await prepare(a, input);
  let updated;
  try {
    updated = await a.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('discounts')
        .set({ ...values, updated: new Date(a.now) })
        .where('site_id', '=', a.siteId)
        .where('id', '=', id)
        .where((eb) =>
          values.usage_limit === null ? eb.lit(true) : eb('times_used', '<=', values.usage_limit),
        )
        .returning('id')
        .executeTakeFirst();
      if (row) await bumpContentVersion(trx, a.siteId);
      return row;
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  if (!updated) {
    const current = await getDiscount(a.db, a.siteId, id); // NOT_FOUND when it is gone
    throw invalid({
      usageLimit: `It was used ${current.timesUsed} times already: the limit cannot be lower.`,
    });
  }
  return getDiscount(a.db, a.siteId, id);
}

/** Deletes a discount and its redemption rows; orders keep their discount lines. */
export async function deleteDiscount(a: DiscountActor, id: string): Promise<void> {
  const gone = await a.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('discounts')
      .where('site_id', '=', a.siteId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (row) await bumpContentVersion(trx, a.siteId);
    return row;
  });
  if (!gone) throw appError(ErrorCode.NOT_FOUND);
}
