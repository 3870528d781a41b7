import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, TEST_SECRET, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { Role } from '../../shared/enums.js';
import { Messages } from '../../shared/errors.js';
import { CRUMB_COOKIE } from '../../shared/wire-names.js';
import { HOST_B, SITE_A, SITE_B, seedShop, Shopper } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { placeBody, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import { addOwner, setWebsiteSettings, signedIn } from '../comments/test-fixtures.js';
import { ReviewsApi, type ReviewListResponse } from '../../shared/reviews/api.js';
import {
  averageRating,
  reviewerDisplayName,
  starPercent,
  validateReview,
} from '../../shared/reviews/rules.js';
import { reviewTexts } from '../../shared/reviews/texts.js';
import { orderIdFromReviewToken, reviewToken } from './review-token.js';

describe('review rules (shared)', () => {
  it('shows first name and initial, averages to one decimal, fills stars by percent', () => {
    expect(reviewerDisplayName('  ada   lovelace ')).toBe('ada L.');
    expect(reviewerDisplayName('Cher')).toBe('Cher');
    expect(reviewerDisplayName('Émile Zola Jr')).toBe('Émile J.');
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(0, 0)).toBe(0);
    expect(starPercent(4.3)).toBe(86);
  });

  it('checks rating, body, title and name with one text per field', () => {
    const t = reviewTexts('en-US');
    const { fields } = validateReview(
      { rating: 6, title: 'x'.repeat(121), body: '  \n ', name: '' },
      t,
    );
    expect(fields).toEqual({
      rating: t.ratingRequired,
      title: t.titleTooLong,
      body: t.bodyRequired,
      name: t.nameRequired,
    });
    const ok = validateReview({ rating: 5, title: ' Nice ', body: 'a\n\n\n\nb', name: 'A B' }, t);
    expect(ok.fields).toEqual({});
    expect(ok.value).toMatchObject({ title: 'Nice', body: 'a\n\nb' });
  });

  it('signs links per website and purpose, and they expire', () => {
    const now = Date.parse('2026-11-28T00:00:00Z');
    const token = reviewToken(TEST_SECRET, SITE_A, 'order-1', now);
    expect(orderIdFromReviewToken(TEST_SECRET, SITE_A, token, now)).toBe('order-1');
    expect(orderIdFromReviewToken(TEST_SECRET, SITE_B, token, now)).toBeUndefined();
    expect(orderIdFromReviewToken('other', SITE_A, token, now)).toBeUndefined();
    const later = now + 181 * 86_400_000;
    expect(orderIdFromReviewToken(TEST_SECRET, SITE_A, token, later)).toBeUndefined();
    const tampered = token.replace('order-1', 'order-2');
    expect(orderIdFromReviewToken(TEST_SECRET, SITE_A, tampered, now)).toBeUndefined();
  });
});

describeEachBackend('reviews API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let token = '';
  let orderId = '';
  let changes: string[] = [];

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    await addOwner(h, 'owner@shop.test', SITE_A);
    await addOwner(h, 'moderator@shop.test', SITE_A, Role.MODERATOR);
    await addOwner(h, 'manager@shop.test', SITE_A, Role.STORE_MANAGER);
    await addOwner(h, 'owner-b@shop.test', SITE_B);
    ({ app, deps } = await buildTestApp(h));
    deps.events.on('content-changed', (e: { siteId: string }) => changes.push(e.siteId));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  async function settings(siteId: string, change: Parameters<typeof setWebsiteSettings>[2]) {
    await setWebsiteSettings(h, siteId, change);
    deps.events.emit('content-changed', { siteId });
  }

  async function placeOrder(items: { itemId: string; sku?: string }[]) {
    const s = new Shopper(app);
    for (const it of items) expect((await s.add({ ...it, quantity: 1 })).statusCode).toBe(200);
    const res = await s.post('/api/commerce/orders', placeBody());
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: string };
    const mail = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'order-confirmation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { orderId: order.id, mail: { text: mail.text_body, html: mail.html_body } };
  }

  const linkIn = (text: string) => /Review your purchase: (\S+)/.exec(text)?.[1];
  const tokenOf = (url: string) => decodeURIComponent(url.split('/reviews/write/')[1]!);

  async function rows() {
    return h.db.selectFrom('product_reviews').selectAll().orderBy('created').execute();
  }
  async function contentVersion(site = SITE_A) {
    const r = await h.db
      .selectFrom('sites')
      .select('content_version')
      .where('id', '=', site)
      .executeTakeFirstOrThrow();
    return r.content_version;
  }
  function submit(t: string, body: Record<string, unknown>, shopper = new Shopper(app)) {
    return shopper.post(ReviewsApi.submit(t), {
      productId: 'mug',
      rating: 4,
      title: 'Good mug',
      body: 'Holds <b>coffee</b> & tea.',
      name: 'Ada Lovelace',
      ...body,
    });
  }

  it('adds no review link to the order mail while reviews are off', async () => {
    const { mail } = await placeOrder([{ itemId: 'poster' }]);
    expect(mail.text).toContain('Poster');
    expect(mail.text).not.toContain('Review your purchase');
    expect(mail.html).not.toContain('/reviews/write/');
  });

  it("puts a signed 'Review your purchase' link in the order mail once reviews are on", async () => {
    await settings(SITE_A, { reviewsEnabled: true });
    const placed = await placeOrder([{ itemId: 'mug', sku: 'MUG-S' }, { itemId: 'poster' }]);
    const url = linkIn(placed.mail.text);
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/reviews\/write\//);
    expect(placed.mail.html).toContain('Review your purchase</a>');
    token = tokenOf(url!);
    orderId = placed.orderId;
  });

  it('opens the review request page (209) with one form per product bought', async () => {
    const v = new Visitor(app);
    const json = await v.get(`${ReviewsApi.requestPage(token)}?format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      pageType: 209,
      reviewRequest: {
        form: {
          name: 'Ada Lovelace',
          products: [
            { productId: 'mug', title: 'Mug', reviewed: false },
            { productId: 'poster', title: 'Poster', reviewed: false },
          ],
        },
      },
    });
    const html = await v.get(ReviewsApi.requestPage(token));
    expect(html.statusCode).toBe(200);
    expect(html.headers['cache-control']).toBe('no-store');
    expect(html.body).toContain('data-island="review-request"');
    expect(html.body).toContain('type="radio"');
    expect(html.body).toMatch(/<legend>Rating<\/legend>/);
  });

  it('refuses tampered, expired and other websites’ links, writing nothing', async () => {
    const v = new Visitor(app);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const expired = reviewToken(TEST_SECRET, SITE_A, orderId, Date.now() - 181 * 86_400_000);
    for (const t of [tampered, expired, 'nonsense']) {
      const page = await v.get(ReviewsApi.requestPage(t));
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This review link is not valid or has expired.');
      const res = await submit(t, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('REVIEW_LINK_INVALID');
    }
    const onB = await new Shopper(app, HOST_B).post(ReviewsApi.submit(token), {
      productId: 'mug',
      rating: 5,
      title: '',
      body: 'x',
      name: 'A',
    });
    expect(onB.statusCode).toBe(403); // site B takes no reviews
    await settings(SITE_B, { reviewsEnabled: true });
    const onB2 = await new Shopper(app, HOST_B).post(ReviewsApi.submit(token), {
      productId: 'mug',
      rating: 5,
      title: '',
      body: 'x',
      name: 'A',
    });
    expect(onB2.statusCode).toBe(404);
    expect(await rows()).toHaveLength(0);
  });

  it('answers bad input with 400 and field texts, writing nothing', async () => {
    const t = reviewTexts('en-US');
    const bad = await submit(token, { rating: 0, body: ' ', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'REVIEW_INVALID',
      fields: { rating: t.ratingRequired, body: t.bodyRequired, name: t.nameRequired },
    });
    const notBought = await submit(token, { productId: 'tee' });
    expect(notBought.statusCode).toBe(400);
    expect(notBought.json().error.fields).toHaveProperty('productId');
    const schema = await submit(token, { rating: 'five' });
    expect(schema.statusCode).toBe(400);
    const tooLong = await submit(token, { body: 'x'.repeat(4001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ body: t.bodyTooLong });
    expect(await rows()).toHaveLength(0);
  });

  it('drops a honeypot submission with a quiet success', async () => {
    const res = await submit(token, { website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });
    expect(await rows()).toHaveLength(0);
  });

  it('holds a verified review for approval; a second one of the same product is refused', async () => {
    const before = await contentVersion();
    const res = await submit(token, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });
    const [row] = await rows();
    expect(row).toMatchObject({
      product_id: 'mug',
      order_id: orderId,
      verified: true,
      rating: 4,
      status: 'pending',
      author_email: 'ada@example.com',
    });
    expect(await contentVersion()).toBe(before);
    const again = await submit(token, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REVIEW_EXISTS');
    expect(await rows()).toHaveLength(1);
    const page = await new Visitor(app).get(`${ReviewsApi.requestPage(token)}?format=json`);
    expect(page.json().reviewRequest.form.products[0]).toMatchObject({ reviewed: true });
    const list = await new Visitor(app).get(ReviewsApi.productReviews('mug'));
    expect(list.json()).toMatchObject({ count: 0, reviews: [] });
  });

  it('takes a review as a plain form post (no JavaScript): errors re-shown as typed, then a thank-you', async () => {
    const t = reviewTexts('en-US');
    const s = new Shopper(app);
    const pageUrl = ReviewsApi.requestPage(token);
    const page = await s.get(pageUrl);
    // The server-rendered form posts to the page itself, with the crumb and the product.
    const formTag = /<form class="review-form"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(formTag).toContain('method="post"');
    expect(formTag).toContain(`action="${pageUrl}"`);
    const crumbIn = (html: string) => /name="crumb" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const crumb = crumbIn(page.body);
    expect(crumb).not.toBe('');
    // What the page shows: the island's props (which carry every text) left out.
    const shown = (html: string) => html.replace(/ data-props="[^"]*"/g, '');
    // The form as a browser sends it; `withCrumb` null leaves the crumb field out.
    const post = (
      fields: Record<string, string>,
      shopper: Visitor = s,
      withCrumb: string | null = crumb,
    ) =>
      shopper.request({
        method: 'POST',
        url: pageUrl,
        crumb: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ...(withCrumb === null ? {} : { crumb: withCrumb }),
          productId: 'poster',
          ...fields,
        }).toString(),
      });
    const before = (await rows()).length;

    // No star and no words: the page again (400), the errors said, what was typed kept.
    const bad = await post({ title: 'Bold <print>', body: ' ', name: 'Ada L' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
    expect(bad.headers['cache-control']).toBe('no-store');
    expect(shown(bad.body)).toContain(t.ratingRequired);
    expect(shown(bad.body)).toContain(t.bodyRequired);
    expect(shown(bad.body)).toContain('value="Bold &lt;print&gt;"');
    expect(shown(bad.body)).toContain('value="Ada L"');
    expect(shown(bad.body)).toContain('aria-invalid="true"');
    // A rating typed by hand outside 1–5 is the same field error, not a schema error.
    const outOfRange = await post({ rating: '9', body: 'Fine', name: 'Ada' });
    expect(outOfRange.statusCode).toBe(400);
    expect(shown(outOfRange.body)).toContain(t.ratingRequired);
    // A product the order did not buy: said on the form.
    const tee = await post({ productId: 'tee', rating: '5', body: 'x', name: 'Ada' });
    expect(tee.statusCode).toBe(400);
    expect(shown(tee.body)).not.toContain('value="Ada"'); // no form of that product to refill
    // Without the crumb: refused, like any post, but said on the page (not JSON), with what was
    // typed and a fresh crumb in the form, so sending again from there works.
    const noCrumb = await post({ rating: '5', body: 'Stale tab', name: 'Ada' }, s, null);
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.headers['content-type']).toContain('text/html');
    expect(shown(noCrumb.body)).toContain(Messages.SESSION_EXPIRED);
    expect(shown(noCrumb.body)).toContain('Stale tab');
    const fresh = crumbIn(noCrumb.body);
    expect(fresh).not.toBe('');
    expect(fresh).toBe(s.cookies.get(CRUMB_COOKIE));
    expect(await rows()).toHaveLength(before);
    // No cookie at all (a new browser, cookies cleared): the page asks for cookies and sets a
    // crumb for the next send.
    const bare = await post({ rating: '5', body: 'Cleared', name: 'Ada' }, new Visitor(app), null);
    expect(bare.statusCode).toBe(403);
    expect(shown(bare.body)).toContain(Messages.COOKIES_DISABLED);
    const minted = crumbIn(bare.body);
    expect(bare.cookies.some((c) => c.name === CRUMB_COOKIE && c.value === minted)).toBe(true);
    expect(await rows()).toHaveLength(before);
    // Any other refusal still answers as the API does.
    const tooLong = await post({ rating: '5', body: 'x', name: 'Ada', title: 'x'.repeat(900) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION');

    // A good one: stored, then a redirect to the page with the product's thank-you.
    const ok = await post({ rating: '5', title: 'Crisp', body: 'Lovely\r\nprint.', name: 'Ada L' });
    expect(ok.statusCode, ok.body).toBe(303);
    expect(ok.headers.location).toBe(`${pageUrl}?sent=poster&status=pending`);
    const stored = (await rows()).find((r) => r.product_id === 'poster');
    expect(stored).toMatchObject({
      rating: 5,
      title: 'Crisp',
      body: 'Lovely\nprint.',
      status: 'pending',
    });
    const thanks = await s.get(ok.headers.location as string);
    expect(thanks.statusCode).toBe(200);
    expect(shown(thanks.body)).toContain(t.thanksPending);
    // Sent again (a second click, the back button): the page says it is reviewed already.
    const again = await post({ rating: '1', body: 'Again', name: 'Ada' });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(pageUrl);
    expect(await rows()).toHaveLength(before + 1);
    // A thank-you in the address of a product not reviewed shows nothing.
    await h.db.deleteFrom('product_reviews').where('product_id', '=', 'poster').execute();
    const forged = await s.get(`${pageUrl}?sent=poster&status=published`);
    expect(shown(forged.body)).not.toContain(t.thanksPublished);

    // One limit for both ways of sending: ten API sends, then the form is refused (429) on
    // the page, with what was typed kept.
    const busy = new Shopper(app);
    const busyCrumb = crumbIn((await busy.get(pageUrl)).body);
    for (let i = 0; i < 10; i++)
      expect((await submit(token, { rating: 0 }, busy)).statusCode).toBe(400);
    const limited = await post({ rating: '4', body: 'Kept text', name: 'Ada' }, busy, busyCrumb);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(shown(limited.body)).toContain(t.tooMany);
    expect(shown(limited.body)).toContain('Kept text');
    expect(await rows()).toHaveLength(before);
  });

  it('rate-limits sending per address (429 with Retry-After)', async () => {
    const s = new Shopper(app);
    let last = 0;
    let retry: unknown;
    for (let i = 0; i < 11; i++) {
      const r = await submit(token, { rating: 0 }, s);
      last = r.statusCode;
      retry = r.headers['retry-after'];
    }
    expect(last).toBe(429);
    expect(retry).toBeDefined();
  });

  it('lets moderators (not store managers) publish, hide and delete; publishing refreshes pages', async () => {
    const manager = await signedIn(new Visitor(app), 'manager@shop.test');
    expect((await manager.get(ReviewsApi.owner)).statusCode).toBe(403);
    const other = await signedIn(new Visitor(app), 'owner-b@shop.test');
    const mod = await signedIn(new Visitor(app), 'moderator@shop.test');
    const queue = await mod.get(`${ReviewsApi.owner}?status=pending`);
    expect(queue.statusCode).toBe(200);
    const q = queue.json();
    expect(q.counts).toEqual({ pending: 1, published: 0, hidden: 0 });
    expect(q.reviews[0]).toMatchObject({
      productTitle: 'Mug',
      productUrl: '/shop/p/mug',
      verified: true,
      authorName: 'Ada Lovelace',
    });
    expect(q.products).toEqual([{ id: 'mug', title: 'Mug' }]);
    const id = q.reviews[0].id as string;
    // Another website's owner cannot touch it.
    expect((await other.post(`${ReviewsApi.ownerReview(id)}/publish`, {})).statusCode).toBe(403);

    // The product page is cached; publishing must show the review at once.
    const shop = new Visitor(app);
    expect((await shop.get('/shop/p/mug')).body).toContain('No reviews yet.');
    const before = await contentVersion();
    changes = [];
    expect((await mod.post(`${ReviewsApi.ownerReview(id)}/publish`, {})).statusCode).toBe(200);
    expect(await contentVersion()).toBe(before + 1);
    expect(changes).toContain(SITE_A);
    const list = (await shop.get(ReviewsApi.productReviews('mug'))).json() as ReviewListResponse;
    expect(list).toMatchObject({ average: 4, count: 1, distribution: [0, 0, 0, 1, 0] });
    expect(list.reviews[0]).toMatchObject({ author: 'Ada L.', verified: true, rating: 4 });
    expect(list.reviews[0]).not.toHaveProperty('authorEmail');
    const page = (await shop.get('/shop/p/mug')).body;
    expect(page).toContain('Verified buyer');
    expect(page).toContain('Holds &lt;b&gt;coffee&lt;/b&gt; &amp; tea.');
    expect(page).not.toContain('<b>coffee</b>');

    expect((await mod.post(`${ReviewsApi.ownerReview(id)}/hide`, {})).statusCode).toBe(200);
    expect((await shop.get(ReviewsApi.productReviews('mug'))).json().count).toBe(0);
    expect((await mod.post(`${ReviewsApi.ownerReview(id)}/publish`, {})).statusCode).toBe(200);
    expect(
      (await mod.get(`${ReviewsApi.owner}?status=published&productId=tee`)).json(),
    ).toMatchObject({ reviews: [], counts: { published: 0 } });
  });

  it('pages newest first, five a page, filters by stars and averages the published', async () => {
    const base = Date.now() - 100 * 86_400_000;
    const ratings = [5, 5, 3, 2, 5, 4, 1];
    await h.db
      .insertInto('product_reviews')
      .values(
        ratings.map((rating, i) => ({
          id: `seed-${i}`,
          site_id: SITE_A,
          product_id: 'mug',
          order_id: null,
          verified: false,
          rating,
          title: `Review ${i}`,
          body: 'Fine.',
          author_name: `Reviewer ${i}`,
          author_email: `r${i}@example.com`,
          status: 'published' as const,
          created: new Date(base + i * 86_400_000),
          published_at: new Date(base + i * 86_400_000),
        })),
      )
      .execute();
    await h.db
      .insertInto('product_reviews')
      .values({
        id: 'seed-hidden',
        site_id: SITE_A,
        product_id: 'mug',
        order_id: null,
        verified: false,
        rating: 1,
        title: '',
        body: 'Hidden.',
        author_name: 'H',
        author_email: 'h@example.com',
        status: 'hidden',
        created: new Date(),
        published_at: null,
      })
      .execute();
    const v = new Visitor(app);
    const p1 = (await v.get(ReviewsApi.productReviews('mug'))).json() as ReviewListResponse;
    // 7 seeded + Ada's 4: (5+5+3+2+5+4+1+4) / 8 = 3.625
    expect(p1).toMatchObject({ count: 8, average: 3.6, page: 1, pages: 2 });
    expect(p1.distribution).toEqual([1, 1, 1, 2, 3]);
    expect(p1.reviews.map((r) => r.title)).toEqual([
      'Good mug',
      'Review 6',
      'Review 5',
      'Review 4',
      'Review 3',
    ]);
    const p2 = (await v.get(`${ReviewsApi.productReviews('mug')}?page=2`)).json();
    expect(p2.reviews.map((r: { title: string }) => r.title)).toEqual([
      'Review 2',
      'Review 1',
      'Review 0',
    ]);
    const fives = (await v.get(`${ReviewsApi.productReviews('mug')}?rating=5`)).json();
    expect(fives).toMatchObject({ rating: 5, pages: 1 });
    expect(fives.reviews.map((r: { title: string }) => r.title)).toEqual([
      'Review 4',
      'Review 1',
      'Review 0',
    ]);
    expect((await v.get(`${ReviewsApi.productReviews('mug')}?rating=9`)).statusCode).toBe(400);
    expect((await v.get(ReviewsApi.productReviews('nope'))).statusCode).toBe(404);
  });

  it('carries the rating in product JSON and AggregateRating in the JSON-LD (only with reviews)', async () => {
    // Direct inserts above did not move the content version; a save would have.
    await settings(SITE_A, {});
    const v = new Visitor(app);
    const json = (await v.get('/shop/p/mug?format=json')).json();
    expect(json.item.rating).toEqual({
      average: 3.6,
      count: 8,
      percent: 72,
      label: '3.6 out of 5 stars',
    });
    // The shop grid: stars and count under the price of reviewed products only.
    const shop = (await v.get('/shop')).body;
    const mugCard = /<article class="product-card" data-item-id="mug">[\s\S]*?<\/article>/.exec(
      shop,
    )![0];
    expect(mugCard).toContain('class="product-card-rating"');
    expect(mugCard).toContain('3.6 out of 5 stars');
    expect(mugCard).toContain('(8)');
    const teeCard = /<article class="product-card" data-item-id="tee">[\s\S]*?<\/article>/.exec(
      shop,
    )![0];
    expect(teeCard).not.toContain('product-card-rating');
    const html = (await v.get('/shop/p/mug')).body;
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.6,
      reviewCount: 8,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.offers.length).toBeGreaterThan(0);
    expect(html).toContain('data-reviews-tab');
    expect(html).toContain('aria-label="3.6 out of 5 stars"');
    expect(html).toContain('8 reviews');
    const poster = (await v.get('/shop/p/poster')).body;
    const posterLd = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(poster)![1]!,
    );
    expect(posterLd).not.toHaveProperty('aggregateRating');
    expect(poster).toContain('No reviews yet.');
  });

  it('publishes at once when the site sets auto-publish', async () => {
    await settings(SITE_A, { reviewsAutoPublish: true });
    const before = await contentVersion();
    const res = await submit(token, { productId: 'poster', rating: 5 });
    expect(res.json()).toEqual({ status: 'published' });
    expect(await contentVersion()).toBe(before + 1);
    expect((await new Visitor(app).get(ReviewsApi.productReviews('poster'))).json()).toMatchObject({
      count: 1,
      average: 5,
    });
  });

  it('shows and takes nothing while reviews are off', async () => {
    await settings(SITE_A, { reviewsEnabled: false });
    const v = new Visitor(app);
    expect((await v.get(ReviewsApi.productReviews('mug'))).statusCode).toBe(403);
    const page = await v.get('/shop/p/mug');
    expect(page.body).not.toContain('data-reviews-tab');
    expect((await v.get('/shop/p/mug?format=json')).json().item).not.toHaveProperty('rating');
    const res = await submit(token, { productId: 'poster' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('REVIEWS_OFF');
    await settings(SITE_A, { reviewsEnabled: true });
  });

  it('deletes a review for good', async () => {
    const mod = await signedIn(new Visitor(app), 'owner@shop.test');
    const q = (await mod.get(`${ReviewsApi.owner}?status=published&productId=poster`)).json();
    const before = await contentVersion();
    expect((await mod.delete(ReviewsApi.ownerReview(q.reviews[0].id))).statusCode).toBe(200);
    expect(await contentVersion()).toBe(before + 1);
    expect((await mod.delete(ReviewsApi.ownerReview(q.reviews[0].id))).statusCode).toBe(404);
  });
});
