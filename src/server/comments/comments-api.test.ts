import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { Role } from '../../shared/enums.js';
import { commentBodyHtml, countLinks } from '../../shared/comments/rules.js';
import { commentCountLabel, commentTexts } from '../../shared/comments/texts.js';
import { shareLinks } from '../../shared/comments/share.js';
import { CommentsApi } from '../../shared/comments/api.js';
import type { SettingsResponse } from '../../shared/content/site-api.js';
import {
  addBlogSite,
  addOwner,
  altchaToken,
  freshIp,
  setWebsiteSettings,
  signedIn,
} from './test-fixtures.js';

describe('comment rules (shared)', () => {
  it("counts with SPEC 9.1's texts", () => {
    const en = commentTexts('en-US');
    expect([0, 1, 2, 12].map((n) => commentCountLabel(n, en))).toEqual([
      'No Comments',
      '1 Comment',
      '2 Comments',
      '12 Comments',
    ]);
  });

  it('escapes bodies and makes only http(s) links, with rel nofollow ugc noopener', () => {
    const html = commentBodyHtml(
      'Hi <b>you</b> & see https://example.com/a?b=1&c=2.\n\njavascript:alert(1) www.example.org',
    );
    expect(html).toBe(
      '<p>Hi &lt;b&gt;you&lt;/b&gt; &amp; see <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener" target="_blank">https://example.com/a?b=1&amp;c=2</a>.</p>' +
        '<p>javascript:alert(1) <a href="https://www.example.org/" rel="nofollow ugc noopener" target="_blank">www.example.org</a></p>',
    );
    expect(countLinks('a http://x.io b https://y.io www.z.io')).toBe(3);
  });

  it('builds share links for the networks turned on only', () => {
    const links = shareLinks(
      { x: true, facebook: false, email: true, pinterest: true },
      { url: 'https://shop.test/blog/a b', title: 'A & B' },
    );
    expect(links.map((l) => l.network)).toEqual(['x', 'email']);
    expect(links[0]!.href).toBe(
      'https://x.com/intent/post?url=https%3A%2F%2Fshop.test%2Fblog%2Fa%20b&text=A%20%26%20B',
    );
  });
});

describeEachBackend('comments API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await addBlogSite(h, 's1', 'demo');
    await addBlogSite(h, 's2', 'other');
    await addOwner(h, 'owner@test.dev', 's1');
    await addOwner(h, 'viewer@test.dev', 's1', Role.VIEWER);
    await addOwner(h, 'owner2@test.dev', 's2');
    ({ app, deps } = await buildTestApp(h, { config: { commentRatePerAddress: 5 } }));
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

  async function comment(
    item: string,
    extra: Record<string, unknown> = {},
    site = 's1',
    host = 'localhost',
  ) {
    const { post } = visitor(host);
    return post(CommentsApi.itemComments(item), {
      name: 'Ada',
      email: 'Ada@Example.com',
      body: 'Lovely post.',
      captchaToken: await altchaToken(site),
      ...extra,
    });
  }

  /** Changes settings as a save would: the row, then `content-changed` (cached sites reload). */
  async function settings(siteId: string, change: Parameters<typeof setWebsiteSettings>[2]) {
    await setWebsiteSettings(h, siteId, change);
    deps.events.emit('content-changed', { siteId });
  }

  async function owner(email = 'owner@test.dev') {
    return signedIn(new Visitor(app), email);
  }

  async function rows(item = 's1-open') {
    return h.db
      .selectFrom('comments')
      .selectAll()
      .where('item_id', '=', item)
      .orderBy('created')
      .execute();
  }

  async function itemCounts(item = 's1-open') {
    return h.db
      .selectFrom('items')
      .select(['public_comment_count', 'like_count'])
      .where('id', '=', item)
      .executeTakeFirstOrThrow();
  }

  async function contentVersion(site = 's1') {
    const r = await h.db
      .selectFrom('sites')
      .select('content_version')
      .where('id', '=', site)
      .executeTakeFirstOrThrow();
    return r.content_version;
  }

  it('holds a new comment for approval and shows it once the owner approves it', async () => {
    const res = await comment('s1-open');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });
    const [row] = await rows();
    expect(row).toMatchObject({
      author_name: 'Ada',
      author_email: 'ada@example.com',
      status: 'pending',
    });
    const list = await visitor().v.get(CommentsApi.itemComments('s1-open'));
    expect(list.json()).toMatchObject({ comments: [], total: 0 });

    // The page (cached from here on) still shows none.
    const reader = new Visitor(app);
    const before = await reader.get('/blog/open-post');
    expect(before.body).toContain('No Comments');
    expect(before.body).not.toContain('Lovely post.');
    expect((await reader.get('/blog/open-post')).body).toBe(before.body);

    const o = await owner();
    const queue = await o.get('/api/comments?status=pending');
    expect(queue.json()).toMatchObject({
      counts: { pending: 1, approved: 0, spam: 0 },
      comments: [
        {
          id: row!.id,
          itemTitle: 'The open post',
          itemUrl: '/blog/open-post',
          authorEmail: 'ada@example.com',
        },
      ],
    });
    const version = await contentVersion();
    expect((await o.post(`/api/comments/${row!.id}/approve`)).statusCode).toBe(200);
    expect(await contentVersion()).toBeGreaterThan(version);
    // The cached page is replaced: the comment and SPEC 9.1's count text.
    const after = (await reader.get('/blog/open-post')).body;
    expect(after).toContain('<h2 id="comments-title" class="section-title">1 Comment</h2>');
    expect(after).toContain('Lovely post.');
    expect(after).not.toContain('ada@example.com');
    expect((await itemCounts()).public_comment_count).toBe(1);
    const shown = await visitor().v.get(CommentsApi.itemComments('s1-open'));
    expect(shown.json()).toMatchObject({
      total: 1,
      comments: [{ authorName: 'Ada', bodyHtml: '<p>Lovely post.</p>', parentId: null }],
    });
    expect(JSON.stringify(shown.json())).not.toContain('ada@example.com');
  });

  it('publishes at once when the site does not moderate, and renders the count on the page', async () => {
    await settings('s2', { commentsRequireApproval: false });
    const res = await comment('s2-open', { body: 'Straight in.' }, 's2', 'other.localhost');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'approved', comment: { authorName: 'Ada' } });
    expect((await itemCounts('s2-open')).public_comment_count).toBe(1);
    const page = await new Visitor(app, 'other.localhost').get('/blog/open-post');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('1 Comment');
    expect(page.body).toContain('Straight in.');
    expect(page.body).toContain('data-island="comment-form"');
  });

  it('renders bodies as escaped text with safe links, and closed items without a form', async () => {
    await settings('s2', { commentsRequireApproval: false });
    const res = await comment(
      's2-open',
      { body: '<script>alert(1)</script> see https://example.com/x?a=1&b=2' },
      's2',
      'other.localhost',
    );
    expect(res.statusCode).toBe(201);
    const page = (await new Visitor(app, 'other.localhost').get('/blog/open-post')).body;
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain(
      '<a href="https://example.com/x?a=1&amp;b=2" rel="nofollow ugc noopener" target="_blank">',
    );
    // State 2 with a comment: shown, closed. State 0 without: no section at all.
    const [row] = await rows('s2-open');
    await h.db
      .insertInto('comments')
      .values({ ...row!, id: 'old-1', item_id: 's2-old' })
      .execute();
    await h.db
      .updateTable('items')
      .set({ public_comment_count: 1 })
      .where('id', '=', 's2-old')
      .execute();
    await settings('s2', {});
    const old = (await new Visitor(app, 'other.localhost').get('/blog/old-post')).body;
    expect(old).toContain('1 Comment');
    expect(old).toContain('Comments are closed.');
    expect(old).not.toContain('data-island="comment-form"');
    const closed = (await new Visitor(app, 'other.localhost').get('/blog/closed-post')).body;
    expect(closed).not.toContain('id="comments"');
  });

  it("saves 'hold new comments for approval' through the settings API", async () => {
    const o = await owner();
    const got = (await o.get('/api/website/settings')).json<SettingsResponse>();
    expect(got.settings.commentsRequireApproval).toBe(true);
    const saved = await o.put('/api/website/settings', {
      version: got.version,
      settings: { ...got.settings, commentsRequireApproval: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await comment('s1-open', { body: 'No waiting.' });
    expect(res.json()).toMatchObject({ status: 'approved' });
    // A client that does not know the setting leaves it as it is.
    const { commentsRequireApproval: _, ...older } = saved.json<SettingsResponse>().settings;
    const again = await o.put('/api/website/settings', {
      version: saved.json<SettingsResponse>().version,
      settings: { ...older, commentsRequireApproval: true },
    });
    expect(again.json<SettingsResponse>().settings.commentsRequireApproval).toBe(true);
    const kept = await o.put('/api/website/settings', {
      version: again.json<SettingsResponse>().version,
      settings: older,
    });
    expect(kept.json<SettingsResponse>().settings.commentsRequireApproval).toBe(true);
    await h.db.deleteFrom('comments').where('body', '=', 'No waiting.').execute();
    await h.db
      .updateTable('items')
      .set({ public_comment_count: 1 })
      .where('id', '=', 's1-open')
      .execute();
    deps.events.emit('content-changed', { siteId: 's1' });
  });

  it('replies one level deep only, to shown comments of the same item', async () => {
    const [top] = (await rows()).filter((r) => r.status === 'approved');
    const reply = await comment('s1-open', { parentId: top!.id, body: 'Thanks!' });
    expect(reply.statusCode).toBe(201);
    const o = await owner();
    const [pending] = (await rows()).filter((r) => r.status === 'pending');
    await o.post(`/api/comments/${pending!.id}/approve`);
    const deeper = await comment('s1-open', { parentId: pending!.id, body: 'Deeper' });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toMatchObject({
      error: { code: 'COMMENT_INVALID', fields: { parentId: 'That comment cannot be answered.' } },
    });
    const elsewhere = await comment('s1-old', { parentId: top!.id });
    expect(elsewhere.statusCode).toBe(403);
    const list = (await visitor().v.get(CommentsApi.itemComments('s1-open'))).json();
    expect(list.comments.map((c: { parentId: string | null }) => c.parentId)).toEqual([
      null,
      top!.id,
    ]);
    expect((await itemCounts()).public_comment_count).toBe(2);
    expect((await rows()).some((r) => r.body === 'Deeper')).toBe(false);
  });

  it('refuses bad fields and more than 2 links with clear texts, storing nothing', async () => {
    const before = (await rows()).length;
    for (const [extra, field, text] of [
      [{ name: '  ' }, 'name', 'Enter your name.'],
      [{ email: 'nope' }, 'email', 'Email is invalid'],
      [{ body: '\n \n' }, 'body', 'Write a comment.'],
      [
        { body: 'http://a.io http://b.io http://c.io' },
        'body',
        'Comments can hold at most 2 links.',
      ],
    ] as const) {
      const res = await comment('s1-open', extra);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'COMMENT_INVALID', fields: { [field]: text } },
      });
    }
    const ok = await comment('s1-open', { body: 'See http://a.io and https://b.io' });
    expect(ok.statusCode).toBe(201);
    expect((await rows()).length).toBe(before + 1);
  });

  it('drops honeypot posts quietly, refuses a failed bot check and closed items', async () => {
    const before = (await rows()).length;
    const bot = await comment('s1-open', { website: 'http://spam.example' });
    expect(bot.statusCode).toBe(201);
    expect(bot.json()).toEqual({ status: 'pending' });
    const noCaptcha = await comment('s1-open', { captchaToken: 'garbage' });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ error: { code: 'CAPTCHA_FAILED' } });
    const otherSite = await comment('s1-open', { captchaToken: await altchaToken('s2') });
    expect(otherSite.statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
    expect((await comment('s1-closed')).statusCode).toBe(403);
    expect((await comment('s1-old')).json()).toMatchObject({ error: { code: 'COMMENTS_CLOSED' } });
    expect((await comment('no-such-item')).statusCode).toBe(404);
    expect((await visitor().v.get(CommentsApi.itemComments('no-such-item'))).statusCode).toBe(404);
    expect((await visitor().v.get(CommentsApi.itemComments('s2-open'))).statusCode).toBe(404);
    await settings('s1', { commentsEnabled: false });
    try {
      expect((await comment('s1-open')).statusCode).toBe(403);
    } finally {
      await settings('s1', { commentsEnabled: true });
    }
    expect(
      (
        await h.db
          .selectFrom('comments')
          .select('id')
          .where('item_id', '!=', 's1-open')
          .where('site_id', '=', 's1')
          .execute()
      ).length,
    ).toBe(0);
  });

  it('rate-limits comments per address with a 429 and Retry-After', async () => {
    const { post } = visitor();
    const statuses: number[] = [];
    let retry: string | undefined;
    for (let i = 0; i < 7; i++) {
      const res = await post(CommentsApi.itemComments('s1-open'), {
        name: 'Burst',
        email: 'burst@example.com',
        body: `Comment ${i}`,
        captchaToken: await altchaToken('s1'),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retry = String(res.headers['retry-after']);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(retry)).toBeGreaterThan(0);
  });

  it('bans an address: its queue moves to spam and its new comments go quietly to spam', async () => {
    const o = await owner();
    await comment('s1-open', { email: 'pest@example.com', body: 'Buy now' });
    expect((await o.post(CommentsApi.bans, { email: 'Pest@Example.com' })).statusCode).toBe(200);
    const again = await comment('s1-open', { email: 'pest@example.com', body: 'Buy again' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ status: 'pending' });
    const pest = (await rows()).filter((r) => r.author_email === 'pest@example.com');
    expect(pest.map((r) => r.status)).toEqual(['spam', 'spam']);
    const spam = (await o.get('/api/comments?status=spam')).json();
    expect(spam.comments[0]).toMatchObject({ authorEmail: 'pest@example.com', banned: true });
    expect((await o.get(CommentsApi.bans)).json().bans).toEqual([
      expect.objectContaining({ email: 'pest@example.com' }),
    ]);
    await o.delete(`${CommentsApi.bans}/pest%40example.com`);
    expect((await o.get(CommentsApi.bans)).json().bans).toEqual([]);
  });

  it('marks as spam and deletes (with replies), keeping the count real', async () => {
    const o = await owner();
    const approved = (await rows()).filter((r) => r.status === 'approved');
    const top = approved.find((r) => r.parent_id === null)!;
    const replies = approved.filter((r) => r.parent_id === top.id).length;
    expect(replies).toBe(1);
    expect((await itemCounts()).public_comment_count).toBe(approved.length);
    // Spam takes the comment and its reply off the page, and out of the count.
    await o.post(`/api/comments/${top.id}/spam`);
    expect((await itemCounts()).public_comment_count).toBe(approved.length - 1 - replies);
    const list = (await visitor().v.get(CommentsApi.itemComments('s1-open'))).json();
    expect(list.total).toBe(approved.length - 1 - replies);
    expect(list.comments).toHaveLength(list.total);
    await o.post(`/api/comments/${top.id}/approve`);
    expect((await o.delete(`/api/comments/${top.id}`)).statusCode).toBe(200);
    expect((await rows()).some((r) => r.id === top.id || r.parent_id === top.id)).toBe(false);
    expect((await itemCounts()).public_comment_count).toBe(0);
    expect((await o.delete(`/api/comments/${top.id}`)).statusCode).toBe(404);
  });

  it('keeps the queue to moderators of the website', async () => {
    const anon = await new Visitor(app).get('/api/comments');
    expect(anon.statusCode).toBe(401);
    const viewer = await owner('viewer@test.dev');
    expect((await viewer.get('/api/comments')).statusCode).toBe(403);
    const other = await owner('owner2@test.dev');
    const [row] = await rows();
    expect((await other.post(`/api/comments/${row!.id}/approve`)).statusCode).toBe(403);
    expect((await rows()).find((r) => r.id === row!.id)?.status).toBe(row!.status);
  });

  it('counts one like per visitor per item, and takes it back', async () => {
    const start = (await itemCounts()).like_count;
    const a = visitor();
    const url = CommentsApi.itemLike('s1-open');
    expect((await a.post(url, {})).json()).toEqual({ liked: true, likeCount: start + 1 });
    expect((await a.post(url, {})).json()).toEqual({ liked: true, likeCount: start + 1 });
    const b = visitor();
    expect((await b.post(url, {})).json()).toEqual({ liked: true, likeCount: start + 2 });
    const un = await a.v.request({ method: 'DELETE', url });
    expect(un.json()).toEqual({ liked: false, likeCount: start + 1 });
    expect((await itemCounts()).like_count).toBe(start + 1);
    expect((await h.db.selectFrom('item_likes').select('visitor_hash').execute()).length).toBe(1);
    await settings('s1', { simpleLikingEnabled: false });
    expect((await visitor().post(url, {})).statusCode).toBe(403);
    await settings('s1', { simpleLikingEnabled: true });
  });
});
