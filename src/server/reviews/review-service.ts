import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import type { Site } from '../sites/site-queries.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { findLiveItem, itemSummaries } from '../content/item-social.js';
import { loadOrderJson } from '../orders/order-json.js';
import type { OrderJson } from '../../shared/checkout/api.js';
import {
  averageRating,
  newReviewStatus,
  reviewerDisplayName,
  validateReview,
  ReviewLimits,
  type ReviewInput,
} from '../../shared/reviews/rules.js';
import { reviewTexts } from '../../shared/reviews/texts.js';
import type {
  PublicReview,
  ReviewListResponse,
  ReviewRequestProduct,
  ReviewSummary,
  SubmitReviewResponse,
} from '../../shared/reviews/api.js';
import { orderIdFromReviewToken } from './review-token.js';
import type { ProductReviewsTable } from './tables.js';

export type ReviewRow = Selectable<ProductReviewsTable>;

/** The site takes and shows reviews (Settings → Reviews; off unless turned on). */
export function reviewsOn(site: Pick<Site, 'settings'>): boolean {
  return site.settings.websiteSettings.reviewsEnabled === true;
}

/** New reviews are published at once instead of waiting in the queue. */
export function autoPublish(site: Pick<Site, 'settings'>): boolean {
  return site.settings.websiteSettings.reviewsAutoPublish === true;
}

export function publicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: reviewerDisplayName(row.author_name),
    verified: row.verified,
    created: new Date(row.created).toISOString(),
  };
}

/** Published reviews of products, in numbers (one grouped query for all of them). */
export async function reviewSummaries(
  db: Db,
  siteId: string,
  productIds: readonly string[],
): Promise<Map<string, ReviewSummary>> {
  const out = new Map<string, ReviewSummary>();
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('product_reviews')
    .select(['product_id', 'rating', (eb) => eb.fn.countAll<string>().as('n')])
    .where('site_id', '=', siteId)
    .where('product_id', 'in', [...productIds])
    .where('status', '=', 'published')
    .groupBy(['product_id', 'rating'])
    .execute();
  for (const id of productIds) out.set(id, { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] });
  const sums = new Map<string, number>();
  for (const r of rows) {
    const s = out.get(r.product_id)!;
    const n = Number(r.n);
    s.distribution[r.rating - 1] = n;
    s.count += n;
    sums.set(r.product_id, (sums.get(r.product_id) ?? 0) + n * r.rating);
  }
  for (const [id, s] of out) s.average = averageRating(sums.get(id) ?? 0, s.count);
  return out;
}

/** A product's published reviews, newest first, five a page; `rating` keeps one star value. */
export async function listPublished(
  db: Db,
  siteId: string,
  productId: string,
  page: number,
  rating?: number,
): Promise<ReviewListResponse> {
  const summary = (await reviewSummaries(db, siteId, [productId])).get(productId)!;
  const matching = rating ? summary.distribution[rating - 1]! : summary.count;
  const pages = Math.max(1, Math.ceil(matching / ReviewLimits.pageSize));
  let query = db
    .selectFrom('product_reviews')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('product_id', '=', productId)
    .where('status', '=', 'published');
  if (rating) query = query.where('rating', '=', rating);
  const rows = await query
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(ReviewLimits.pageSize)
    .offset((page - 1) * ReviewLimits.pageSize)
    .execute();
  return {
    ...summary,
    reviews: rows.map(publicReview),
    page,
    pages,
    ...(rating ? { rating } : {}),
  };
}

/** The order a review link opens, or REVIEW_LINK_INVALID (tampered, expired, unknown order). */
export async function orderOfToken(deps: AppDeps, site: Site, token: string): Promise<OrderJson> {
  const orderId = orderIdFromReviewToken(deps.config.secret, site.id, token, deps.now());
  const order = orderId
    ? await loadOrderJson(deps.db, deps.config.secret, site.id, orderId)
    : undefined;
  if (!order || order.status === 'cancelled') throw appError(ErrorCode.REVIEW_LINK_INVALID);
  return order;
}

/** The buyer's name as the order has it (billing, else shipping), for the form to start with. */
export function buyerName(order: OrderJson): string {
  const a = order.billingAddress ?? order.shippingAddress;
  return a ? `${a.firstName} ${a.lastName}`.trim() : '';
}

/** The products of an order a buyer may review (still on the site), and which they reviewed. */
export async function reviewableProducts(
  db: Db,
  siteId: string,
  order: OrderJson,
): Promise<ReviewRequestProduct[]> {
  const ids = [...new Set(order.lines.map((l) => l.itemId))];
  if (!ids.length) return [];
  const [live, reviewed, summaries] = await Promise.all([
    Promise.all(ids.map((id) => findLiveItem(db, siteId, id))),
    db
      .selectFrom('product_reviews')
      .select('product_id')
      .where('order_id', '=', order.id)
      .execute(),
    itemSummaries(db, siteId, ids),
  ]);
  const liveIds = new Set(live.flatMap((r) => (r ? [r.id] : [])));
  const done = new Set(reviewed.map((r) => r.product_id));
  return ids
    .filter((id) => liveIds.has(id))
    .map((id) => ({
      productId: id,
      title: summaries.get(id)?.title ?? order.lines.find((l) => l.itemId === id)!.title,
      url: summaries.get(id)?.url ?? '',
      reviewed: done.has(id),
    }));
}

export interface NewReview extends ReviewInput {
  productId: string;
  /** The honeypot's value: anything in it and the review is dropped with a quiet success. */
  honeypot?: string | undefined;
}

/**
 * A buyer's review from the order mail's link (docs/reviews.md), in this order: the honeypot
 * (quiet success, nothing stored), the site taking reviews, the link, the product being one the
 * order bought, the fields (REVIEW_INVALID with `fields`), one review per product per order
 * (REVIEW_EXISTS), then stored as pending or, when the site publishes at once, published.
 */
export async function submitReview(
  deps: AppDeps,
  site: Site,
  token: string,
  input: NewReview,
): Promise<SubmitReviewResponse> {
  if (input.honeypot) return { status: 'pending' };
  const texts = reviewTexts(site.language);
  if (!reviewsOn(site)) throw appError(ErrorCode.REVIEWS_OFF, texts.reviewsOff);
  const order = await orderOfToken(deps, site, token);
  const { value, fields } = validateReview(input, texts);
  const bought = order.lines.some((l) => l.itemId === input.productId);
  if (!bought || !(await findLiveItem(deps.db, site.id, input.productId)))
    fields.productId = texts.failed;
  if (Object.keys(fields).length)
    throw appError(ErrorCode.REVIEW_INVALID, Object.values(fields)[0], { fields });
  const status = newReviewStatus(autoPublish(site));
  const now = new Date(deps.now());
  const inserted = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('product_reviews')
      .values({
        id: crypto.randomUUID(),
        site_id: site.id,
        product_id: input.productId,
        order_id: order.id,
        verified: true,
        rating: value.rating,
        title: value.title,
        body: value.body,
        author_name: value.name,
        author_email: order.email.trim().toLowerCase(),
        status,
        created: now,
        published_at: status === 'published' ? now : null,
      })
      .onConflict((oc) =>
        oc
          .columns(['order_id', 'product_id'])
          .where(sql.ref('order_id'), 'is not', null)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (row && status === 'published') await bumpContentVersion(trx, site.id);
    return row;
  });
  if (!inserted) throw appError(ErrorCode.REVIEW_EXISTS, texts.alreadyReviewed);
  if (status === 'published') deps.events.emit('content-changed', { siteId: site.id });
  return { status };
}
