import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { seedShop, Shopper, SITE_A, SITE_B, HOST_B } from '../cart/test-fixtures.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { NY, placeBody, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import { parseSiteUser } from '../../shared/customers/api.js';
import { customerNext } from './routes.js';
import { altchaToken } from '../restock/test-fixtures.js';

describeEachBackend('customer accounts (issue 14)', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 10, 28, 12, 0, 0);

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date(clock));
    // Site A offers accounts (and has a members-only page); site B does not.
    await sql`UPDATE sites SET settings = jsonb_set(settings, '{websiteSettings,customerAccountsEnabled}', 'true')
               WHERE id = ${SITE_A}`.execute(h.db);
    await h.db
      .insertInto('collections')
      .values({
        id: 'members-page',
        site_id: SITE_A,
        url_id: 'members',
        title: 'Members corner',
        type: 10,
        kind: 'page',
        folder_behavior: null,
        nav_index: null,
        parent_id: null,
        password_hash: null,
        updated_by: null,
        members_only: true,
        sections: JSON.stringify([
          { id: 's1', blocks: [{ id: 'b1', type: 2, html: '<p>Secret member recipe</p>' }] },
        ]),
      })
      .execute();
    // A members-only journal, and a public page whose summary block reads it.
    await h.db
      .insertInto('collections')
      .values({
        id: 'members-journal',
        site_id: SITE_A,
        url_id: 'members-journal',
        title: 'Members journal',
        type: 1,
        kind: 'blog',
        folder_behavior: null,
        nav_index: 3,
        members_only: true,
        settings: '{}' as never,
      })
      .execute();
    await h.db
      .insertInto('items')
      .values({
        id: 'members-post',
        site_id: SITE_A,
        collection_id: 'members-journal',
        url_id: 'kiln-secrets',
        title: 'Kiln secrets for members',
        excerpt: 'Glaze recipe inside',
        record_type: 1,
      } as never)
      .execute();
    await h.db
      .insertInto('collections')
      .values({
        id: 'public-news',
        site_id: SITE_A,
        url_id: 'news',
        title: 'News',
        type: 10,
        kind: 'page',
        folder_behavior: null,
        nav_index: 4,
        parent_id: null,
        password_hash: null,
        updated_by: null,
        sections: JSON.stringify([
          {
            id: 's1',
            blocks: [
              { id: 'b1', type: 17, collectionId: 'members-journal', limit: 3, title: 'Latest' },
            ],
          },
        ]),
      })
      .execute();
    // A blog post open for comments.
    await h.db
      .insertInto('collections')
      .values({
        id: 'a-blog',
        site_id: SITE_A,
        url_id: 'blog',
        title: 'Blog',
        type: 1,
        kind: 'blog',
        folder_behavior: null,
        nav_index: 1,
        settings: '{}' as never,
      })
      .execute();
    await h.db
      .insertInto('items')
      .values({
        id: 'a-post',
        site_id: SITE_A,
        collection_id: 'a-blog',
        url_id: 'open-post',
        title: 'Open post',
        record_type: 1,
        comment_state: 1,
      } as never)
      .execute();
    ({ app } = await buildTestApp(h, { now: () => clock }));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const mails = (to: string) =>
    h.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'text_body', 'html_body', 'site_id'])
      .where('to_address', '=', to)
      .orderBy('id')
      .execute();
  const codeOf = (text: string) => /\n(\d{6})\n/.exec(text)?.[1] ?? '';
  const linkOf = (text: string) =>
    /\/account\/sign-in\/link\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  const requestOf = (html: string) => /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const customer = (email: string) =>
    h.db
      .selectFrom('customers')
      .selectAll()
      .where('site_id', '=', SITE_A)
      .where('email', '=', email)
      .executeTakeFirst();

  /** Asks for a code as a browser without JavaScript does (urlencoded form with the crumb). */
  async function ask(v: Shopper, email: string): Promise<LightMyRequestResponse> {
    if (!v.cookies.get('crumb')) await v.get('/account/sign-in');
    return v.request({
      method: 'POST',
      url: '/account/sign-in',
      payload: new URLSearchParams({ email, crumb: v.cookies.get('crumb') ?? '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      crumb: false,
    });
  }
  async function signIn(v: Shopper, email: string): Promise<string> {
    const page = await ask(v, email);
    expect(page.statusCode).toBe(200);
    const mail = (await mails(email)).at(-1)!;
    const res = await v.post('/account/sign-in/code', {
      request: requestOf(page.body),
      email,
      code: codeOf(mail.text_body),
    });
    expect(res.statusCode).toBe(303);
    return res.headers.location as string;
  }

  it('mails a code and a link, and the code signs in (the customer is made then)', async () => {
    const v = new Shopper(app);
    const form = await v.get('/account/sign-in');
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.body).toContain('action="/account/sign-in"');
    expect(form.body).toContain('name="crumb"');

    const page = await ask(v, 'Ada@Example.com');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ada@example.com');
    expect(await customer('ada@example.com')).toBeUndefined();
    const [mail, ...more] = await mails('ada@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'customer-sign-in', site_id: SITE_A });
    const code = codeOf(mail!.text_body);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.html_body).toContain(code);
    expect(mail!.text_body).toContain('/account/sign-in/link?token=');
    // Only hashes are stored: neither the code nor the link is in the database.
    const stored = await h.db.selectFrom('auth_tokens').select('id').execute();
    expect(stored.map((r) => r.id).join()).not.toContain(code);

    const wrong = await v.post('/account/sign-in/code', {
      request: requestOf(page.body),
      email: 'ada@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That code is not right');
    expect(v.cookies.get('ss_customer')).toBeUndefined();

    const ok = await v.post('/account/sign-in/code', {
      request: requestOf(page.body),
      email: 'ada@example.com',
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/account');
    const session = ok.cookies.find((c) => c.name === 'ss_customer');
    expect(session?.httpOnly).toBe(true);
    const row = await customer('ada@example.com');
    expect(row).toBeDefined();
    const siteUser = ok.cookies.find((c) => c.name === 'SiteUserInfo');
    expect(siteUser?.httpOnly).toBeFalsy();
    expect(parseSiteUser(siteUser?.value)).toEqual({ authenticated: true, siteUserId: row!.id });

    const account = await v.get('/account');
    expect(account.statusCode).toBe(200);
    expect(account.headers['cache-control']).toBe('no-store');
    expect(account.body).toContain('Signed in as ada@example.com');
    expect(account.body).toContain('You have no orders yet.');

    // The code works once, from anywhere.
    const again = await new Shopper(app).post('/account/sign-in/code', {
      request: requestOf(page.body),
      email: 'ada@example.com',
      code,
    });
    expect(again.statusCode).toBe(400);
    // The link of the same mail was voided by the code's use.
    const link = await new Shopper(app).post('/account/sign-in/link', {
      token: linkOf(mail!.text_body),
    });
    expect(link.statusCode).toBe(400);
  });

  it('the one-click link: opening it uses nothing; posting it signs in once', async () => {
    const v = new Shopper(app);
    await ask(v, 'grace@example.com');
    const token = linkOf((await mails('grace@example.com'))[0]!.text_body);
    const b = new Shopper(app);
    const landing = await b.get(`/account/sign-in/link?token=${token}`);
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain(`name="token" value="${token}"`);
    const ok = await b.post('/account/sign-in/link', { token });
    expect(ok.statusCode).toBe(303);
    expect(b.cookies.get('ss_customer')).toBeTruthy();
    expect((await b.get('/account')).body).toContain('grace@example.com');
    const reuse = await new Shopper(app).post('/account/sign-in/link', { token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.body).toContain('This sign-in link has expired or was already used.');
  });

  it('codes and links expire after 15 minutes; a new request voids the older code', async () => {
    const v = new Shopper(app);
    const first = await ask(v, 'late@example.com');
    const second = await ask(v, 'late@example.com');
    const [m1, m2] = await mails('late@example.com');
    const old = await v.post('/account/sign-in/code', {
      request: requestOf(first.body),
      email: 'late@example.com',
      code: codeOf(m1!.text_body),
    });
    expect(old.statusCode).toBe(400);
    clock += 16 * 60_000;
    const late = await v.post('/account/sign-in/code', {
      request: requestOf(second.body),
      email: 'late@example.com',
      code: codeOf(m2!.text_body),
    });
    expect(late.statusCode).toBe(400);
    const lateLink = await v.post('/account/sign-in/link', { token: linkOf(m2!.text_body) });
    expect(lateLink.statusCode).toBe(400);
    expect(await customer('late@example.com')).toBeUndefined();
  });

  it('rate-limits mails per address and code guesses per request; says nothing about accounts', async () => {
    const v = new Shopper(app);
    for (let i = 0; i < 5; i++)
      expect((await ask(new Shopper(app), 'flood@example.com')).statusCode).toBe(200);
    const sixth = await ask(v, 'flood@example.com');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeTruthy();
    expect(sixth.body).toContain('Too many tries');
    expect(await mails('flood@example.com')).toHaveLength(5);

    const page = await ask(new Shopper(app), 'guess@example.com');
    const request = requestOf(page.body);
    const real = codeOf((await mails('guess@example.com'))[0]!.text_body);
    const wrongCode = real === '123456' ? '654321' : '123456';
    for (let i = 0; i < 10; i++) {
      const r = await new Shopper(app).post('/account/sign-in/code', {
        request,
        email: 'x@y.z',
        code: wrongCode,
      });
      expect(r.statusCode).toBe(400);
    }
    // Even the right code is refused once the request has had its tries.
    const blocked = await new Shopper(app).post('/account/sign-in/code', {
      request,
      email: 'guess@example.com',
      code: real,
    });
    expect(blocked.statusCode).toBe(429);

    // A known address and an unknown one get the same page.
    const known = await ask(new Shopper(app), 'ada@example.com');
    const unknown = await ask(new Shopper(app), 'nobody@example.com');
    const strip = (s: string) =>
      s.replace(/value="[^"]*"/g, '').replace(/[a-z]+@example\.com/g, '');
    expect(strip(known.body)).toBe(strip(unknown.body));
  });

  it('bad input gets a 4xx page and writes nothing', async () => {
    const v = new Shopper(app);
    const bad = await ask(v, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid email address.');
    const noCrumb = await new Shopper(app).request({
      method: 'POST',
      url: '/account/sign-in',
      payload: 'email=a%40b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'x=1' },
      crumb: false,
    });
    expect(noCrumb.statusCode).toBe(403);
    const junk = await new Shopper(app).post('/account/sign-in/code', {
      request: 'r',
      email: 'a@b.co',
      code: 'abc',
      extra: 1,
    });
    expect(junk.statusCode).toBe(400);
    expect(await mails('a@b.co')).toEqual([]);
    // Account pages need a customer; the API answers 401.
    const anon = await new Shopper(app).get('/account');
    expect(anon.statusCode).toBe(303);
    expect(anon.headers.location).toBe('/account/sign-in?next=%2Faccount');
    expect((await new Shopper(app).get('/api/customers/me')).statusCode).toBe(401);
    // A website with accounts off has none of it.
    const off = await new Shopper(app, HOST_B).get('/account/sign-in');
    expect(off.statusCode).toBe(404);
    const offPost = await ask(new Shopper(app, HOST_B), 'b@example.com');
    expect(offPost.statusCode).toBe(404);
    expect(
      await h.db.selectFrom('customers').select('id').where('site_id', '=', SITE_B).execute(),
    ).toEqual([]);
  });

  it('addresses: add, edit, default, delete; a bad address writes nothing', async () => {
    const v = new Shopper(app);
    await signIn(v, 'addr@example.com');
    const bad = await v.post('/account/addresses', { ...NY, city: '', country: 'US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('aria-invalid="true"');
    const c = (await customer('addr@example.com'))!;
    expect(
      await h.db
        .selectFrom('customer_addresses')
        .select('id')
        .where('customer_id', '=', c.id)
        .execute(),
    ).toEqual([]);

    expect((await v.post('/account/addresses', { ...NY })).statusCode).toBe(303);
    expect(
      (await v.post('/account/addresses', { ...NY, line1: '2 Side St', makeDefault: '1' }))
        .statusCode,
    ).toBe(303);
    let rows = await h.db
      .selectFrom('customer_addresses')
      .selectAll()
      .where('customer_id', '=', c.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => [r.address.line1, r.is_default])).toEqual([
      ['1 Main St', false],
      ['2 Side St', true],
    ]);
    expect((await customer('addr@example.com'))!.name).toBe('Ada Lovelace');
    expect(
      (await v.post(`/account/addresses/${rows[0]!.id}`, { ...NY, line1: '1 Main Street' }))
        .statusCode,
    ).toBe(303);
    expect((await v.post(`/account/addresses/${rows[0]!.id}/default`, {})).statusCode).toBe(303);
    expect((await v.post(`/account/addresses/${rows[1]!.id}/delete`, {})).statusCode).toBe(303);
    rows = await h.db
      .selectFrom('customer_addresses')
      .selectAll()
      .where('customer_id', '=', c.id)
      .execute();
    expect(rows.map((r) => [r.address.line1, r.is_default])).toEqual([['1 Main Street', true]]);
    // The checkout's prefill.
    expect((await v.get('/api/customers/me')).json()).toMatchObject({
      email: 'addr@example.com',
      defaultAddress: { line1: '1 Main Street', city: 'New York' },
    });
    // Someone else's address is not found.
    const other = new Shopper(app);
    await signIn(other, 'other@example.com');
    expect((await other.post(`/account/addresses/${rows[0]!.id}/delete`, {})).statusCode).toBe(404);
    expect(
      await h.db
        .selectFrom('customer_addresses')
        .select('id')
        .where('id', '=', rows[0]!.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('sign-in merges the browser cart into the customer cart, which follows them', async () => {
    const phone = new Shopper(app);
    await phone.add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 });
    await signIn(phone, 'cart@example.com');
    const laptop = new Shopper(app);
    await laptop.add({ itemId: 'mug', sku: 'MUG-S', quantity: 2 });
    await laptop.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
    await signIn(laptop, 'cart@example.com');
    const lines = (res: LightMyRequestResponse) =>
      (res.json().shoppingCart?.entries ?? res.json().entries ?? [])
        .map((e: { chosenVariant: { sku: string }; quantity: number }) => [
          e.chosenVariant.sku,
          e.quantity,
        ])
        .sort();
    const onLaptop = await laptop.get('/api/commerce/shopping-cart');
    expect(lines(onLaptop)).toEqual([
      ['MUG-S', 3],
      ['POSTER', 1],
    ]);
    // The phone sees the same cart, and adds to it.
    expect(lines(await phone.get('/api/commerce/shopping-cart'))).toEqual([
      ['MUG-S', 3],
      ['POSTER', 1],
    ]);
    await phone.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 });
    expect(lines(await laptop.get('/api/commerce/shopping-cart'))).toEqual([
      ['MUG-S', 3],
      ['POSTER', 2],
    ]);

    // An order placed signed in is the customer's, and shows on the account page.
    const placed = await laptop.post(
      '/api/commerce/orders',
      placeBody({ email: 'someone-else@example.com' }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    const row = await h.db
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe((await customer('cart@example.com'))!.id);
    const account = await phone.get('/account');
    expect(account.body).toContain(`Order #${order.orderNumber}`);
    expect(account.body).toContain('/orders/status/');
    // Signing out leaves the cart with the account, not on the browser.
    const out = await phone.post('/account/sign-out', {});
    expect(out.statusCode).toBe(303);
    expect(phone.cookies.get('ss_customer')).toBeUndefined();
    expect(phone.cookies.get('SiteUserInfo')).toBeUndefined();
    expect((await phone.get('/account')).statusCode).toBe(303);
  });

  it('members-only pages: 106 with status 403 for others, the page for customers, never cached', async () => {
    const anon = new Shopper(app);
    const denied = await anon.get('/members');
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['cache-control']).toBe('private, no-store');
    expect(denied.body).toContain('page-type-106');
    expect(denied.body).toContain('href="/account/sign-in?next=%2Fmembers"');
    expect(denied.body).not.toContain('Secret member recipe');
    const json = await anon.get('/members?format=json');
    expect(json.statusCode).toBe(403);
    expect(json.json().pageType).toBe(106);
    expect(JSON.stringify(json.json())).not.toContain('Secret member recipe');

    const member = new Shopper(app);
    const next = await (async () => {
      const page = await member.request({
        method: 'POST',
        url: '/account/sign-in',
        payload: { email: 'member@example.com', next: '/members' },
      });
      const mail = (await mails('member@example.com')).at(-1)!;
      return member.post('/account/sign-in/code', {
        request: requestOf(page.body),
        email: 'member@example.com',
        code: codeOf(mail.text_body),
        next: '/members',
      });
    })();
    expect(next.headers.location).toBe('/members');
    const seen = await member.get('/members');
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.body).toContain('Secret member recipe');
    // The member's render went into no shared cache: the next visitor still gets 106.
    for (let i = 0; i < 2; i++) {
      const again = await new Shopper(app).get('/members');
      expect(again.statusCode).toBe(403);
      expect(again.body).not.toContain('Secret member recipe');
    }
    // An open redirect is not a destination.
    for (const bad of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/a\r\nx: y'])
      expect(customerNext(bad)).toBe('/account');
    expect(customerNext('/members?x=1')).toBe('/members?x=1');
  });

  it('members-only items stay out of search, summaries and the sitemap for visitors', async () => {
    const leaks = (body: string) =>
      ['Kiln secrets', 'kiln-secrets', 'Glaze recipe', 'Secret member recipe'].filter((s) =>
        body.includes(s),
      );
    const anon = new Shopper(app);
    for (let i = 0; i < 2; i++) {
      // Twice: the second answer may come from the page cache.
      const page = await anon.get('/search?q=kiln');
      expect(page.statusCode).toBe(200);
      expect(leaks(page.body)).toEqual([]);
    }
    const json = await anon.get('/search?q=kiln&format=json');
    expect(json.json().items).toEqual([]);
    expect(leaks(json.body)).toEqual([]);
    // A public page's summary of the members' journal shows none of its posts.
    const news = await anon.get('/news?format=json');
    expect(news.statusCode).toBe(200);
    expect(leaks(news.body)).toEqual([]);
    expect(leaks((await anon.get('/news')).body)).toEqual([]);
    // The journal's own listing and post are the 106 page (which names only the path asked for).
    for (const path of ['/members-journal?format=json', '/members-journal/kiln-secrets']) {
      const res = await anon.get(path);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Kiln secrets');
      expect(res.body).not.toContain('Glaze recipe');
    }
    // The navigation names the page (a link to its 106) but carries none of its content.
    const nav = JSON.stringify((await anon.get('/?format=json')).json().navigation);
    expect(nav).toContain('/members-journal');
    expect(leaks(nav)).toEqual([]);
    // Crawlers are never members: no sitemap lists a members-only page.
    const sitemap = await anon.get('/sitemap.xml');
    if (sitemap.statusCode === 200) {
      expect(sitemap.body).not.toContain('/members');
    }

    // A signed-in customer finds the post, in a render that is never cached.
    const member = new Shopper(app);
    await signIn(member, 'reader@example.com');
    const found = await member.get('/search?q=kiln');
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toBe('private, no-store');
    expect(found.body).toContain('Kiln secrets for members');
    const foundJson = await member.get('/search?q=kiln&format=json');
    expect(foundJson.json().items.map((i: { title: string }) => i.title)).toEqual([
      'Kiln secrets for members',
    ]);
    // …and the next visitor still finds nothing.
    expect(leaks((await new Shopper(app).get('/search?q=kiln')).body)).toEqual([]);
  });

  it('a signed-in customer comments without typing a name or email', async () => {
    const v = new Shopper(app);
    await signIn(v, 'writer@example.com');
    const res = await v.post('/api/content/items/a-post/comments', {
      name: '',
      email: '',
      body: 'Lovely glaze.',
      captchaToken: await altchaToken(SITE_A),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await h.db
      .selectFrom('comments')
      .select(['author_email', 'author_name', 'site_user_id'])
      .where('item_id', '=', 'a-post')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      author_email: 'writer@example.com',
      author_name: 'writer',
      site_user_id: (await customer('writer@example.com'))!.id,
    });
    // A guest still gives both.
    const guest = await new Shopper(app).post('/api/content/items/a-post/comments', {
      name: '',
      email: '',
      body: 'Hello',
      captchaToken: await altchaToken(SITE_A),
    });
    expect(guest.statusCode).toBe(400);
  });

  it('owners list customers with orders count, total and search; visitors cannot', async () => {
    const ownerId = await createOwner(h.db, {
      email: 'boss@example.com',
      password: 'long-password-1',
      displayName: 'Boss',
      verified: true,
    });
    await grantRole(h.db, SITE_A, ownerId, Role.ADMIN);
    const boss = new Shopper(app);
    expect(
      (
        await boss.post('/api/auth/login', {
          email: 'boss@example.com',
          password: 'long-password-1',
        })
      ).statusCode,
    ).toBe(200);
    const all = (await boss.get('/api/customers')).json();
    expect(all.total).toBeGreaterThanOrEqual(5);
    const found = (await boss.get('/api/customers?q=CART@')).json();
    expect(found.customers).toHaveLength(1);
    expect(found.customers[0]).toMatchObject({
      email: 'cart@example.com',
      ordersCount: 1,
      currency: 'USD',
    });
    expect(found.customers[0].totalSpent).toBeGreaterThan(0);
    expect(found.customers[0].lastOrderAt).toBeTruthy();
    expect((await boss.get('/api/customers?q=%25')).json().customers).toEqual([]);
    expect((await new Shopper(app).get('/api/customers')).statusCode).toBe(401);
  });
});
