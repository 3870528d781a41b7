import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { itemSummaries } from '../content/item-social.js';
import { findOrderRow } from '../orders/order-json.js';
import { REVIEW_STATUSES, type ReviewStatus } from '../../shared/reviews/rules.js';
import type { OwnerReview, OwnerReviewsResponse } from '../../shared/reviews/api.js';
import type { ReviewRow } from './review-service.js';

/** The owner's queue page size. */
export const QUEUE_PAGE_SIZE = 25;

/** The owner's queue: one status (and optionally one product), newest first, with the tab counts. */
export async function listQueue(
  db: Db,
  siteId: string,
  status: ReviewStatus,
  page: number,
  productId?: string,
): Promise<OwnerReviewsResponse> {
  let counted = db
    .selectFrom('product_reviews')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('site_id', '=', siteId);
  if (productId) counted = counted.where('product_id', '=', productId);
  const countRows = await counted.groupBy('status').execute();
  const counts = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<
    ReviewStatus,
    number
  >;
  for (const r of countRows) counts[r.status] = Number(r.n);
  let query = db
    .selectFrom('product_reviews')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', '=', status);
  if (productId) query = query.where('product_id', '=', productId);
  const rows = await query
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(QUEUE_PAGE_SIZE)
    .offset((page - 1) * QUEUE_PAGE_SIZE)
    .execute();
  const productRows = await db
    .selectFrom('product_reviews')
    .select('product_id')
    .distinct()
    .where('site_id', '=', siteId)
    .limit(500)
    .execute();
  const productIds = productRows.map((r) => r.product_id);
  const items = await itemSummaries(db, siteId, productIds);
  const orderIds = [...new Set(rows.flatMap((r) => (r.order_id ? [r.order_id] : [])))];
  const orders = await Promise.all(orderIds.map((o) => findOrderRow(db, siteId, o)));
  const numberOf = new Map(orders.flatMap((o) => (o ? [[o.id, o.order_number] as const] : [])));
  const reviews: OwnerReview[] = rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productTitle: items.get(r.product_id)?.title ?? '',
    productUrl: items.get(r.product_id)?.url ?? '',
    rating: r.rating,
    title: r.title,
    body: r.body,
    authorName: r.author_name,
    authorEmail: r.author_email,
    verified: r.verified,
    orderNumber: r.order_id ? (numberOf.get(r.order_id) ?? null) : null,
    status: r.status,
    created: new Date(r.created).toISOString(),
  }));
  return {
    reviews,
    counts,
    page,
    pages: Math.max(1, Math.ceil(counts[status] / QUEUE_PAGE_SIZE)),
    products: productIds
      .map((id) => ({ id, title: items.get(id)?.title ?? id }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  };
}

async function findReview(db: Db, siteId: string, id: string): Promise<ReviewRow> {
  const row = await db
    .selectFrom('product_reviews')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return row;
}

/**
 * Publish or hide a review. When that changes what shoppers see (it was or becomes published),
 * the website's content version moves in the same transaction and `content-changed` empties
 * every process's cached product pages.
 */
export async function setReviewStatus(
  deps: AppDeps,
  siteId: string,
  id: string,
  status: 'published' | 'hidden',
): Promise<void> {
  const row = await findReview(deps.db, siteId, id);
  if (row.status === status) return;
  const shownChanged = row.status === 'published' || status === 'published';
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('product_reviews')
      .set({
        status,
        published_at: status === 'published' ? new Date(deps.now()) : row.published_at,
      })
      .where('id', '=', id)
      .execute();
    if (shownChanged) await bumpContentVersion(trx, siteId);
  });
  if (shownChanged) deps.events.emit('content-changed', { siteId });
}

export async function deleteReview(deps: AppDeps, siteId: string, id: string): Promise<void> {
  const row = await findReview(deps.db, siteId, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('product_reviews').where('id', '=', id).execute();
    if (row.status === 'published') await bumpContentVersion(trx, siteId);
  });
  if (row.status === 'published') deps.events.emit('content-changed', { siteId });
}
