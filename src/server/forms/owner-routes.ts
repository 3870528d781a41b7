import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { appError } from '../errors/app-error.js';
import { ownerGuard } from '../http/owner-guard.js';
import { ErrorCode, OwnerMessages } from '../../shared/errors.js';
import {
  FormLimits,
  type WebhookAttemptJson,
  type WebhookEvent,
} from '../../shared/forms/owner-api.js';
import {
  createOwnerForm,
  deleteOwnerForm,
  getOwnerForm,
  listOwnerForms,
  ownerFormJson,
  secretHint,
  updateOwnerForm,
} from './owner-forms.js';
import { deleteSubmissions, markSubmissions, submissionsCsv, submissionsPage } from './inbox.js';
import {
  defineWebhookQueue,
  enqueueTestWebhook,
  isAllowedWebhookUrl,
  newWebhookSecret,
} from './webhook.js';

const str = (max: number) => Type.String({ maxLength: max });
const opt = (max: number) => Type.Optional(str(max));

const FieldSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    // Checked by the builder rules so an unknown type gets its SPEC text, not a schema error.
    type: Type.String({ maxLength: 40 }),
    label: str(FormLimits.labelMax),
    required: Type.Optional(Type.Boolean()),
    maxLength: Type.Optional(Type.Integer({ minimum: 0, maximum: FormLimits.maxLengthMax })),
    options: Type.Optional(
      Type.Array(str(FormLimits.optionMax), { maxItems: FormLimits.optionsMax }),
    ),
    placeholder: opt(FormLimits.labelMax),
    description: opt(FormLimits.labelMax * 4),
    questions: Type.Optional(
      Type.Array(str(FormLimits.optionMax), { maxItems: FormLimits.optionsMax }),
    ),
    value: opt(FormLimits.labelMax),
    name: opt(100),
    showCountryCode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const FormBody = Type.Object(
  {
    name: str(FormLimits.nameMax),
    kind: Type.Union([Type.Literal('form'), Type.Literal('newsletter'), Type.Literal('product')]),
    fields: Type.Array(FieldSchema, { maxItems: FormLimits.fieldsMax }),
    submissionMessage: opt(FormLimits.htmlMax),
    disclaimer: opt(FormLimits.htmlMax),
    successRedirect: opt(FormLimits.urlMax),
    submitLabel: opt(100),
    captchaEnabled: Type.Optional(Type.Boolean()),
    mailingListId: Type.Optional(Type.Union([Type.Null(), str(200)])),
    notificationEmails: Type.Optional(
      Type.Array(str(320), { maxItems: FormLimits.notificationEmailsMax }),
    ),
    emailSubject: opt(FormLimits.subjectMax),
  },
  { additionalProperties: false },
);

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const Filter = Type.Optional(
  Type.Union([Type.Literal('all'), Type.Literal('read'), Type.Literal('unread')]),
);
const InboxQuery = Type.Object({
  cursor: opt(400),
  q: opt(FormLimits.searchMax),
  filter: Filter,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FormLimits.pageSizeMax })),
});
const CsvQuery = Type.Object({ q: opt(FormLimits.searchMax), filter: Filter });
const Ids = Type.Array(Type.String({ maxLength: 100 }), {
  minItems: 1,
  maxItems: FormLimits.bulkMax,
});
const ReadBody = Type.Object({ ids: Ids, read: Type.Boolean() });
const DeleteBody = Type.Object({ ids: Ids });
const WebhookBody = Type.Object({ url: str(FormLimits.urlMax) });
const LogQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FormLimits.pageSizeMax })),
});

/**
 * `/api/forms`: the owner's form builder, submissions inbox and webhook (docs/forms.md). Any
 * owner role reads; FORMS_WRITE_ROLES write. Writes are crumb-checked (the default).
 */
export const ownerFormsRoutes: DomainRoutes = async (app, deps) => {
  defineWebhookQueue(deps, app.log);
  const read = ownerGuard(deps.db, 'view');
  const write = ownerGuard(deps.db, 'content');
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/forms', { preValidation: read }, async (req, reply) => {
    reply.headers(noStore);
    return { items: await listOwnerForms(deps.db, req.site.id) };
  });

  app.get(
    '/api/forms/:id',
    { schema: { params: IdParams }, preValidation: read },
    async (req, reply) => {
      reply.headers(noStore);
      return ownerFormJson(await getOwnerForm(deps.db, req.site.id, req.params.id));
    },
  );

  app.post(
    '/api/forms',
    { schema: { body: FormBody }, preValidation: write },
    async (req, reply) => {
      const row = await createOwnerForm(deps.db, deps.events, req.site.id, req.body);
      return reply.status(201).send(ownerFormJson(row));
    },
  );

  app.put(
    '/api/forms/:id',
    { schema: { params: IdParams, body: FormBody }, preValidation: write },
    async (req) =>
      ownerFormJson(
        await updateOwnerForm(deps.db, deps.events, req.site.id, req.params.id, req.body),
      ),
  );

  app.delete(
    '/api/forms/:id',
    { schema: { params: IdParams }, preValidation: write },
    async (req) => {
      await deleteOwnerForm(deps.db, deps.events, req.site.id, req.params.id);
      return { deleted: true };
    },
  );

  // ----- Submissions inbox -----

  app.get(
    '/api/forms/:id/submissions',
    { schema: { params: IdParams, querystring: InboxQuery }, preValidation: read },
    async (req, reply) => {
      await getOwnerForm(deps.db, req.site.id, req.params.id);
      const q = req.query;
      reply.headers(noStore);
      return submissionsPage(deps.db, req.site.id, req.params.id, {
        ...(q.cursor ? { cursor: q.cursor } : {}),
        ...(q.q ? { q: q.q } : {}),
        filter: q.filter ?? 'all',
        limit: q.limit ?? 25,
      });
    },
  );

  app.get(
    '/api/forms/:id/submissions.csv',
    { schema: { params: IdParams, querystring: CsvQuery }, preValidation: read },
    async (req, reply) => {
      const form = await getOwnerForm(deps.db, req.site.id, req.params.id);
      const csv = await submissionsCsv(deps.db, req.site.id, form, {
        ...(req.query.q ? { q: req.query.q } : {}),
        filter: req.query.filter ?? 'all',
      });
      return reply
        .headers(noStore)
        .header('content-disposition', `attachment; filename="submissions-${form.id}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.post(
    '/api/forms/:id/submissions/read',
    { schema: { params: IdParams, body: ReadBody }, preValidation: write },
    async (req) => ({
      changed: await markSubmissions(
        deps.db,
        req.site.id,
        req.params.id,
        req.body.ids,
        req.body.read,
        deps.now(),
      ),
    }),
  );

  app.post(
    '/api/forms/:id/submissions/delete',
    { schema: { params: IdParams, body: DeleteBody }, preValidation: write },
    async (req) => ({
      deleted: await deleteSubmissions(deps.db, req.site.id, req.params.id, req.body.ids),
    }),
  );

  // ----- Webhook -----

  /** Sets or changes the URL. A first URL gets a secret, shown in this answer only. */
  app.put(
    '/api/forms/:id/webhook',
    { schema: { params: IdParams, body: WebhookBody }, preValidation: write },
    async (req) => {
      const url = req.body.url.trim();
      const form = await getOwnerForm(deps.db, req.site.id, req.params.id);
      if (url && !isAllowedWebhookUrl(url)) {
        throw appError(ErrorCode.VALIDATION, OwnerMessages.WEBHOOK_URL_INVALID, {
          fieldErrors: { url: OwnerMessages.WEBHOOK_URL_INVALID },
        });
      }
      const secret = url ? form.webhook_secret || newWebhookSecret() : '';
      await deps.db
        .updateTable('forms')
        .set({ webhook_url: url, webhook_secret: secret })
        .where('site_id', '=', req.site.id)
        .where('id', '=', form.id)
        .execute();
      // Submit reads the form through a short cache: drop it everywhere.
      deps.events.emit('content-changed', { siteId: req.site.id });
      const fresh = url && !form.webhook_secret;
      return { url, secretHint: secretHint(secret), ...(fresh ? { secret } : {}) };
    },
  );

  /** A new secret (the old one stops working at once); shown in this answer only. */
  app.post(
    '/api/forms/:id/webhook/secret',
    { schema: { params: IdParams }, preValidation: write },
    async (req) => {
      const form = await getOwnerForm(deps.db, req.site.id, req.params.id);
      if (!form.webhook_url)
        throw appError(ErrorCode.VALIDATION, OwnerMessages.WEBHOOK_URL_INVALID);
      const secret = newWebhookSecret();
      await deps.db
        .updateTable('forms')
        .set({ webhook_secret: secret })
        .where('site_id', '=', req.site.id)
        .where('id', '=', form.id)
        .execute();
      return { url: form.webhook_url, secretHint: secretHint(secret), secret };
    },
  );

  app.post(
    '/api/forms/:id/webhook/test',
    { schema: { params: IdParams }, preValidation: write },
    async (req, reply) => {
      const form = await getOwnerForm(deps.db, req.site.id, req.params.id);
      if (!form.webhook_url)
        throw appError(ErrorCode.VALIDATION, OwnerMessages.WEBHOOK_URL_INVALID);
      const deliveryId = await enqueueTestWebhook(deps, req.site, form);
      return reply.status(202).send({ deliveryId });
    },
  );

  app.get(
    '/api/forms/:id/webhook/log',
    { schema: { params: IdParams, querystring: LogQuery }, preValidation: read },
    async (req, reply) => {
      await getOwnerForm(deps.db, req.site.id, req.params.id);
      const rows = await deps.db
        .selectFrom('form_webhook_attempts')
        .selectAll()
        .where('site_id', '=', req.site.id)
        .where('form_id', '=', req.params.id)
        .orderBy('id', 'desc')
        .limit(req.query.limit ?? 50)
        .execute();
      reply.headers(noStore);
      const items: WebhookAttemptJson[] = rows.map((r) => ({
        id: Number(r.id),
        deliveryId: r.delivery_id,
        event: r.event as WebhookEvent,
        submissionId: r.submission_id,
        attempt: r.attempt,
        statusCode: r.status_code,
        durationMs: r.duration_ms,
        ok: r.ok,
        error: r.error,
        nextAttemptOn: r.next_attempt_at === null ? null : Number(r.next_attempt_at),
        createdOn: Number(r.created_at),
      }));
      return { items };
    },
  );
};
