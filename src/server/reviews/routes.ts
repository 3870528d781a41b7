import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import { RateLimit } from '../platform/rate-limits.js';
import { ErrorCode, errorRegistry } from '../../shared/errors.js';
import { localizeMessage } from '../../shared/i18n/messages.js';
import { issueCrumb } from '../http/request-context.js';
import { appError, AppError } from '../errors/app-error.js';
import { findLiveItem } from '../content/item-social.js';
import { pageRendererFor } from '../render/shared-page-renderer.js';
import { ReviewLimits } from '../../shared/reviews/rules.js';
import {
  REVIEW_HONEYPOT,
  ReviewsApi,
  type ReviewRequestDraft,
  type ReviewRequestProps,
} from '../../shared/reviews/api.js';
import { reviewTexts } from '../../shared/reviews/texts.js';
import {
  buyerName,
  listPublished,
  orderOfToken,
  reviewableProducts,
  reviewsOn,
  submitReview,
} from './review-service.js';
import { deleteReview, listQueue, setReviewStatus } from './moderation.js';
import { buildReviewRequestContext } from './request-page.js';
import { registerReviewsRendering } from './render-reviews.js';

/** Reviews sent a minute per client address (a buyer sends one per product of an order). */
const REVIEWS_PER_MINUTE = 10;

const Str = (max: number) => Type.String({ maxLength: max });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 300 }) });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 }));

const SubmitBody = Type.Object({
  productId: Type.String({ minLength: 1, maxLength: 200 }),
  // Any integer gets the form's field text ('Choose a rating…'), not a schema error.
  rating: Type.Integer({ minimum: -1000, maximum: 1000 }),
  title: Str(ReviewLimits.titleMax * 4),
  body: Str(ReviewLimits.bodyMax * 4),
  name: Str(ReviewLimits.nameMax * 4),
  [REVIEW_HONEYPOT]: Type.Optional(Str(2000)),
  crumb: Type.Optional(Str(400)),
});

/**
 * The same review as a plain form post (no JavaScript): every field a string, possibly missing
 * (no star chosen), so the page can say what is wrong instead of a schema error.
 */
const FormBody = Type.Object({
  productId: Type.Optional(Str(200)),
  rating: Type.Optional(Str(10)),
  title: Type.Optional(Str(ReviewLimits.titleMax * 4)),
  body: Type.Optional(Str(ReviewLimits.bodyMax * 4)),
  name: Type.Optional(Str(ReviewLimits.nameMax * 4)),
  [REVIEW_HONEYPOT]: Type.Optional(Str(2000)),
  crumb: Type.Optional(Str(400)),
});

/**
 * What a form post typed, as the review form keeps it (no star: rating 0). Reads any body: the
 * crumb's error handler gets one that was parsed but never validated.
 */
function typedReview(body: unknown) {
  const field = (name: string, max: number) => {
    const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : '';
    return typeof v === 'string' ? v.slice(0, max) : '';
  };
  const rating = field('rating', 10);
  return {
    productId: field('productId', 200),
    rating: /^[1-9]\d{0,2}$/.test(rating) ? Number(rating) : 0,
    title: field('title', ReviewLimits.titleMax * 4),
    body: field('body', ReviewLimits.bodyMax * 4),
    name: field('name', ReviewLimits.nameMax * 4),
  };
}

/** Where a form post that worked lands: the page, with that product's thank-you. */
const RequestQuery = Type.Object({
  format: Type.Optional(Str(10)),
  sent: Type.Optional(Str(200)),
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('published')])),
});

const ListQuery = Type.Object({
  page: Page,
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});

const QueueQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('published'), Type.Literal('hidden')]),
  ),
  productId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  page: Page,
});

/** The reviews domain's routes (docs/reviews.md). */
export const reviewsRoutes: DomainRoutes = async (app, deps) => {
  registerReviewsRendering();
  const renderer = pageRendererFor(deps);
  // One count for the API and the page's form post: the same review, sent either way.
  const sendLimit = new RateLimit(deps.rates, 'review-send', REVIEWS_PER_MINUTE, 60_000);

  // A product's published reviews (the product page island's paging and star filter).
  app.get(
    '/api/commerce/products/:id/reviews',
    { schema: { params: IdParams, querystring: ListQuery } },
    async (req, reply) => {
      if (!reviewsOn(req.site)) throw appError(ErrorCode.REVIEWS_OFF);
      if (!(await findLiveItem(deps.db, req.site.id, req.params.id)))
        throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return listPublished(
        deps.db,
        req.site.id,
        req.params.id,
        req.query.page ?? 1,
        req.query.rating,
      );
    },
  );

  // The review request page (SPEC 2.1 pageType 209): the order mail's signed link.
  app.get(
    '/reviews/write/:token',
    {
      schema: { params: TokenParams, querystring: RequestQuery },
    },
    async (req, reply) => {
      reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
      const { sent, status } = req.query;
      const view = await requestView(req, req.params.token, {
        ...(sent && status ? { sent: { productId: sent, status } } : {}),
      });
      if (req.query.format === 'json') {
        if ('code' in view) throw appError(view.code);
        return { pageType: 209, reviewRequest: view };
      }
      return renderRequestPage(req, reply, view);
    },
  );

  // The page's forms without JavaScript: the same checks and limit as the API, then a redirect
  // to the page with the product's thank-you (303), or the page again with the errors and what
  // was typed (4xx). The island sends the API instead when JavaScript runs.
  app.post(
    '/reviews/write/:token',
    {
      schema: { params: TokenParams, body: FormBody },
      // A missing or stale crumb (cookies cleared, an owner signed in or out in another tab) is
      // said on the page, with what was typed and a valid crumb (the cookie's, else a new one),
      // so sending again works. Other errors go on to the one error handler.
      errorHandler: async (err, req, reply) => {
        const code = err instanceof AppError ? err.code : undefined;
        if (code !== ErrorCode.CRUMB_INVALID && code !== ErrorCode.COOKIES_DISABLED) throw err;
        const { token } = req.params as { token: string };
        if (!req.crumb) issueCrumb(req, reply, deps.config);
        reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
        const typed = typedReview(req.body);
        const message = localizeMessage(req.site.language, err.message);
        const view = await requestView(req, token, {
          draft: { ...typed, errors: { form: message } },
        });
        return renderRequestPage(req, reply, view, errorRegistry[code].status);
      },
    },
    async (req, reply) => {
      reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
      const token = req.params.token;
      const typed = typedReview(req.body);
      const productId = typed.productId;
      const again = async (status: number, errors: ReviewRequestDraft['errors']) => {
        const view = await requestView(req, token, { draft: { ...typed, errors } });
        return renderRequestPage(req, reply, view, status);
      };
      const t = reviewTexts(req.site.language);
      const wait = await sendLimit.hit(req.ip);
      if (wait) {
        reply.header('retry-after', String(wait));
        return again(429, { form: t.tooMany });
      }
      try {
        const result = await submitReview(deps, req.site, token, {
          ...typed,
          honeypot: req.body[REVIEW_HONEYPOT],
        });
        const to = `${ReviewsApi.requestPage(token)}?sent=${encodeURIComponent(productId)}&status=${result.status}`;
        return reply.redirect(to, 303);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // Already reviewed: the page says so for that product.
        if (e.code === ErrorCode.REVIEW_EXISTS)
          return reply.redirect(ReviewsApi.requestPage(token), 303);
        if (e.code === ErrorCode.REVIEW_INVALID) {
          const fields = (e.details as { fields?: ReviewRequestDraft['errors'] }).fields ?? {};
          const { productId: product, ...rest } = fields;
          return again(400, product ? { ...rest, form: product } : rest);
        }
        // The link or the shop's setting: the page says which (its own status).
        if (e.code === ErrorCode.REVIEWS_OFF || e.code === ErrorCode.REVIEW_LINK_INVALID)
          return renderRequestPage(req, reply, await requestView(req, token));
        throw e;
      }
    },
  );

  type RequestView =
    | { orderNumber: number; form: ReviewRequestProps }
    | { message: string; status: number; code: 'REVIEWS_OFF' | 'REVIEW_LINK_INVALID' };

  async function requestView(
    req: FastifyRequest,
    token: string,
    extra: Pick<ReviewRequestProps, 'draft' | 'sent'> = {},
  ): Promise<RequestView> {
    const t = reviewTexts(req.site.language);
    if (!reviewsOn(req.site))
      return { message: t.reviewsOff, status: 403, code: ErrorCode.REVIEWS_OFF };
    try {
      const order = await orderOfToken(deps, req.site, token);
      const products = await reviewableProducts(deps.db, req.site.id, order);
      // A thank-you only for a product this order did review (the query is the visitor's own).
      const sent =
        extra.sent && products.some((p) => p.reviewed && p.productId === extra.sent!.productId)
          ? extra.sent
          : undefined;
      const draft = products.some((p) => p.productId === extra.draft?.productId)
        ? extra.draft
        : undefined;
      return {
        orderNumber: order.orderNumber,
        form: {
          token,
          products,
          name: buyerName(order),
          texts: t,
          crumb: req.crumb,
          ...(draft ? { draft } : {}),
          ...(sent ? { sent } : {}),
        },
      };
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.REVIEW_LINK_INVALID)
        return { message: t.linkInvalid, status: 404, code: ErrorCode.REVIEW_LINK_INVALID };
      throw e;
    }
  }

  async function renderRequestPage(
    req: FastifyRequest,
    reply: FastifyReply,
    view: RequestView,
    statusOverride?: number,
  ) {
    const url = { path: req.url.split('?', 1)[0]!, query: { offset: 0 } };
    const rendered = await renderer.renderWith(
      req.site,
      url,
      `${req.protocol}://${req.host}`,
      (_deps, pageReq) => buildReviewRequestContext(pageReq, view),
    );
    const { html, errors } = rendered;
    if (errors.length) req.log.warn({ templateErrors: errors, url: req.url }, 'template errors');
    return reply
      .code('form' in view ? (statusOverride ?? rendered.status) : rendered.status)
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.post(
    '/api/reviews/request/:token',
    { schema: { params: TokenParams, body: SubmitBody } },
    async (req, reply) => {
      const wait = await sendLimit.hit(req.ip);
      if (wait)
        throw appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': String(wait) });
      const b = req.body;
      const result = await submitReview(deps, req.site, req.params.token, {
        productId: b.productId,
        rating: b.rating,
        title: b.title,
        body: b.body,
        name: b.name,
        honeypot: b[REVIEW_HONEYPOT],
      });
      reply.code(201).header('cache-control', 'no-store');
      return result;
    },
  );

  // The owner's queue: whoever moderates comments moderates reviews (SPEC 3.10 roles).
  const owner = { preValidation: ownerGuard(deps.db, 'moderate') };
  app.get('/api/reviews', { ...owner, schema: { querystring: QueueQuery } }, async (req) =>
    listQueue(
      deps.db,
      req.site.id,
      req.query.status ?? 'pending',
      req.query.page ?? 1,
      req.query.productId,
    ),
  );
  app.post('/api/reviews/:id/publish', { ...owner, schema: { params: IdParams } }, async (req) => {
    await setReviewStatus(deps, req.site.id, req.params.id, 'published');
    return { ok: true };
  });
  app.post('/api/reviews/:id/hide', { ...owner, schema: { params: IdParams } }, async (req) => {
    await setReviewStatus(deps, req.site.id, req.params.id, 'hidden');
    return { ok: true };
  });
  app.delete('/api/reviews/:id', { ...owner, schema: { params: IdParams } }, async (req) => {
    await deleteReview(deps, req.site.id, req.params.id);
    return { ok: true };
  });
};
