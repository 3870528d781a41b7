import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { Messages } from '../../shared/errors.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import { SUBMISSION_KEY_TTL_MS } from './submission-keys.js';
import { formBlockProps, formsForBlocks } from './form-queries.js';
import { validateAdditionalFields } from './validate-additional-fields.js';
import { addTestForms, addTestSite, goodContact, solveAltcha, submit } from './test-fixtures.js';

describeEachBackend('forms API (SPEC 7 / 8.4)', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let clock = Date.now();
  const count = async (table: 'form_submissions' | 'outbox' | 'mailing_list_members') =>
    Number(
      (
        await h.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await addTestSite(h, 's1', 'demo', { provider: 'altcha' }, 'Demo <Shop>');
    await addTestSite(h, 's2', 'other');
    await addTestForms(h, 's1');
    await addTestForms(h, 's2');
    const owner = await createOwner(h.db, {
      email: 'owner@demo.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    const second = await createOwner(h.db, {
      email: 'partner@demo.test',
      password: 'pw-123456',
      displayName: 'P',
    });
    await grantRole(h.db, 's1', owner, Role.ADMIN);
    await grantRole(h.db, 's1', second, Role.EDITOR);
    ({ app, deps } = await buildTestApp(h, { now: () => clock }));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it('renders form blocks with data-form-id and lists their definitions in ?format=json', async () => {
    await h.db
      .insertInto('collections')
      .values({
        id: 'c-contact',
        site_id: 's1',
        url_id: 'contact',
        title: 'Contact',
        type: 10,
        kind: 'page',
        folder_behavior: null,
        nav_index: 1,
        sections: JSON.stringify([
          {
            id: 's1',
            layout: 'default',
            tone: 'light',
            blocks: [
              { id: 'b1', type: 9, formId: 'form-contact' },
              { id: 'b2', type: 51, formId: 'form-newsletter' },
            ],
          },
        ]) as never,
        settings: '{}' as never,
      })
      .execute();
    const page = await app.inject({ url: '/contact', headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-form-id="form-contact"');
    expect(page.body).toContain('data-form-id="form-newsletter"');
    const json = await app.inject({ url: '/contact?format=json', headers: { host: 'localhost' } });
    const forms = json.json().forms as {
      id: string;
      name: string;
      fields: Record<string, unknown>[];
    }[];
    expect(forms.map((f) => f.id)).toEqual(['form-contact', 'form-newsletter']);
    const field = forms[0]!.fields[0]!;
    for (const key of ['id', 'type', 'label', 'required']) expect(field).toHaveProperty(key);
    // Secrets never reach a page.
    expect(json.body).not.toMatch(/secretKey/);
  });

  it('issues a key and stores a valid submission with one owner mail per owner', async () => {
    const v = new Visitor(app);
    const keyRes = await v.post('/api/form/FormSubmissionKey');
    expect(keyRes.statusCode).toBe(200);
    expect(keyRes.json().data.key).toMatch(/^[\w-]{20,}$/);
    const before = await count('outbox');
    const res = await submit(v, 'form-contact', goodContact, { pageId: 'p1', unknown: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      submissionMessage: '<p>Thanks!</p>',
      postSubmitHtml: '<script>window.done = 1</script>',
    });
    const rows = await h.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('site_id', '=', 's1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual(goodContact);
    expect(rows[0]!.page_context).toEqual({
      pagePath: '/contact',
      pageTitle: 'Contact',
      pageId: 'p1',
    });
    const mails = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('site_id', '=', 's1')
      .orderBy('to_address')
      .execute();
    expect(mails.length - before).toBe(2);
    expect(mails.map((m) => m.to_address)).toEqual(['owner@demo.test', 'partner@demo.test']);
    const m = mails[0]!;
    expect(m.status).toBe('held');
    expect(m.kind).toBe('form-owner');
    expect(m.subject).toBe('Form Submission - Contact <us>');
    expect(m.headers['Reply-To']).toBe('ada@example.com');
    expect(m.html_body).toContain('Hello &lt;b&gt;there&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(m.html_body).not.toContain('<b>there');
    expect(m.text_body).toContain('Hello <b>there</b>');
    expect(m.text_body).toContain('Ada, Lovelace');
  });

  it('answers 400 with data.errors per field and stores nothing', async () => {
    const v = new Visitor(app);
    const before = await count('form_submissions');
    const res = await submit(v, 'form-contact', {
      name: ['', ''],
      email: 'not-an-email',
      message: 'x'.repeat(501),
      topic: 'Nope',
    });
    expect(res.statusCode).toBe(400);
    const errors = {
      name: Messages.REQUIRED,
      email: Messages.FORM_EMAIL_INVALID,
      message: Messages.CHARACTER_LIMIT,
      topic: 'Nope is not one of the expected options',
    };
    expect(res.json().data.errors).toEqual(errors);
    expect(res.json().errors).toEqual(errors);
    expect(await count('form_submissions')).toBe(before);

    const unparsable = await submit(v, 'form-contact', '{nope');
    expect(unparsable.statusCode).toBe(400);
    expect(unparsable.json().data.error).toBe(Messages.FORM_PARSE_ERROR);
    const wrongShape = await submit(v, 'form-contact', { ...goodContact, name: { a: 1 } });
    expect(wrongShape.json().message).toBe(Messages.FORM_PARSE_ERROR);
  });

  it('answers 401 for a missing, forged, replayed, expired or foreign key', async () => {
    const v = new Visitor(app);
    const save = (key: string) =>
      v.post('/api/form/SaveFormSubmission', {
        key,
        formId: 'form-contact',
        form: JSON.stringify(goodContact),
      });
    const count = async (table: 'form_submissions' | 'outbox') =>
      Number(
        (
          await h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { submissions: await count('form_submissions'), mail: await count('outbox') };
    for (const key of ['', 'forged-key-forged-key-forged']) {
      const res = await save(key);
      expect(res.statusCode).toBe(401);
      expect(res.json().data.error).toBe(Messages.FORM_UNAUTHORIZED);
    }
    expect(await count('form_submissions')).toBe(before.submissions);
    expect(await count('outbox')).toBe(before.mail);
    const key = (await v.post('/api/form/FormSubmissionKey')).json().data.key;
    expect((await save(key)).statusCode).toBe(200);
    const accepted = { submissions: await count('form_submissions'), mail: await count('outbox') };
    expect(accepted.submissions).toBe(before.submissions + 1);
    expect((await save(key)).statusCode).toBe(401); // replayed

    const late = (await v.post('/api/form/FormSubmissionKey')).json().data.key;
    clock += SUBMISSION_KEY_TTL_MS + 1;
    try {
      expect((await save(late)).statusCode).toBe(401);
    } finally {
      clock -= SUBMISSION_KEY_TTL_MS + 1;
    }

    const other = new Visitor(app, 'other.localhost');
    const foreign = (await other.post('/api/form/FormSubmissionKey')).json().data.key;
    expect((await save(foreign)).statusCode).toBe(401);
    // A refused key wrote nothing: no submission, no mail.
    expect(await count('form_submissions')).toBe(accepted.submissions);
    expect(await count('outbox')).toBe(accepted.mail);
  });

  it('keeps nothing of a newsletter sign-up whose key is dead', async () => {
    const v = new Visitor(app);
    const key = (await v.post('/api/form/FormSubmissionKey')).json().data.key;
    const save = () =>
      v.post('/api/form/SaveFormSubmission', {
        key,
        formId: 'form-newsletter',
        form: JSON.stringify({ email: 'late@example.com' }),
      });
    expect((await save()).statusCode).toBe(200);
    const replay = await save();
    expect(replay.statusCode).toBe(401);
    const members = await h.db
      .selectFrom('mailing_list_members')
      .select('email')
      .where('email', '=', 'late@example.com')
      .execute();
    expect(members).toHaveLength(1);
    const mail = await h.db
      .selectFrom('outbox')
      .select('kind')
      .where('to_address', 'in', ['late@example.com'])
      .execute();
    expect(mail.map((m) => m.kind)).toEqual(['newsletter-welcome']);
  });

  it('answers 404 for a form this website does not have', async () => {
    const v = new Visitor(app);
    const res = await submit(v, 'form-nope', goodContact);
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error).toBe(Messages.FORM_NOT_CONFIGURED);
    const schema = await v.get('/api/template/GetTemplateSchema?type=form&id=form-nope');
    expect(schema.statusCode).toBe(404);
  });

  it('drops a bot that fills the honeypot: 200, nothing stored, nothing sent', async () => {
    const v = new Visitor(app);
    const subs = await count('form_submissions');
    const mails = await count('outbox');
    const res = await submit(v, 'form-contact', goodContact, { website_url: 'http://spam' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const inForm = await submit(v, 'form-contact', { ...goodContact, website_url: 'x' });
    expect(inForm.statusCode).toBe(200);
    expect(await count('form_submissions')).toBe(subs);
    expect(await count('outbox')).toBe(mails);
  });

  it('verifies the bot check before storing: missing, wrong, solved, replayed', async () => {
    const v = new Visitor(app);
    const subs = await count('form_submissions');
    const missing = await submit(v, 'form-bot', { email: 'a@b.co' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors).toEqual({ captcha: Messages.CAPTCHA_REQUIRED });
    const garbage = await submit(v, 'form-bot', { email: 'a@b.co' }, { captchaKey: 'bm9wZQ==' });
    expect(garbage.statusCode).toBe(400);
    expect(await count('form_submissions')).toBe(subs);

    const captchaKey = await solveAltcha(v);
    const ok = await submit(v, 'form-bot', { email: 'a@b.co' }, { captchaKey });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().redirect).toBe('/thanks');
    const replay = await submit(v, 'form-bot', { email: 'a@b.co' }, { captchaKey });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.captcha).toBe(Messages.CAPTCHA_REQUIRED);

    // A solution for another website is refused there.
    const otherKey = await solveAltcha(new Visitor(app, 'other.localhost'));
    const cross = await submit(v, 'form-bot', { email: 'a@b.co' }, { captchaKey: otherKey });
    expect(cross.statusCode).toBe(400);
    // An expired challenge is refused (fake clock past its 10 minutes).
    const stale = await solveAltcha(v);
    clock += 11 * 60_000;
    try {
      expect(
        (await submit(v, 'form-bot', { email: 'a@b.co' }, { captchaKey: stale })).statusCode,
      ).toBe(400);
    } finally {
      clock -= 11 * 60_000;
    }
    expect(await count('form_submissions')).toBe(subs + 1);
  });

  it('welcomes newsletter members in the website’s language, English without texts for it', async () => {
    const sites = [
      { id: 's-ja', slug: 'jp', language: 'ja-JP' },
      { id: 's-en', slug: 'us', language: 'en-US' },
      { id: 's-fr', slug: 'fr', language: 'fr-FR' },
    ];
    const welcome = async (slug: string) => {
      const res = await submit(new Visitor(app, `${slug}.localhost`), 'form-newsletter', {
        email: `welcome-${slug}@example.com`,
      });
      expect(res.statusCode).toBe(200);
      return h.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'newsletter-welcome')
        .where('to_address', '=', `welcome-${slug}@example.com`)
        .executeTakeFirstOrThrow();
    };
    for (const s of sites) {
      await addTestSite(h, s.id, s.slug, { provider: 'altcha' }, `News & <${s.slug}> "Co"`);
      await h.db
        .updateTable('sites')
        .set({ language: s.language })
        .where('id', '=', s.id)
        .execute();
      await addTestForms(h, s.id);
    }

    const ja = await welcome('jp');
    expect(ja.subject).toBe('News & <jp> "Co"のニュースレターへのご登録ありがとうございます');
    expect(ja.headers['Content-Language']).toBe('ja');
    expect(ja.text_body).toMatch(
      /^News & <jp> "Co"からのお知らせにご登録いただき、誠にありがとうございます。\n\n--\n配信停止: http:\/\/jp\.localhost\/unsubscribe\?token=/,
    );
    expect(ja.html_body).toContain(
      '<p>News &amp; &lt;jp&gt; &quot;Co&quot;からのお知らせにご登録いただき、誠にありがとうございます。</p>',
    );
    expect(ja.html_body).toMatch(
      /<a href="http:\/\/jp\.localhost\/unsubscribe\?token=[^"]+">配信を停止する<\/a>/,
    );
    expect(ja.html_body).not.toContain('<jp>');

    for (const slug of ['us', 'fr']) {
      const en = await welcome(slug);
      expect(en.subject).toBe(`You're subscribed to News & <${slug}> "Co"`);
      expect(en.headers['Content-Language']).toBe('en');
      expect(en.text_body).toMatch(
        new RegExp(
          `^Thanks for signing up for news from News & <${slug}> "Co"\\.\\n\\n--\\nUnsubscribe: http://${slug}\\.localhost/unsubscribe\\?token=`,
        ),
      );
      expect(en.html_body).toContain(
        `<p>Thanks for signing up for news from News &amp; &lt;${slug}&gt; &quot;Co&quot;.</p>`,
      );
      expect(en.html_body).toMatch(/">Unsubscribe<\/a><\/p><\/body><\/html>$/);
      expect(en.html_body).not.toContain(`<${slug}>`);
    }
  });

  it('joins a newsletter once per address and mails an unsubscribe link that works', async () => {
    const v = new Visitor(app);
    const first = await submit(v, 'form-newsletter', { email: 'Reader@Example.com' });
    expect(first.statusCode).toBe(200);
    const again = await submit(v, 'form-newsletter', {
      email: 'reader@example.com',
      name: ['R', ''],
    });
    expect(again.statusCode).toBe(200);
    const members = await h.db
      .selectFrom('mailing_list_members')
      .selectAll()
      .where('list_id', '=', 'form-newsletter')
      .where('email', 'like', 'reader%')
      .execute();
    expect(members).toHaveLength(1);
    expect(members[0]!.email).toBe('reader@example.com');
    const welcome = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'newsletter-welcome')
      .where((eb) => eb.fn('lower', ['to_address']), '=', 'reader@example.com')
      .execute();
    expect(welcome).toHaveLength(1);
    const url = `http://localhost/unsubscribe?token=${members[0]!.unsubscribe_token}`;
    expect(welcome[0]!.headers['List-Unsubscribe']).toBe(`<${url}>`);
    expect(welcome[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(welcome[0]!.text_body).toContain(url);
    expect(welcome[0]!.html_body).toContain(`href="${url}"`);

    // The link asks first (issue 11); its button POSTs the token.
    const ask = await v.get(`/unsubscribe?token=${members[0]!.unsubscribe_token}`);
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('data-page-type="300"');
    const page = await v.request({
      method: 'POST',
      url: '/unsubscribe',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${members[0]!.unsubscribe_token}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You have been unsubscribed');
    expect(page.body).toContain('data-page-type="300"');
    const after = await h.db
      .selectFrom('mailing_list_members')
      .select('unsubscribed_at')
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    expect(after.unsubscribed_at).toBeGreaterThan(0);
    expect((await v.get('/unsubscribe?token=nope')).statusCode).toBe(404);
    // Signing up again subscribes again (and welcomes again).
    await submit(v, 'form-newsletter', { email: 'reader@example.com' });
    const rejoined = await h.db
      .selectFrom('mailing_list_members')
      .select('unsubscribed_at')
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    expect(rejoined.unsubscribed_at).toBeNull();
    const welcomes = await h.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'newsletter-welcome')
      .where((eb) => eb.fn('lower', ['to_address']), '=', 'reader@example.com')
      .execute();
    expect(welcomes).toHaveLength(2);
    // RFC 8058 one-click POST, as mail providers send it (no cookies, no crumb).
    const oneClick = await app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${members[0]!.unsubscribe_token}`,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
  });

  it('serves the public form schema, block props and page-context summaries', async () => {
    const v = new Visitor(app);
    const res = await v.get('/api/template/GetTemplateSchema?type=form&id=form-contact');
    expect(res.statusCode).toBe(200);
    const form = res.json().data;
    expect(form).toMatchObject({ id: 'form-contact', name: 'Contact <us>', kind: 'form' });
    expect(form.captcha).toEqual({ enabled: false, provider: 'altcha' });
    expect(JSON.stringify(form)).not.toContain('window.done');
    const props = await formBlockProps(h.db, 's1', 'form-newsletter', { pagePath: '/contact' });
    expect(props?.form.kind).toBe('newsletter');
    expect(props?.pageContext).toEqual({ pagePath: '/contact' });
    expect(await formBlockProps(h.db, 's1', 'nope')).toBeNull();
    const summaries = await formsForBlocks(h.db, 's1', ['form-newsletter', 'nope', 'form-contact']);
    expect(summaries.map((s) => s.id)).toEqual(['form-newsletter', 'form-contact']);
    expect(summaries[1]!.fields[2]).toEqual({
      id: 'message',
      type: 'textarea',
      label: 'Message',
      required: true,
      maxLength: 500,
    });
  });

  it('validates product form answers: POST /api/rest/forms/validate/{formId}', async () => {
    const v = new Visitor(app);
    const bad = await v.post('/api/rest/forms/validate/form-contact', { email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: Messages.REQUIRED,
      email: Messages.FORM_EMAIL_INVALID,
      message: Messages.REQUIRED,
    });
    const good = await v.post('/api/rest/forms/validate/form-contact', goodContact);
    expect(good.statusCode).toBe(200);
    expect(good.json().valid).toBe(true);
    expect((await v.post('/api/rest/forms/validate/nope', {})).statusCode).toBe(404);
    const direct = await validateAdditionalFields(
      h.db,
      's1',
      'form-contact',
      JSON.stringify(goodContact),
    );
    expect(direct.valid).toBe(true);
    if (direct.valid) {
      expect(direct.answers[0]).toEqual({
        type: 'name',
        rawTitle: 'Name',
        value: 'Ada Lovelace'.replace(' ', ', '),
        values: ['Ada', 'Lovelace'],
      });
    }
  });

  it('lets only the website’s owners read its outbox, newest first, paginated', async () => {
    const anon = new Visitor(app);
    expect((await anon.get('/api/mail/outbox')).statusCode).toBe(401);
    const v = new Visitor(app);
    expect(
      (await v.post('/api/auth/login', { email: 'owner@demo.test', password: 'pw-123456' }))
        .statusCode,
    ).toBe(200);
    const page1 = (await v.get('/api/mail/outbox?pageSize=2')).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.hasNextPage).toBe(true);
    expect(page1.items[0].createdOn).toBeGreaterThanOrEqual(page1.items[1].createdOn);
    const all = (await v.get('/api/mail/outbox?pageSize=100')).json().items as { id: string }[];
    expect(all.slice(0, 2).map((i) => i.id)).toEqual(page1.items.map((i: { id: string }) => i.id));
    const page2 = (await v.get('/api/mail/outbox?pageSize=2&page=2')).json();
    expect(page2.items[0].id).toBe(all[2]!.id);
    // Another website's outbox is not theirs.
    const elsewhere = new Visitor(app, 'other.localhost');
    await elsewhere.post('/api/auth/login', { email: 'owner@demo.test', password: 'pw-123456' });
    expect((await elsewhere.get('/api/mail/outbox')).statusCode).toBe(403);
    expect((await elsewhere.get('/api/form/submissions')).statusCode).toBe(403);
    expect((await anon.get('/api/form/submissions')).statusCode).toBe(401);
    const subs = (await v.get('/api/form/submissions?formId=form-contact')).json();
    expect(subs.items.length).toBeGreaterThan(0);
    expect(subs.items.every((i: { formId: string }) => i.formId === 'form-contact')).toBe(true);
    expect(subs.items.at(-1).data).toEqual(goodContact);
  });

  it('answers 429 with Retry-After per address', async () => {
    const v = new Visitor(app);
    const save = () =>
      v.request({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        payload: { key: 'x', formId: 'form-contact', form: '{}' },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 20; i++) expect((await save()).statusCode).toBe(401);
    const limited = await save();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().data.error).toBe(Messages.FORM_RATE_LIMITED);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock += 60_000;
    try {
      expect((await save()).statusCode).toBe(401);
    } finally {
      clock -= 60_000;
    }
  });

  it('answers 500 with the SPEC text when storing fails unexpectedly', async () => {
    const v = new Visitor(app);
    await sql`ALTER TABLE form_submissions RENAME TO form_submissions_away`.execute(h.db);
    try {
      const res = await submit(v, 'form-contact', goodContact);
      expect(res.statusCode).toBe(500);
      expect(res.json().data.error).toBe(Messages.FORM_SERVER_ERROR);
      expect(JSON.stringify(res.json())).not.toContain('form_submissions');
    } finally {
      await sql`ALTER TABLE form_submissions_away RENAME TO form_submissions`.execute(h.db);
    }
  });

  it('limits each website as a whole too', async () => {
    // A fresh window: the count is shared by every app on the database, and the tests above
    // submitted to this website (some with the clock moved up to an hour ahead).
    clock += 24 * 60 * 60_000;
    const second = await buildTestApp(h, {
      now: () => clock,
      config: { formRates: { ...deps.config.formRates, perSite: 3 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await new Visitor(second.app).request({
          method: 'POST',
          url: '/api/form/SaveFormSubmission',
          payload: { key: 'x', formId: 'form-contact', form: '{}' },
          remoteAddress: `10.0.0.${i}`,
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await second.app.close();
    }
    expect(deps.config.smtpUrl).toBeUndefined();
  });
});
