import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OrderJson } from '../../shared/checkout/api.js';
import { DOWNLOAD_LINK_SECONDS } from '../../shared/product/digital-delivery.js';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import type { DatabaseHandle } from '../db/database.js';
import { HOST_B, SITE_A, SITE_B, seedShop, Shopper } from '../cart/test-fixtures.js';
import { storageFor } from '../media/storage/index.js';
import { fileKey } from '../content/asset-files.js';
import { saveCheckoutSettings } from './checkout-settings.js';
import type { DownloadJson } from './downloads.js';
import { placeBody, SHOP_SETTINGS } from './test-fixtures.js';

const BYTES = Buffer.from('%PDF-1.4 The Glaze Notebook\n');
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachBackend('digital downloads', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;
  let clock = Date.now();

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    await saveCheckoutSettings(h.db, SITE_A, SHOP_SETTINGS, new Date());
    await saveCheckoutSettings(h.db, SITE_B, SHOP_SETTINGS, new Date());
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'downloads-test-'));
    let deps;
    ({ app, deps } = await buildTestApp(h, { config: { dataDir }, now: () => clock }));
    // The e-book's file: an uploaded file asset of site A, its bytes in the media storage.
    await h.db
      .insertInto('assets')
      .values({
        id: 'file-notebook',
        site_id: SITE_A,
        filename: 'glaze-notebook.pdf',
        content_type: 'application/pdf',
        width: 0,
        height: 0,
        kind: 'file',
        size: BYTES.length,
      })
      .execute();
    await storageFor(deps.config).put(fileKey('file-notebook', 1), BYTES, {
      contentType: 'application/pdf',
    });
    await h.db
      .updateTable('products')
      .set({ digital_asset_id: 'file-notebook' })
      .where('item_id', '=', 'ebook')
      .execute();
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function buy(items: { itemId: string; sku?: string }[], provider = 'test') {
    const s = new Shopper(app);
    for (const it of items) expect((await s.add(it)).statusCode).toBe(200);
    const digitalOnly = items.every((i) => i.itemId === 'ebook' || i.itemId === 'gift');
    const body = placeBody({
      payment:
        provider === 'test' ? { provider: 'test', token: 'tok_visa' } : { provider: 'manual' },
      ...(digitalOnly ? { shippingOptionId: undefined } : {}),
    });
    const res = await s.post('/api/commerce/orders', body);
    expect(res.statusCode, res.body).toBe(201);
    return { s, order: res.json().order as OrderJson };
  }

  /** The path and query of an absolute link on this server. */
  const local = (url: string) => {
    const u = new URL(url);
    expect(u.hostname).toBe('localhost');
    return `${u.pathname}${u.search}`;
  };

  async function pageDownloads(s: Shopper, url: string): Promise<DownloadJson[]> {
    const res = await s.get(`${url}${url.includes('?') ? '&' : '?'}format=json`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().downloads ?? []) as DownloadJson[];
  }

  it('the confirmation mail and the order page link the file: signed, expiring, downloadable', async () => {
    const { s, order } = await buy([{ itemId: 'ebook' }, { itemId: 'poster' }]);
    const mail = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'order-confirmation')
      .where('to_address', '=', order.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /http:\/\/localhost(:\d+)?\/api\/media\/file-notebook\/download\?[^\s"]+/.exec(
      mail.text_body,
    )?.[0];
    expect(link, mail.text_body).toBeDefined();
    expect(mail.text_body).toContain('E-book (glaze-notebook.pdf)');
    expect(mail.html_body).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
    const expires = Number(new URL(link!).searchParams.get('expires'));
    expect(expires).toBe(Math.floor(clock / 1000) + DOWNLOAD_LINK_SECONDS);

    const file = await s.get(local(link!));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(BYTES)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');

    // The confirmation page (pageType 202) shows the same file; only digital lines deliver one.
    const downloads = await pageDownloads(s, order.confirmationUrl);
    expect(downloads).toEqual([
      {
        itemId: 'ebook',
        title: 'E-book',
        filename: 'glaze-notebook.pdf',
        url: expect.stringMatching(
          /^http:\/\/localhost(:\d+)?\/api\/media\/file-notebook\/download\?/,
        ),
        expiresAt: clock + DOWNLOAD_LINK_SECONDS * 1000,
      },
    ]);
    const html = (await s.get(order.confirmationUrl)).body;
    expect(html).toContain('class="op-downloads"');
    expect(html).toContain(`href="${downloads[0]!.url.replace(/&/g, '&amp;')}"`);
  });

  it('an expired link is refused; the order status page signs a fresh one', async () => {
    const { s, order } = await buy([{ itemId: 'ebook' }]);
    const [first] = await pageDownloads(s, order.statusUrl);
    const start = clock;
    try {
      clock += DOWNLOAD_LINK_SECONDS * 1000 + 1000;
      expect((await s.get(local(first!.url))).statusCode).toBe(403);
      const [fresh] = await pageDownloads(s, order.statusUrl);
      expect(fresh!.url).not.toBe(first!.url);
      expect(fresh!.expiresAt).toBe(clock + 7 * DAY_MS);
      const file = await s.get(local(fresh!.url));
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(BYTES)).toBe(true);
    } finally {
      clock = start;
    }
  });

  it('a changed signature, expiry or asset is refused; another website never serves it', async () => {
    const { s, order } = await buy([{ itemId: 'ebook' }]);
    const [d] = await pageDownloads(s, order.statusUrl);
    const u = new URL(d!.url);
    const sig = u.searchParams.get('signature')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      `${u.pathname}?expires=${u.searchParams.get('expires')}&signature=${flipped}`,
      `${u.pathname}?expires=${Number(u.searchParams.get('expires')) + 3600}&signature=${sig}`,
      `/api/media/file-other/download${u.search}`,
    ];
    for (const url of bad) {
      const res = await s.get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.rawPayload.includes(BYTES)).toBe(false);
    }
    // The same link on site B's host: the signature names site A.
    const other = new Shopper(app, HOST_B);
    const res = await other.get(`${u.pathname}${u.search}`);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.rawPayload.includes(BYTES)).toBe(false);
    // Site B cannot show site A's order, so it has no link to give either.
    const page = await other.get(order.statusUrl);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('/download?');
  });

  it('a bank transfer marked paid gets its links: on the page and in a mail', async () => {
    const o = await createOwner(h.db, {
      email: 'owner@downloads.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, SITE_A, o, Role.ADMIN);
    const owner = new Visitor(app);
    const login = await owner.post('/api/auth/login', {
      email: 'owner@downloads.test',
      password: 'pw-123456',
    });
    expect(login.statusCode, login.body).toBe(200);

    const { s, order } = await buy([{ itemId: 'ebook' }], 'manual');
    expect(await pageDownloads(s, order.statusUrl)).toEqual([]);
    const paid = await owner.post(`/api/commerce/orders/${order.id}/mark-paid`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const [d] = await pageDownloads(s, order.statusUrl);
    expect(d?.filename).toBe('glaze-notebook.pdf');
    const mail = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'order-downloads')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(order.email);
    const link = /http:\/\/localhost(:\d+)?\/api\/media\/file-notebook\/download\?[^\s"]+/.exec(
      mail.text_body,
    )?.[0];
    expect(link, mail.text_body).toBeDefined();
    expect((await s.get(local(link!))).statusCode).toBe(200);
    // Marking it paid again sends nothing more.
    await owner.post(`/api/commerce/orders/${order.id}/mark-paid`, {});
    const mails = await h.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'order-downloads')
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('no link before payment (bank transfer), for a gift card, or for a product without a file', async () => {
    const manual = await buy([{ itemId: 'ebook' }], 'manual');
    expect(manual.order.paymentStatus).toBe('pending');
    expect(await pageDownloads(manual.s, manual.order.statusUrl)).toEqual([]);
    expect((await manual.s.get(manual.order.statusUrl)).body).not.toContain('op-downloads');

    const gift = await buy([{ itemId: 'gift', sku: 'GIFT-25' }, { itemId: 'poster' }]);
    expect(await pageDownloads(gift.s, gift.order.statusUrl)).toEqual([]);

    await h.db
      .updateTable('products')
      .set({ digital_asset_id: null })
      .where('item_id', '=', 'ebook')
      .execute();
    try {
      const none = await buy([{ itemId: 'ebook' }]);
      expect(await pageDownloads(none.s, none.order.statusUrl)).toEqual([]);
    } finally {
      await h.db
        .updateTable('products')
        .set({ digital_asset_id: 'file-notebook' })
        .where('item_id', '=', 'ebook')
        .execute();
    }
  });
});
