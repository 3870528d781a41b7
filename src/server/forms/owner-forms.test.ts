import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { OwnerMessages } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import type {
  FormSaveInput,
  OwnerFormJson,
  SubmissionPageJson,
  WebhookAttemptJson,
} from '../../shared/forms/owner-api.js';
import { addTestForms, addTestSite, submit } from './test-fixtures.js';
import { verifyWebhookSignature, WEBHOOK_RETRY_DELAYS_MS } from './webhook.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: records every POST, answers with the status the test sets. */
async function receiver(): Promise<{
  url: string;
  got: Received[];
  status: { code: number };
  close: () => Promise<void>;
}> {
  const got: Received[] = [];
  const status = { code: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = status.code;
      if (status.code === 302) res.setHeader('location', 'http://elsewhere.test/hook');
      res.end(status.code === 200 ? 'ok' : 'receiver down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    status,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const contactInput = (over: Partial<FormSaveInput> = {}): FormSaveInput => ({
  name: 'Get in touch',
  kind: 'form',
  fields: [
    { id: 'name', type: 'name', label: 'Your name', required: true },
    { id: 'email', type: 'email', label: 'Email', required: true },
    { id: 'phone', type: 'phone', label: 'Phone' },
    { id: 'topic', type: 'radio', label: 'Topic', options: ['Orders', 'Press'] },
    { id: 'message', type: 'single-line', label: 'Message', maxLength: 200 },
  ],
  submissionMessage: '<p>Thanks, we will write back.</p>',
  successRedirect: '',
  captchaEnabled: false,
  notificationEmails: ['inbox@shop.test'],
  emailSubject: 'New message from the site',
  ...over,
});

describeEachBackend('owner forms API: builder, inbox, lists, webhooks (issue 12)', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let clock = Date.UTC(2026, 10, 25, 9, 0, 0);
  let owner: Visitor;
  let viewer: Visitor;
  let hook: Awaited<ReturnType<typeof receiver>>;

  const login = async (email: string, host = 'localhost') => {
    const v = new Visitor(app, host);
    const res = await v.post('/api/auth/login', { email, password: 'pw-123456' });
    expect(res.statusCode).toBe(200);
    return v;
  };
  /** Runs due jobs until the webhook log has `n` rows (the queue may have started one already). */
  const logOf = async (formId: string, n: number): Promise<WebhookAttemptJson[]> => {
    for (let i = 0; i < 50; i++) {
      await deps.jobs.drain();
      const items = (await owner.get(`/api/forms/${formId}/webhook/log`)).json()
        .items as WebhookAttemptJson[];
      if (items.length >= n) return items;
      await new Promise((r) => setImmediate(r));
    }
    throw new Error(`webhook log of ${formId} never reached ${n} rows`);
  };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await addTestSite(h, 's1', 'demo', { provider: 'altcha' }, 'Demo Shop');
    await addTestSite(h, 's3', 'empty');
    await addTestForms(h, 's1');
    const admin = await createOwner(h.db, {
      email: 'owner@demo.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    const looker = await createOwner(h.db, {
      email: 'viewer@demo.test',
      password: 'pw-123456',
      displayName: 'V',
    });
    await grantRole(h.db, 's1', admin, Role.ADMIN);
    await grantRole(h.db, 's3', admin, Role.EDITOR);
    await grantRole(h.db, 's1', looker, Role.VIEWER);
    ({ app, deps } = await buildTestApp(h, { now: () => clock }));
    owner = await login('owner@demo.test');
    viewer = await login('viewer@demo.test');
    hook = await receiver();
  });
  afterAll(async () => {
    await app?.close();
    await hook?.close();
    await h?.close();
  });

  it('creates, reads, lists, updates and deletes a form; every SPEC 3.6 type is accepted', async () => {
    const every = [
      'date',
      'name',
      'time',
      'address',
      'checkbox',
      'likert',
      'radio',
      'select',
      'phone',
      'single-line',
      'textarea',
      'email',
      'hidden',
      'section',
    ].map((type, i) => ({
      id: `f${i}`,
      type,
      label: `Field ${type}`,
      ...(['checkbox', 'radio', 'select'].includes(type) ? { options: ['A', 'B', 'A', ' '] } : {}),
      ...(type === 'likert' ? { questions: ['Fast?'] } : {}),
    }));
    const created = await owner.post('/api/forms', contactInput({ name: 'All', fields: every }));
    expect(created.statusCode).toBe(201);
    const form = created.json() as OwnerFormJson;
    expect(form.id).toMatch(/^form-[0-9a-f]{10}$/);
    expect(form.fields.map((f) => f.type)).toEqual([
      ...every.slice(0, 9).map((f) => f.type),
      'text',
      'textarea',
      'email',
      'hidden',
      'section',
    ]);
    // Options trimmed and de-duplicated, blanks dropped.
    expect(form.fields.find((f) => f.type === 'radio')!.options).toEqual(['A', 'B']);
    expect((await owner.get(`/api/forms/${form.id}`)).json()).toEqual(form);

    const list = (await viewer.get('/api/forms')).json().items as { id: string; name: string }[];
    expect(list.map((f) => f.name)).toContain('All');

    const updated = await owner.put(`/api/forms/${form.id}`, contactInput({ name: 'Renamed' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe('Renamed');
    expect(updated.json().fields).toHaveLength(5);

    expect((await owner.delete(`/api/forms/${form.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/forms/${form.id}`)).statusCode).toBe(404);
  });

  it('refuses a bad form with the SPEC 5.7 texts per field and saves nothing', async () => {
    const before = (await owner.get('/api/forms')).json().items.length;
    const res = await owner.post(
      '/api/forms',
      contactInput({
        name: ' ',
        fields: [
          { id: 'a', type: 'text', label: '' },
          { id: 'a', type: 'radio', label: 'Pick', options: [] },
          { id: 'c', type: 'stars', label: 'Rate' },
        ],
        successRedirect: 'javascript:alert(1)',
        notificationEmails: ['ops@shop.test', 'no-at-sign', 'bad@@x'],
        emailSubject: '  ',
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('FORM_DEFINITION_INVALID');
    expect(body.error.fieldErrors).toEqual({
      name: 'Required',
      'fields.0.label': 'Required',
      'fields.1.id': OwnerMessages.FIELD_ID_TAKEN,
      'fields.1.options': 'Required',
      'fields.2.type': 'stars is not one of the expected options',
      successRedirect: 'javascript:alert(1) is not a valid page URL',
      'notificationEmails.1': 'Emails must be formatted as an address with @',
      'notificationEmails.2': 'Please enter a valid email',
      emailSubject: 'Add an email subject',
    });
    expect((await owner.get('/api/forms')).json().items.length).toBe(before);
    // Paths and http(s) URLs are fine redirects; '//elsewhere' is not.
    const ok = await owner.post('/api/forms', contactInput({ successRedirect: '/thanks?x=1' }));
    expect(ok.statusCode).toBe(201);
    const other = await owner.put(
      `/api/forms/${ok.json().id}`,
      contactInput({ successRedirect: '//evil.test' }),
    );
    expect(other.json().error.fieldErrors.successRedirect).toBe(
      '//evil.test is not a valid page URL',
    );
    await owner.delete(`/api/forms/${ok.json().id}`);
  });

  it('limits writes to the form roles: a viewer reads but gets 403 on every write', async () => {
    expect((await viewer.get('/api/forms')).statusCode).toBe(200);
    expect((await viewer.get('/api/mailing-lists')).statusCode).toBe(200);
    expect((await viewer.post('/api/forms', contactInput())).statusCode).toBe(403);
    expect((await viewer.put('/api/forms/form-contact', contactInput())).statusCode).toBe(403);
    expect((await viewer.delete('/api/forms/form-contact')).statusCode).toBe(403);
    expect(
      (await viewer.post('/api/forms/form-contact/submissions/delete', { ids: ['x'] })).statusCode,
    ).toBe(403);
    expect(
      (await viewer.put('/api/forms/form-contact/webhook', { url: hook.url })).statusCode,
    ).toBe(403);
    expect((await viewer.post('/api/mailing-lists', { name: 'Mine' })).statusCode).toBe(403);
    expect((await new Visitor(app).get('/api/forms')).statusCode).toBe(401);
    // Writes need the crumb.
    const noCrumb = await owner.request({
      method: 'POST',
      url: '/api/forms',
      payload: contactInput(),
      crumb: false,
    });
    expect(noCrumb.statusCode).toBe(403);
    expect((await owner.get('/api/forms/form-contact')).statusCode).toBe(200);
  });

  it('a builder-made form renders on a page, takes a submission and shows it in the inbox', async () => {
    const form = (await owner.post('/api/forms', contactInput())).json() as OwnerFormJson;
    await h.db
      .insertInto('collections')
      .values({
        id: 'c-touch',
        site_id: 's1',
        url_id: 'touch',
        title: 'Touch',
        type: 10,
        kind: 'page',
        folder_behavior: null,
        nav_index: 2,
        sections: JSON.stringify([
          {
            id: 's1',
            layout: 'default',
            tone: 'light',
            blocks: [{ id: 'b1', type: 9, formId: form.id }],
          },
        ]) as never,
        settings: '{}' as never,
      })
      .execute();
    const page = await app.inject({ url: '/touch', headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-form-id="${form.id}"`);
    expect(page.body).toContain('Your name');
    // A save shows on the live page at once (content version bumped, caches dropped).
    const relabelled = contactInput();
    relabelled.fields[0]!.label = 'Full name';
    expect((await owner.put(`/api/forms/${form.id}`, relabelled)).statusCode).toBe(200);
    const again = await app.inject({ url: '/touch', headers: { host: 'localhost' } });
    expect(again.body).toContain('Full name');
    expect(again.body).not.toContain('Your name');
    await owner.put(`/api/forms/${form.id}`, contactInput());

    const visitor = new Visitor(app);
    const answers = {
      name: ['Grace', 'Hopper'],
      email: 'grace@example.com',
      phone: ['', '', ''],
      topic: '',
      message: '=HYPERLINK("http://x")',
    };
    const res = await submit(visitor, form.id, answers);
    expect(res.statusCode).toBe(200);
    expect(res.json().submissionMessage).toBe('<p>Thanks, we will write back.</p>');

    const inbox = (
      await owner.get(`/api/forms/${form.id}/submissions`)
    ).json() as SubmissionPageJson;
    expect(inbox.total).toBe(1);
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]!.data.email).toBe('grace@example.com');
    expect(inbox.items[0]!.read).toBe(false);

    // The notification went to the form's own address with its subject; empty answers left out.
    const mail = await h.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'inbox@shop.test')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('New message from the site');
    expect(mail.text_body).toContain('Grace');
    expect(mail.text_body).not.toContain('Phone');
    expect(mail.text_body).not.toContain('Topic');
    expect(mail.text_body).not.toContain('N/A');

    // Search, read flags, CSV, delete.
    clock += 1000;
    await submit(visitor, form.id, { ...answers, name: ['Alan', 'Turing'], email: 'alan@x.io' });
    const found = (await owner.get(`/api/forms/${form.id}/submissions?q=turing`)).json();
    expect(found.items.map((i: { data: { email: string } }) => i.data.email)).toEqual([
      'alan@x.io',
    ]);
    const both = (await owner.get(`/api/forms/${form.id}/submissions?limit=1`)).json();
    expect(both.items[0].data.email).toBe('alan@x.io');
    const older = (
      await owner.get(`/api/forms/${form.id}/submissions?limit=1&cursor=${both.nextCursor}`)
    ).json();
    expect(older.items[0].data.email).toBe('grace@example.com');
    expect(older.nextCursor).toBeNull();

    const gid = older.items[0].id as string;
    const read = await owner.post(`/api/forms/${form.id}/submissions/read`, {
      ids: [gid],
      read: true,
    });
    expect(read.json()).toEqual({ changed: 1 });
    const unreadOnly = (await owner.get(`/api/forms/${form.id}/submissions?filter=unread`)).json();
    expect(unreadOnly.items.map((i: { id: string }) => i.id)).not.toContain(gid);
    expect(unreadOnly.unread).toBe(1);
    const listed = (await owner.get('/api/forms'))
      .json()
      .items.find((f: { id: string }) => f.id === form.id);
    expect([listed.submissions, listed.unread]).toEqual([2, 1]);

    const csv = await owner.get(`/api/forms/${form.id}/submissions.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Submitted,Your name,Email,Phone,Topic,Message,Page,Read,Submission id');
    expect(lines).toHaveLength(3);
    // A formula is text in a spreadsheet, quoted because of its quotes.
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);

    const del = await owner.post(`/api/forms/${form.id}/submissions/delete`, { ids: [gid] });
    expect(del.json()).toEqual({ deleted: 1 });
    expect((await owner.get(`/api/forms/${form.id}/submissions`)).json().total).toBe(1);
  });

  it('posts a signed webhook per submission, retries a failing receiver, and logs attempts', async () => {
    const form = (
      await owner.post('/api/forms', contactInput({ name: 'Hooked' }))
    ).json() as OwnerFormJson;
    const bad = await owner.put(`/api/forms/${form.id}/webhook`, { url: 'ftp://x.test/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.url).toBe(OwnerMessages.WEBHOOK_URL_INVALID);
    const set = await owner.put(`/api/forms/${form.id}/webhook`, { url: hook.url });
    expect(set.statusCode).toBe(200);
    const secret = set.json().secret as string;
    expect(secret).toMatch(/^whsec_/);
    // Shown once: reading the form gives only a hint.
    const read = (await owner.get(`/api/forms/${form.id}`)).json() as OwnerFormJson;
    expect(read.webhook).toEqual({ url: hook.url, secretHint: `…${secret.slice(-4)}` });
    expect(JSON.stringify(read)).not.toContain(secret);

    const v = new Visitor(app);
    const res = await submit(v, form.id, {
      name: ['Ada', 'L'],
      email: 'ada@example.com',
      message: 'Hi',
    });
    expect(res.statusCode).toBe(200);
    const [first] = await logOf(form.id, 1);
    expect(first).toMatchObject({ ok: true, statusCode: 200, attempt: 1, error: null });
    expect(hook.got).toHaveLength(1);
    const got = hook.got[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    const sig = String(got.headers['x-webhook-signature']);
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, sig, got.body, Math.floor(clock / 1000))).toBe(true);
    expect(verifyWebhookSignature('whsec_other', sig, got.body, Math.floor(clock / 1000))).toBe(
      false,
    );
    expect(verifyWebhookSignature(secret, sig, got.body + ' ', Math.floor(clock / 1000))).toBe(
      false,
    );
    const payload = JSON.parse(got.body);
    expect(payload.event).toBe('form.submission');
    expect(payload.form).toEqual({ id: form.id, name: 'Hooked', kind: 'form' });
    expect(payload.submission.answers.map((a: { id: string }) => a.id)).toEqual([
      'name',
      'email',
      'message',
    ]);
    expect(got.headers['x-webhook-id']).toBe(payload.id);

    // The receiver fails: the queue retries after 1 min, then succeeds.
    hook.status.code = 500;
    await submit(v, form.id, { name: ['B', 'B'], email: 'b@example.com' });
    const failed = await logOf(form.id, 2);
    expect(failed[0]).toMatchObject({ ok: false, statusCode: 500, attempt: 1 });
    expect(failed[0]!.error).toContain('HTTP 500');
    expect(failed[0]!.nextAttemptOn).toBe(clock + WEBHOOK_RETRY_DELAYS_MS[0]!);
    const sent = hook.got.length;
    await deps.jobs.drain(); // not due yet
    expect(hook.got).toHaveLength(sent);
    hook.status.code = 200;
    clock += WEBHOOK_RETRY_DELAYS_MS[0]!;
    const after = await logOf(form.id, 3);
    expect(after[0]).toMatchObject({ ok: true, statusCode: 200, attempt: 2 });
    expect(after[0]!.deliveryId).toBe(failed[0]!.deliveryId);
    // The retry sent the same body, signed afresh.
    expect(hook.got.at(-1)!.body).toBe(hook.got.at(-2)!.body);

    // 'Send test', and a new secret that the next delivery is signed with.
    const newer = (await owner.post(`/api/forms/${form.id}/webhook/secret`)).json();
    expect(newer.secret).not.toBe(secret);
    expect((await owner.post(`/api/forms/${form.id}/webhook/test`)).statusCode).toBe(202);
    const withTest = await logOf(form.id, 4);
    expect(withTest[0]).toMatchObject({ event: 'webhook.test', ok: true });
    const t = hook.got.at(-1)!;
    expect(
      verifyWebhookSignature(
        newer.secret,
        String(t.headers['x-webhook-signature']),
        t.body,
        Math.floor(clock / 1000),
      ),
    ).toBe(true);
    // A redirect to another host is not followed: a failed try with the reason.
    hook.status.code = 302;
    expect((await owner.post(`/api/forms/${form.id}/webhook/test`)).statusCode).toBe(202);
    const redirected = await logOf(form.id, 5);
    expect(redirected[0]).toMatchObject({ ok: false, statusCode: 302, attempt: 1 });
    expect(redirected[0]!.error).toBe('Redirect to elsewhere.test not followed');
    hook.status.code = 200;
    // Removing the URL turns the webhook off.
    expect((await owner.put(`/api/forms/${form.id}/webhook`, { url: '' })).json().url).toBe('');
  });

  it('manages mailing lists, connects newsletter forms, exports and removes subscribers', async () => {
    // The demo newsletter form kept its members' list (list id = form id).
    const lists = (await owner.get('/api/mailing-lists')).json().items as {
      id: string;
      name: string;
      forms: { id: string }[];
    }[];
    expect(lists.find((l) => l.id === 'form-newsletter')?.forms).toEqual([
      { id: 'form-newsletter', name: 'Newsletter' },
    ]);

    // A newsletter form needs a list; a website without lists is told to create one.
    const elsewhere = await login('owner@demo.test', 'empty.localhost');
    const none = await elsewhere.post(
      '/api/forms',
      contactInput({ kind: 'newsletter', notificationEmails: [] }),
    );
    expect(none.json().error.fieldErrors).toEqual({
      mailingListId: OwnerMessages.NO_MAILING_LISTS,
    });
    const missing = await owner.post('/api/forms', contactInput({ kind: 'newsletter' }));
    expect(missing.json().error.fieldErrors).toEqual({
      mailingListId: 'A List must be selected',
    });

    const created = await owner.post('/api/mailing-lists', { name: 'VIP customers' });
    expect(created.statusCode).toBe(201);
    const listId = created.json().id as string;
    expect(
      (await owner.post('/api/mailing-lists', { name: 'vip CUSTOMERS' })).json().error.fieldErrors,
    ).toEqual({ name: OwnerMessages.MAILING_LIST_NAME_TAKEN });
    const renamed = await owner.request({
      method: 'PATCH',
      url: `/api/mailing-lists/${listId}`,
      payload: { name: 'VIPs' },
    });
    expect(renamed.json().name).toBe('VIPs');

    const form = (
      await owner.post(
        '/api/forms',
        contactInput({
          kind: 'newsletter',
          name: 'VIP sign-up',
          mailingListId: listId,
          fields: [{ id: 'email', type: 'email', label: 'Email', required: true }],
        }),
      )
    ).json() as OwnerFormJson;
    expect(form.mailingListId).toBe(listId);
    const v = new Visitor(app);
    for (const email of ['one@example.com', '=cmd@example.com', 'two@example.com']) {
      expect((await submit(v, form.id, { email })).statusCode).toBe(200);
      clock += 1;
    }
    const subs = (await owner.get(`/api/mailing-lists/${listId}/subscribers?pageSize=2`)).json();
    expect(subs.total).toBe(3);
    expect(subs.items.map((s: { email: string }) => s.email)).toEqual([
      'two@example.com',
      '=cmd@example.com',
    ]);
    expect(subs.hasNextPage).toBe(true);
    const search = (await owner.get(`/api/mailing-lists/${listId}/subscribers?q=ONE`)).json();
    expect(search.items.map((s: { email: string }) => s.email)).toEqual(['one@example.com']);

    const csv = await owner.get(`/api/mailing-lists/${listId}/subscribers.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Email,Subscribed,Unsubscribed');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.startsWith("'=cmd@example.com,"))).toBe(true);

    const removed = await owner.delete(
      `/api/mailing-lists/${listId}/subscribers/${encodeURIComponent('one@example.com')}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await owner.get(`/api/mailing-lists/${listId}/subscribers`)).json().total).toBe(2);

    // A list in use cannot be deleted; after the form moves to another list it can.
    const inUse = await owner.delete(`/api/mailing-lists/${listId}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().error.message).toBe(
      OwnerMessages.MAILING_LIST_IN_USE.replace('{formName}', 'VIP sign-up'),
    );
    await owner.put(
      `/api/forms/${form.id}`,
      contactInput({ kind: 'newsletter', name: 'VIP sign-up', mailingListId: 'form-newsletter' }),
    );
    expect((await owner.delete(`/api/mailing-lists/${listId}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/mailing-lists/${listId}/subscribers`)).statusCode).toBe(404);
    const left = await h.db
      .selectFrom('mailing_list_members')
      .select('email')
      .where('list_id', '=', listId)
      .execute();
    expect(left).toEqual([]);
  });
});
