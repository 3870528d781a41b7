import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Messages } from '../../shared/errors.js';
import { ProductType, Role } from '../../shared/enums.js';
import { RESTOCK_API } from '../../shared/restock/types.js';
import { sumRestockCountsByProduct } from '../../shared/restock/rules.js';
import type { RestockSignUpGroupJson, RestockSignUpJson } from '../../shared/restock/types.js';
import {
  addOwner,
  addProduct,
  addSite,
  altchaToken,
  freshIp,
  insertSignUps,
  signedIn,
} from './test-fixtures.js';
import { SIGNUPS_PER_ADDRESS } from './routes.js';

describeEachBackend('restock sign-ups and the owner API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await addSite(h, 's1', 'demo');
    await addSite(h, 's2', 'other');
    await addProduct(h, 's1', 'mug', 'Blue Mug', [
      { id: 'mug-s' },
      { id: 'mug-m', qtyInStock: 5 },
      { id: 'mug-l' },
      { id: 'mug-xl', unlimited: true },
    ]);
    await addProduct(h, 's1', 'ebook', 'E-book', [{ id: 'ebook-v' }], {
      productType: ProductType.DIGITAL,
    });
    await addProduct(h, 's2', 'other-mug', 'Other Mug', [{ id: 'other-v' }]);
    // A sold-out product the owner has not published: not for sale, so no sign-ups either.
    await addProduct(h, 's1', 'draft-mug', 'Draft Mug', [{ id: 'draft-v' }]);
    await h.db
      .updateTable('products')
      .set({ visibility: 'draft' })
      .where('item_id', '=', 'draft-mug')
      .execute();
    await addOwner(h, 'owner1@test.dev', 's1');
    await addOwner(h, 'owner2@test.dev', 's2');
    await addOwner(h, 'viewer@test.dev', 's1', Role.VIEWER);
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  function visitor(host = 'localhost') {
    const v = new Visitor(app, host);
    const ip = freshIp();
    const post = (url: string, payload: unknown) =>
      v.request({ method: 'POST', url, payload: payload as never, remoteAddress: ip });
    return { v, post };
  }

  async function rows(variantId?: string) {
    let q = h.db.selectFrom('restock_signups').selectAll().orderBy('email');
    if (variantId) q = q.where('variant_id', '=', variantId);
    return q.execute();
  }

  const base = { productId: 'mug', variantId: 'mug-s', isJoinMailingList: false };

  it('refuses blank and invalid addresses with the SPEC texts, storing nothing', async () => {
    const { post } = visitor();
    const token = await altchaToken('s1');
    for (const [email, message, code] of [
      ['', 'Email cannot be blank', 'EMAIL_BLANK'],
      ['   ', 'Email cannot be blank', 'EMAIL_BLANK'],
      [undefined, 'Email cannot be blank', 'EMAIL_BLANK'],
      ['shopper', 'Email is invalid', 'EMAIL_INVALID'],
      ['shopper@example', 'Email is invalid', 'EMAIL_INVALID'],
      [`${'a'.repeat(250)}@example.com`, 'Email is invalid', 'EMAIL_INVALID'],
    ] as const) {
      const res = await post(RESTOCK_API.signUp, {
        ...base,
        ...(email !== undefined ? { siteVisitorEmail: email } : {}),
        captchaToken: token,
      });
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json()).toMatchObject({ message, error: { code, message } });
    }
    expect(await rows()).toEqual([]);
  });

  it('takes sign-ups only for sold-out variants of that product on this website', async () => {
    const { post } = visitor();
    const cases: [Record<string, string>, number, string][] = [
      [{ variantId: 'nope' }, 400, Messages.VARIANT_UNAVAILABLE],
      [{ productId: 'ebook' }, 400, Messages.VARIANT_UNAVAILABLE],
      [{ productId: 'other-mug', variantId: 'other-v' }, 400, Messages.VARIANT_UNAVAILABLE],
      [{ productId: 'draft-mug', variantId: 'draft-v' }, 400, Messages.VARIANT_UNAVAILABLE],
      [{ variantId: 'mug-m' }, 409, Messages.RESTOCK_IN_STOCK],
      [{ variantId: 'mug-xl' }, 409, Messages.RESTOCK_IN_STOCK],
      [{ productId: 'ebook', variantId: 'ebook-v' }, 409, Messages.RESTOCK_IN_STOCK],
    ];
    for (const [change, status, message] of cases) {
      const res = await post(RESTOCK_API.signUp, {
        ...base,
        ...change,
        siteVisitorEmail: 'a@b.com',
        captchaToken: await altchaToken('s1'),
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await rows()).toEqual([]);
  });

  it('verifies the bot check before storing anything', async () => {
    const { post } = visitor();
    const body = { ...base, siteVisitorEmail: 'bot@example.com' };
    for (const captchaToken of [undefined, 'garbage', await altchaToken('s2')]) {
      const res = await post(RESTOCK_API.signUp, {
        ...body,
        ...(captchaToken ? { captchaToken } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Unable to submit form. Please try again later.',
        error: { code: 'CAPTCHA_FAILED' },
      });
    }
    expect(await rows()).toEqual([]);
    const token = await altchaToken('s1');
    expect((await post(RESTOCK_API.signUp, { ...body, captchaToken: token })).statusCode).toBe(200);
    // A solution works once.
    const replay = await post(RESTOCK_API.signUp, {
      ...body,
      variantId: 'mug-l',
      captchaToken: token,
    });
    expect(replay.statusCode).toBe(400);
    expect((await rows()).map((r) => r.email)).toEqual(['bot@example.com']);
  });

  it('stores one row per address and variant, lower-cased, and joins the lists', async () => {
    const { post } = visitor();
    const send = async (email: string, extra: object = {}) =>
      post(RESTOCK_API.signUp, {
        ...base,
        variantId: 'mug-l',
        siteVisitorEmail: email,
        captchaToken: await altchaToken('s1'),
        ...extra,
      });
    const first = await send('  Shopper@Example.COM ', { translationLanguage: 'fr' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const again = await send('shopper@example.com', { isJoinMailingList: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true });
    const stored = await rows('mug-l');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      email: 'shopper@example.com',
      site_id: 's1',
      item_id: 'mug',
      join_mailing_list: true,
      language: 'en-US',
      origin: 'http://localhost',
      notified_at: null,
    });
    const lists = await h.db
      .selectFrom('mailing_list_members')
      .select(['list_id', 'unsubscribed_at'])
      .where('site_id', '=', 's1')
      .where('email', '=', 'shopper@example.com')
      .orderBy('list_id')
      .execute();
    expect(lists.map((l) => l.list_id)).toEqual(['default', 'restock-notices']);

    // Notified, then sold out again: signing up again arms the same row anew.
    await h.db
      .updateTable('restock_signups')
      .set({ notified_at: new Date() })
      .where('variant_id', '=', 'mug-l')
      .execute();
    expect((await send('shopper@example.com')).statusCode).toBe(200);
    const rearmed = await rows('mug-l');
    expect(rearmed).toHaveLength(1);
    expect(rearmed[0]!.notified_at).toBeNull();
    await h.db.deleteFrom('restock_signups').execute();
  });

  it('limits sign-ups per address with 429 and Retry-After', async () => {
    const email = 'eager@example.com';
    for (let i = 0; i < SIGNUPS_PER_ADDRESS; i += 1) {
      // A new client address each time: the limit follows the email address.
      const { post } = visitor();
      const res = await post(RESTOCK_API.signUp, {
        ...base,
        siteVisitorEmail: email,
        captchaToken: await altchaToken('s1'),
      });
      expect(res.statusCode).toBe(200);
    }
    const { post } = visitor();
    const res = await post(RESTOCK_API.signUp, {
      ...base,
      siteVisitorEmail: 'EAGER@example.com',
      captchaToken: await altchaToken('s1'),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Please try again in a few seconds.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows('mug-s')).toHaveLength(1);
    await h.db.deleteFrom('restock_signups').execute();
  });

  it('lets only the website’s owners read sign-ups and send', async () => {
    const urls = [
      `${RESTOCK_API.groups}`,
      `${RESTOCK_API.signUps}?productId=mug`,
      `${RESTOCK_API.sends}/x`,
      `${RESTOCK_API.settings}?productId=mug`,
    ];
    const anon = new Visitor(app);
    for (const url of urls) expect((await anon.get(url)).statusCode, url).toBe(401);
    const send = await anon.post(RESTOCK_API.send, { productId: 'mug', variantId: 'mug-s' });
    expect(send.statusCode).toBe(401);

    const other = await signedIn(new Visitor(app), 'owner2@test.dev');
    for (const url of urls) expect((await other.get(url)).statusCode, url).toBe(403);
    const otherSend = await other.post(RESTOCK_API.sendAll, {
      sendRequests: [{ productId: 'mug', variantId: 'mug-s' }],
    });
    expect(otherSend.statusCode).toBe(403);
    // A viewer of the website does not see shoppers' addresses either.
    const viewer = await signedIn(new Visitor(app), 'viewer@test.dev');
    expect((await viewer.get(RESTOCK_API.groups)).statusCode).toBe(403);

    const owner = await signedIn(new Visitor(app), 'owner1@test.dev');
    expect((await owner.get(RESTOCK_API.groups)).json()).toEqual({
      signUpGroups: [],
      hasNextPage: false,
      nextPageCursor: null,
    });
    // Another website's variant is not found here.
    const foreign = await owner.post(RESTOCK_API.send, {
      productId: 'other-mug',
      variantId: 'other-v',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await owner.get(`${RESTOCK_API.sends}/nope`)).statusCode).toBe(404);
  });

  it('pages through groups and sign-ups; counts sum across variants', async () => {
    await addProduct(
      h,
      's1',
      'tee',
      'Tee',
      Array.from({ length: 7 }, (_, i) => ({ id: `tee-${i}` })),
    );
    const t0 = Date.now() - 100_000;
    let expectedTotal = 0;
    for (let i = 0; i < 7; i += 1) {
      const emails = Array.from({ length: i + 1 }, (_, k) => `t${i}-${k}@example.com`);
      expectedTotal += emails.length;
      await insertSignUps(h.db, {
        siteId: 's1',
        itemId: 'tee',
        variantId: `tee-${i}`,
        emails,
        created: t0 + i * 1000,
      });
    }
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'mug',
      variantId: 'mug-s',
      emails: ['m1@example.com', 'm2@example.com'],
    });
    // Another website's rows never show.
    await insertSignUps(h.db, {
      siteId: 's2',
      itemId: 'other-mug',
      variantId: 'other-v',
      emails: ['x@example.com'],
    });
    await h.db
      .updateTable('restock_signups')
      .set({ notified_at: new Date() })
      .where('email', '=', 't6-0@example.com')
      .execute();

    const owner = await signedIn(new Visitor(app), 'owner1@test.dev');
    const groups: RestockSignUpGroupJson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await owner.get(
        `${RESTOCK_API.groups}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      groups.push(...body.signUpGroups);
      expect(body.signUpGroups.length).toBeLessThanOrEqual(3);
      cursor = body.hasNextPage ? body.nextPageCursor : null;
      if (!body.hasNextPage) expect(body.nextPageCursor).toBeNull();
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(groups.map((g) => g.variantId)).toEqual([
      'mug-s',
      ...Array.from({ length: 7 }, (_, i) => `tee-${i}`),
    ]);
    expect(groups[0]).toEqual({
      productId: 'mug',
      productName: 'Blue Mug',
      variantId: 'mug-s',
      sku: 'mug-mug-s',
      attributes: { Size: 'S0' },
      count: 2,
      pendingCount: 2,
      // Sign-ups wait for stock: the editor asks before notifying about a sold-out variant.
      soldOut: true,
    });
    expect(groups.at(-1)).toMatchObject({ variantId: 'tee-6', count: 7, pendingCount: 6 });
    const sums = sumRestockCountsByProduct(groups);
    expect(sums.get('tee')).toEqual({ count: expectedTotal, pendingCount: expectedTotal - 1 });

    // All of the product's sign-ups (every variant), newest first, 4 a page.
    const signUps: RestockSignUpJson[] = [];
    cursor = null;
    do {
      const res = await owner.get(
        `${RESTOCK_API.signUps}?productId=tee&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      signUps.push(...body.signUps);
      cursor = body.hasNextPage ? body.nextPageCursor : null;
    } while (cursor);
    expect(signUps).toHaveLength(expectedTotal);
    expect(new Set(signUps.map((s) => s.id)).size).toBe(expectedTotal);
    const created = signUps.map((s) => s.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(signUps.find((s) => s.email === 't6-0@example.com')).toMatchObject({
      notified: true,
      joinMailingList: false,
      variantId: 'tee-6',
    });

    const one = await owner.get(`${RESTOCK_API.signUps}?productId=tee&variantId=tee-2`);
    expect(
      one
        .json()
        .signUps.map((s: RestockSignUpJson) => s.email)
        .sort(),
    ).toEqual(['t2-0@example.com', 't2-1@example.com', 't2-2@example.com']);
    expect(one.json().hasNextPage).toBe(false);

    const bad = await owner.get(`${RESTOCK_API.groups}?cursor=zzz`);
    expect(bad.statusCode).toBe(400);
    const foreignList = await owner.get(`${RESTOCK_API.signUps}?productId=other-mug`);
    expect(foreignList.json().signUps).toEqual([]);
  });

  it('keeps the auto-notify choice per product', async () => {
    const owner = await signedIn(new Visitor(app), 'owner1@test.dev');
    const url = `${RESTOCK_API.settings}?productId=mug`;
    expect((await owner.get(url)).json()).toEqual({ productId: 'mug', autoNotify: false });
    const put = await owner.put(RESTOCK_API.settings, { productId: 'mug', autoNotify: true });
    expect(put.statusCode).toBe(200);
    expect((await owner.get(url)).json()).toEqual({ productId: 'mug', autoNotify: true });
    const missing = await owner.put(RESTOCK_API.settings, { productId: 'nope', autoNotify: true });
    expect(missing.statusCode).toBe(404);
  });
});
