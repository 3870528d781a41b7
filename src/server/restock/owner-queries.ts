import { isVariantSoldOut } from '../../shared/product/rules.js';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { decodeCursor, encodeCursor } from '../../shared/restock/rules.js';
import type {
  RestockSignUpGroupsResponse,
  RestockSignUpsResponse,
} from '../../shared/restock/types.js';
import { loadRestockVariants } from './catalog-port.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

function badCursor() {
  return appError(ErrorCode.VALIDATION, 'The cursor is not valid.');
}

/**
 * The website's sign-ups grouped by product and variant, in (product, variant) order with
 * keyset pagination: the cursor is the last group's key, so pages stay stable while sign-ups
 * arrive.
 */
export async function listRestockGroups(
  db: Db,
  siteId: string,
  opts: { cursor?: string | undefined; limit?: number | undefined },
): Promise<RestockSignUpGroupsResponse> {
  const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
  let after: [string, string] | undefined;
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    if (!c || c.length !== 2 || typeof c[0] !== 'string' || typeof c[1] !== 'string') {
      throw badCursor();
    }
    after = [c[0], c[1]];
  }
  let q = db
    .selectFrom('restock_signups')
    .select([
      'item_id',
      'variant_id',
      (eb) => eb.fn.countAll<number>().as('count'),
      sql<number>`count(*) FILTER (WHERE notified_at IS NULL)`.as('pending'),
    ])
    .where('site_id', '=', siteId)
    .groupBy(['item_id', 'variant_id'])
    .orderBy('item_id')
    .orderBy('variant_id')
    .limit(limit + 1);
  if (after) {
    const [item, variant] = after;
    q = q.where(sql<boolean>`(item_id, variant_id) > (${item}, ${variant})`);
  }
  const rows = await q.execute();
  const hasNextPage = rows.length > limit;
  const page = hasNextPage ? rows.slice(0, limit) : rows;
  const info = await loadRestockVariants(
    db,
    siteId,
    page.map((r) => ({ productId: r.item_id, variantId: r.variant_id })),
  );
  const last = page.at(-1);
  return {
    signUpGroups: page.map((r) => {
      const v = info.get(r.variant_id);
      return {
        productId: r.item_id,
        productName: v?.productName ?? '',
        variantId: r.variant_id,
        sku: v?.sku ?? '',
        attributes: v?.attributes ?? {},
        count: Number(r.count),
        pendingCount: Number(r.pending),
        soldOut: v ? isVariantSoldOut(v, v) : false,
      };
    }),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.item_id, last.variant_id]) : null,
  };
}

/**
 * One product's sign-ups (one variant's when `variantId` is given), newest first, keyset
 * paginated on (created, id).
 */
export async function listRestockSignUps(
  db: Db,
  siteId: string,
  opts: {
    productId: string;
    variantId?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  },
): Promise<RestockSignUpsResponse> {
  const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
  let after: [number, string] | undefined;
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    if (!c || c.length !== 2 || typeof c[0] !== 'number' || typeof c[1] !== 'string') {
      throw badCursor();
    }
    // A crafted cursor (`[1e400, "x"]`) must not become an Invalid Date in the query.
    if (!Number.isFinite(new Date(c[0]).getTime())) throw badCursor();
    after = [c[0], c[1]];
  }
  let q = db
    .selectFrom('restock_signups')
    .select(['id', 'item_id', 'variant_id', 'email', 'created', 'notified_at', 'join_mailing_list'])
    .where('site_id', '=', siteId)
    .where('item_id', '=', opts.productId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (opts.variantId) q = q.where('variant_id', '=', opts.variantId);
  if (after) {
    const [created, id] = after;
    q = q.where(sql<boolean>`(created, id) < (${new Date(created)}, ${id})`);
  }
  const rows = await q.execute();
  const hasNextPage = rows.length > limit;
  const page = hasNextPage ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    signUps: page.map((r) => ({
      id: r.id,
      productId: r.item_id,
      variantId: r.variant_id,
      email: r.email,
      created: r.created.getTime(),
      notified: r.notified_at !== null,
      notifiedOn: r.notified_at ? r.notified_at.getTime() : null,
      joinMailingList: r.join_mailing_list,
    })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.created.getTime(), last.id]) : null,
  };
}

/** Owner's auto-notify choice for a product, falling back to its merchandising setting. */
export async function autoNotifyOf(
  db: Db,
  siteId: string,
  productId: string,
  merchandisingDefault: boolean,
): Promise<boolean> {
  const row = await db
    .selectFrom('restock_settings')
    .select('auto_notify')
    .where('site_id', '=', siteId)
    .where('item_id', '=', productId)
    .executeTakeFirst();
  return row ? row.auto_notify : merchandisingDefault;
}

export async function setAutoNotify(
  db: Db,
  siteId: string,
  productId: string,
  autoNotify: boolean,
  now: number,
): Promise<void> {
  await db
    .insertInto('restock_settings')
    .values({
      site_id: siteId,
      item_id: productId,
      auto_notify: autoNotify,
      updated: new Date(now),
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'item_id'])
        .doUpdateSet({ auto_notify: autoNotify, updated: new Date(now) }),
    )
    .execute();
}
