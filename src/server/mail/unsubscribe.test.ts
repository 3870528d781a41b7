import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, TEST_SECRET } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { joinMailingList } from './unsubscribe.js';

const HOOK_TIMEOUT = 120_000;

/** Issue 11: a GET of the link unsubscribed at once, so mail scanners unsubscribed people. */
describeEachBackend('unsubscribe: a confirmation page, and RFC 8058 one-click', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await insertTestSite(h.db, { id: 's1', slug: 'demo' });
    await insertTestSite(h.db, { id: 's2', slug: 'other' });
    ({ app } = await buildTestApp(h));
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);

  const join = (email: string, siteId = 's1') =>
    joinMailingList(h!.db, { secret: TEST_SECRET, now: 1, siteId, listId: 'news', email });
  const isSubscribed = async (email: string) =>
    (
      await h!.db
        .selectFrom('mailing_list_members')
        .select('unsubscribed_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).unsubscribed_at === null;

  it('asks on GET, with a button that POSTs, and unsubscribes only on that POST', async () => {
    const { token } = await join('reader@example.com');
    const page = await app!.inject({
      url: `/unsubscribe?token=${token}`,
      headers: { host: 'localhost' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('reader@example.com');
    expect(page.body).toMatch(/<form method="post" action="\/unsubscribe">/);
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(await isSubscribed('reader@example.com')).toBe(true);

    // The button: a browser form post, no crumb.
    const done = await app!.inject({
      method: 'POST',
      url: '/unsubscribe',
      headers: {
        host: 'localhost',
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `token=${token}`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toContain('text/html');
    expect(done.body).toContain('You have been unsubscribed');
    expect(await isSubscribed('reader@example.com')).toBe(false);
    const again = await app!.inject({
      url: `/unsubscribe?token=${token}`,
      headers: { host: 'localhost' },
    });
    expect(again.body).toContain('You have been unsubscribed');
  });

  it('takes a mail client’s one-click POST without cookies or crumb, with a valid token only', async () => {
    const { token } = await join('one@example.com');
    const oneClick = (t: string, host = 'localhost') =>
      app!.inject({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(t)}`,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick(`${token.slice(0, -1)}x`)).statusCode).toBe(404);
    // Another website's host does not take this website's token.
    expect((await oneClick(token, 'other.localhost')).statusCode).toBe(404);
    expect(await isSubscribed('one@example.com')).toBe(true);
    const res = await oneClick(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect(await isSubscribed('one@example.com')).toBe(false);
  });

  it('says an unknown link is not valid', async () => {
    const res = await app!.inject({
      url: '/unsubscribe?token=nope',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('not valid');
  });
});
