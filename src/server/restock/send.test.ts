import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, TEST_SECRET, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { setVariantStock } from '../catalog/set-variant-stock.js';
import { RESTOCK_API, type RestockSendJson } from '../../shared/restock/types.js';
import {
  addOwner,
  addProduct,
  addSite,
  altchaToken,
  insertSignUps,
  signedIn,
  TestSmtp,
  waitFor,
} from './test-fixtures.js';
import { CLAIM_TIMEOUT_MS, RestockSender } from './sender.js';
import { insertTestSite } from '../testing/site-fixtures.js';

const emails = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}@example.com`);

describeEachBackend('restock sends through SMTP', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let smtp: TestSmtp;
  let smtpUrl: string;
  let owner: Visitor;
  let clock = Date.now();
  const now = () => clock;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    smtp = new TestSmtp();
    smtpUrl = await smtp.start();
    await addSite(h, 's1', 'demo');
    await addOwner(h, 'owner@test.dev', 's1');
    ({ app, deps } = await buildTestApp(h, { config: { smtpUrl }, now }));
    owner = await signedIn(new Visitor(app), 'owner@test.dev');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await h?.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
    smtp.heal();
  });

  async function progress(sendId: string): Promise<RestockSendJson> {
    const res = await owner.get(`${RESTOCK_API.sends}/${sendId}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  async function finished(sendId: string): Promise<RestockSendJson> {
    return waitFor(
      async () => {
        const p = await progress(sendId);
        return p.status === 'running' ? undefined : p;
      },
      110_000,
      `send ${sendId}`,
    );
  }
  async function pending(variantId: string): Promise<number> {
    const r = await h.db
      .selectFrom('restock_signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('variant_id', '=', variantId)
      .where('notified_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  it('mails every address once with the product link and a working unsubscribe link', async () => {
    await addProduct(h, 's1', 'mug', 'Blue <Mug>', [{ id: 'mug-s' }, { id: 'mug-l' }]);
    // One sign-up through the API (its origin is the request's host), the rest in bulk.
    const shopper = new Visitor(app, 'localhost:3000');
    const res = await shopper.post(RESTOCK_API.signUp, {
      productId: 'mug',
      variantId: 'mug-s',
      siteVisitorEmail: 'First@Example.com',
      isJoinMailingList: false,
      captchaToken: await altchaToken('s1', clock),
    });
    expect(res.statusCode).toBe(200);
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'mug',
      variantId: 'mug-s',
      emails: emails('a', 29),
    });
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'mug',
      variantId: 'mug-l',
      emails: ['other-variant@example.com'],
    });

    const start = await owner.post(RESTOCK_API.send, { productId: 'mug', variantId: 'mug-s' });
    expect(start.statusCode).toBe(202);
    const { sendId } = start.json() as { sendId: string };
    const done = await finished(sendId);
    expect(done).toMatchObject({
      sendId,
      productId: 'mug',
      variantId: 'mug-s',
      status: 'done',
      total: 30,
      sent: 30,
      failed: 0,
      error: null,
    });
    expect(done.finished).not.toBeNull();

    const counts = smtp.counts();
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.has('first@example.com')).toBe(true);
    expect(counts.has('other-variant@example.com')).toBe(false);
    expect(await pending('mug-s')).toBe(0);
    expect(await pending('mug-l')).toBe(1);

    const mail = smtp.mails.find((m) => m.to.includes('first@example.com'))!;
    expect(mail.text).toContain('Subject: Blue <Mug> is back in stock');
    expect(mail.text).toContain('Blue &lt;Mug&gt; (Size: S0)');
    expect(mail.text).toContain('Content-Language: en');
    expect(mail.text).toMatch(
      /<a href="http:\/\/localhost\/unsubscribe\?token=[^"]+">Unsubscribe<\/a>/,
    );
    // The owner's request host (the site's host) makes the absolute link.
    expect(mail.text).toContain('http://localhost/shop/p/mug');
    expect(mail.text).toMatch(/List-Unsubscribe: <http:\/\/localhost\/unsubscribe\?token=/);
    const link = /http:\/\/localhost(\/unsubscribe\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1]!;

    // The unsubscribe link works (a mail client's RFC 8058 one-click POST to it), and the
    // address gets no further restock notices.
    const page = await new Visitor(app).get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('first@example.com');
    const oneClick = await app.inject({
      method: 'POST',
      url: link,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ unsubscribed: true });
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'mug',
      variantId: 'mug-l',
      emails: ['first@example.com'],
    });
    smtp.mails.length = 0;
    const second = await owner.post(RESTOCK_API.send, { productId: 'mug', variantId: 'mug-l' });
    const p2 = await finished(second.json().sendId);
    expect(p2).toMatchObject({ status: 'done', sent: 1, total: 1 });
    expect([...smtp.counts().keys()]).toEqual(['other-variant@example.com']);
    // Its pending sign-up is dropped; the record of the notice already sent stays.
    const left = await h.db
      .selectFrom('restock_signups')
      .select(['variant_id', 'notified_at'])
      .where('email', '=', 'first@example.com')
      .execute();
    expect(left).toHaveLength(1);
    expect(left[0]!.variant_id).toBe('mug-s');
    expect(left[0]!.notified_at).not.toBeNull();

    // A repeated send mails nobody twice.
    smtp.mails.length = 0;
    const again = await owner.post(RESTOCK_API.sendAll, {
      sendRequests: [
        { productId: 'mug', variantId: 'mug-s' },
        { productId: 'mug', variantId: 'mug-l' },
      ],
    });
    expect(again.statusCode).toBe(202);
    const ids = again.json().sendIds as string[];
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(await finished(id)).toMatchObject({ status: 'done', sent: 0 });
    expect(smtp.mails).toHaveLength(0);
  });

  it('writes the notice in the website’s language: Japanese on a ja site, else English', async () => {
    const name = 'Tea <Cup> & "Pot"';
    const sites = [
      { id: 'sja', slug: 'jp', language: 'ja-JP' },
      { id: 'sen', slug: 'uk', language: 'en-GB' },
      { id: 'sfr', slug: 'fr', language: 'fr-FR' },
    ];
    const mails = new Map<string, { text: string; html: string }>();
    for (const site of sites) {
      await insertTestSite(h.db, {
        ...site,
        title: `Shop & <${site.slug}>`,
        shop: true,
        ...(site.language === 'ja-JP' ? { currency: 'JPY' } : {}),
      });
      await addOwner(h, `owner-${site.slug}@test.dev`, site.id);
      await addProduct(h, site.id, `cup-${site.slug}`, name, [{ id: `cup-${site.slug}-1` }]);
      await insertSignUps(h.db, {
        siteId: site.id,
        itemId: `cup-${site.slug}`,
        variantId: `cup-${site.slug}-1`,
        emails: [`shopper-${site.slug}@example.com`],
      });
      const host = `${site.slug}.localhost`;
      const siteOwner = await signedIn(new Visitor(app, host), `owner-${site.slug}@test.dev`);
      const start = await siteOwner.post(RESTOCK_API.send, {
        productId: `cup-${site.slug}`,
        variantId: `cup-${site.slug}-1`,
      });
      expect(start.statusCode).toBe(202);
      const { sendId } = start.json() as { sendId: string };
      const done = await waitFor(async () => {
        const p = (await siteOwner.get(`${RESTOCK_API.sends}/${sendId}`)).json() as RestockSendJson;
        return p.status === 'running' ? undefined : p;
      });
      expect(done).toMatchObject({ status: 'done', sent: 1 });
      const mail = smtp.mails.find((m) => m.to.includes(`shopper-${site.slug}@example.com`))!;
      const [text, html] = mail.text.split('Content-Type: text/html');
      expect(html).toBeDefined();
      mails.set(site.slug, { text: text!, html: html! });
    }

    const ja = mails.get('jp')!;
    expect(ja.text).toContain('Subject: 「Tea <Cup> & "Pot"」が再入荷しました');
    expect(ja.text).toContain('Content-Language: ja');
    expect(ja.text).toContain(
      'お待たせいたしました。Shop & <jp>にて、ご希望の「Tea <Cup> & "Pot"（Size：S0）」が再入荷いたしました。',
    );
    expect(ja.text).toContain('商品ページはこちら: http://jp.localhost/shop/p/cup-jp');
    expect(ja.text).toContain('再入荷のお知らせをご希望いただいた方にお送りしています。');
    expect(ja.text).toMatch(/配信停止: http:\/\/jp\.localhost\/unsubscribe\?token=/);
    expect(ja.html).toContain(
      'Shop &amp; &lt;jp&gt;にて、ご希望の「<strong>Tea &lt;Cup&gt; &amp; &quot;Pot&quot;（Size：S0）</strong>」',
    );
    expect(ja.html).toContain('<a href="http://jp.localhost/shop/p/cup-jp">商品ページを見る</a>');
    expect(ja.html).toMatch(
      /<a href="http:\/\/jp\.localhost\/unsubscribe\?token=[^"]+">配信を停止する<\/a>/,
    );
    expect(ja.html).not.toContain('<Cup>');
    expect(ja.text + ja.html).not.toMatch(/back in stock|Shop now|>Unsubscribe</);

    // English: its own site's language, and the fallback for a language without texts.
    for (const slug of ['uk', 'fr']) {
      const en = mails.get(slug)!;
      expect(en.text).toContain('Subject: Tea <Cup> & "Pot" is back in stock');
      expect(en.text).toContain('Content-Language: en');
      expect(en.text).toContain(
        `Good news: Tea <Cup> & "Pot" (Size: S0) is back in stock at Shop & <${slug}>.`,
      );
      expect(en.text).toContain(`Shop now: http://${slug}.localhost/shop/p/cup-${slug}`);
      expect(en.html).toContain(
        `Good news: <strong>Tea &lt;Cup&gt; &amp; &quot;Pot&quot; (Size: S0)</strong> is back in stock at Shop &amp; &lt;${slug}&gt;.`,
      );
      expect(en.html).toContain(
        `<a href="http://${slug}.localhost/shop/p/cup-${slug}">Shop now</a>`,
      );
      expect(en.html).toMatch(/">Unsubscribe<\/a>/);
      expect(en.html).not.toContain('<Cup>');
      expect(en.text + en.html).not.toMatch(/再入荷|配信/);
    }
  });

  it('resumes an interrupted send and mails the rest exactly once', async () => {
    await addProduct(h, 's1', 'cap', 'Cap', [{ id: 'cap-1' }]);
    const list = emails('cap', 230);
    await insertSignUps(h.db, { siteId: 's1', itemId: 'cap', variantId: 'cap-1', emails: list });
    smtp.failAfter(120);
    const first = await owner.post(RESTOCK_API.send, { productId: 'cap', variantId: 'cap-1' });
    const p1 = await finished(first.json().sendId);
    expect(p1.status).toBe('failed');
    expect(p1.error).toMatch(/451|Mailbox unavailable/);
    expect(p1.sent).toBe(120);
    expect(p1.total).toBe(230);
    expect(await pending('cap-1')).toBe(110);
    // Nothing is left claimed: the next send may take every unmailed row at once.
    const claimed = await h.db
      .selectFrom('restock_signups')
      .select('id')
      .where('variant_id', '=', 'cap-1')
      .where('claimed_at', 'is not', null)
      .execute();
    expect(claimed).toHaveLength(0);

    smtp.heal();
    const second = await owner.post(RESTOCK_API.send, { productId: 'cap', variantId: 'cap-1' });
    const p2 = await finished(second.json().sendId);
    expect(p2).toMatchObject({ status: 'done', total: 110, sent: 110, failed: 0 });
    const counts = smtp.counts();
    expect(counts.size).toBe(230);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await pending('cap-1')).toBe(0);
  });

  it('shows progress while a large send runs', async () => {
    await addProduct(h, 's1', 'hat', 'Hat', [{ id: 'hat-1' }]);
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'hat',
      variantId: 'hat-1',
      emails: emails('hat', 260),
    });
    // Let 100 through, then hold the next until progress has been read.
    const held = smtp.holdAfter(100);
    const start = await owner.post(RESTOCK_API.send, { productId: 'hat', variantId: 'hat-1' });
    const { sendId } = start.json() as { sendId: string };
    await held;
    const mid = await waitFor(async () => {
      const p = await progress(sendId);
      return p.sent >= 50 ? p : undefined;
    });
    expect(mid.status).toBe('running');
    expect(mid.total).toBe(260);
    expect(mid.sent).toBeGreaterThanOrEqual(50);
    expect(mid.sent).toBeLessThan(260);
    expect(mid.sent % 50).toBe(0);
    smtp.release();
    expect(await finished(sendId)).toMatchObject({ status: 'done', total: 260, sent: 260 });
  });

  it('notifies automatically on variant-restocked when the owner turned it on', async () => {
    await addProduct(h, 's1', 'sock', 'Sock', [{ id: 'sock-1' }, { id: 'sock-2' }]);
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'sock',
      variantId: 'sock-1',
      emails: emails('sock1-', 12),
      origin: 'http://demo.localhost:8080',
    });
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'sock',
      variantId: 'sock-2',
      emails: emails('sock2-', 3),
    });
    // Off (the default): a restock sends nothing.
    await setVariantStock(h.db, deps.events, 's1', 'sock-2', { qtyInStock: 4 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await pending('sock-2')).toBe(3);
    expect(smtp.mails).toHaveLength(0);

    const put = await owner.put(RESTOCK_API.settings, { productId: 'sock', autoNotify: true });
    expect(put.statusCode).toBe(200);
    await setVariantStock(h.db, deps.events, 's1', 'sock-1', { qtyInStock: 10 });
    const send = await waitFor(async () => {
      const row = await h.db
        .selectFrom('restock_sends')
        .select(['id', 'trigger'])
        .where('variant_id', '=', 'sock-1')
        .executeTakeFirst();
      return row ?? undefined;
    });
    expect(send.trigger).toBe('auto');
    expect(await finished(send.id)).toMatchObject({ status: 'done', sent: 12, total: 12 });
    expect(smtp.counts().size).toBe(12);
    // Without a request, links use the host each shopper signed up on.
    expect(smtp.mails[0]!.text).toContain('http://demo.localhost:8080/shop/p/sock');
    expect(await pending('sock-2')).toBe(3);
  });

  it('takes over a dead worker’s send and resends only its stale, unconfirmed claims', async () => {
    await addProduct(h, 's1', 'bag', 'Bag', [{ id: 'bag-1' }]);
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'bag',
      variantId: 'bag-1',
      emails: emails('bag', 40),
    });
    // A worker died mid-send: 10 rows confirmed, 10 claimed but unconfirmed, its send "running".
    const rows = await h.db
      .selectFrom('restock_signups')
      .select(['id', 'email'])
      .where('variant_id', '=', 'bag-1')
      .orderBy('email')
      .execute();
    const t = new Date(clock);
    await h.db
      .insertInto('restock_sends')
      .values({
        id: 'dead-send',
        site_id: 's1',
        item_id: 'bag',
        variant_id: 'bag-1',
        status: 'running',
        total: 40,
        sent: 10,
        failed: 0,
        base_url: 'http://localhost',
        trigger: 'owner',
        started: t,
        finished: null,
        heartbeat: t,
        error: null,
      })
      .execute();
    await h.db
      .updateTable('restock_signups')
      .set({ notified_at: t, claimed_by: 'dead-send' })
      .where(
        'id',
        'in',
        rows.slice(0, 10).map((r) => r.id),
      )
      .execute();
    await h.db
      .updateTable('restock_signups')
      .set({ claimed_at: t, claimed_by: 'dead-send' })
      .where(
        'id',
        'in',
        rows.slice(10, 20).map((r) => r.id),
      )
      .execute();

    const mailer: Mailer = createMailer({ db: h.db, smtpUrl, now });
    const sender = new RestockSender({
      db: h.db,
      now,
      secret: TEST_SECRET,
      mailer,
      log: { error: () => undefined },
    });
    try {
      // While its heartbeat is fresh nobody takes it over.
      expect(await sender.takeOver()).toEqual([]);
      // An owner's send meanwhile mails only the unclaimed rows.
      const id = await sender.start({
        siteId: 's1',
        productId: 'bag',
        variantId: 'bag-1',
        baseUrl: 'http://localhost',
        trigger: 'owner',
      });
      expect(id).toBe('dead-send');
      clock += CLAIM_TIMEOUT_MS + 1000;
      expect(await sender.takeOver()).toEqual(['dead-send']);
      await sender.idle();
      const p = await sender.progress('s1', 'dead-send');
      expect(p).toMatchObject({ status: 'done', sent: 40, total: 40 });
      const counts = smtp.counts();
      expect(counts.size).toBe(30);
      for (const r of rows.slice(0, 10)) expect(counts.has(r.email)).toBe(false);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(await pending('bag-1')).toBe(0);
    } finally {
      await sender.stop();
      await mailer.close();
    }
  });

  it('never mails an address twice when two workers send the same variant at once', async () => {
    await addProduct(h, 's1', 'jug', 'Jug', [{ id: 'jug-1' }]);
    await insertSignUps(h.db, {
      siteId: 's1',
      itemId: 'jug',
      variantId: 'jug-1',
      emails: emails('jug', 600),
    });
    const mailers = [
      createMailer({ db: h.db, smtpUrl, now }),
      createMailer({ db: h.db, smtpUrl, now }),
    ];
    // Two processes: each its own sender and mailer, sharing the database.
    const senders = mailers.map(
      (mailer) =>
        new RestockSender({
          db: h.db,
          now,
          secret: TEST_SECRET,
          mailer,
          log: { error: () => undefined },
        }),
    );
    const staleSend = async (id: string) => {
      const t = new Date(clock - CLAIM_TIMEOUT_MS - 1000);
      await h.db
        .insertInto('restock_sends')
        .values({
          id,
          site_id: 's1',
          item_id: 'jug',
          variant_id: 'jug-1',
          status: 'running',
          total: 600,
          sent: 0,
          failed: 0,
          base_url: 'http://localhost',
          trigger: 'owner',
          started: t,
          finished: null,
          heartbeat: t,
          error: null,
        })
        .execute();
    };
    try {
      await staleSend('w1');
      expect(await senders[0]!.takeOver()).toEqual(['w1']);
      await staleSend('w2');
      expect(await senders[1]!.takeOver()).toEqual(['w2']);
      await Promise.all(senders.map((x) => x.idle()));
      const p1 = await senders[0]!.progress('s1', 'w1');
      const p2 = await senders[1]!.progress('s1', 'w2');
      expect(p1!.status).toBe('done');
      expect(p2!.status).toBe('done');
      expect(p1!.sent + p2!.sent).toBe(600);
      const counts = smtp.counts();
      expect(counts.size).toBe(600);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(await pending('jug-1')).toBe(0);
    } finally {
      for (const x of senders) await x.stop();
      for (const m of mailers) await m.close();
    }
  });
});
