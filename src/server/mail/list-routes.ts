import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import { csvText } from '../platform/csv.js';
import { FormLimits } from '../../shared/forms/owner-api.js';
import {
  allSubscribers,
  createMailingList,
  deleteMailingList,
  listMailingLists,
  removeSubscriber,
  renameMailingList,
  subscribersPage,
} from './mailing-lists.js';

const ListParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const NameBody = Type.Object({ name: Type.String({ maxLength: FormLimits.listNameMax }) });
const Status = Type.Optional(
  Type.Union([Type.Literal('active'), Type.Literal('unsubscribed'), Type.Literal('all')]),
);
const SubscriberQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: FormLimits.searchMax })),
  status: Status,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: FormLimits.pageSizeMax })),
});
const CsvQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: FormLimits.searchMax })),
  status: Status,
});
const SubscriberParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ minLength: 1, maxLength: 320 }),
});

/** `/api/mailing-lists`: the owner's named lists and their subscribers (docs/forms.md). */
export const mailingListRoutes: DomainRoutes = async (app, deps) => {
  const read = ownerGuard(deps.db, 'view');
  const write = ownerGuard(deps.db, 'content');

  app.get('/api/mailing-lists', { preValidation: read }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { items: await listMailingLists(deps.db, req.site.id) };
  });

  app.post(
    '/api/mailing-lists',
    { schema: { body: NameBody }, preValidation: write },
    async (req, reply) => {
      const id = await createMailingList(deps.db, req.site.id, req.body.name, deps.now());
      const list = (await listMailingLists(deps.db, req.site.id)).find((l) => l.id === id);
      return reply.status(201).send(list);
    },
  );

  app.patch(
    '/api/mailing-lists/:id',
    { schema: { params: ListParams, body: NameBody }, preValidation: write },
    async (req) => {
      await renameMailingList(deps.db, req.site.id, req.params.id, req.body.name);
      return (await listMailingLists(deps.db, req.site.id)).find((l) => l.id === req.params.id);
    },
  );

  app.delete(
    '/api/mailing-lists/:id',
    { schema: { params: ListParams }, preValidation: write },
    async (req) => {
      await deleteMailingList(deps.db, req.site.id, req.params.id);
      return { deleted: true };
    },
  );

  app.get(
    '/api/mailing-lists/:id/subscribers',
    { schema: { params: ListParams, querystring: SubscriberQuery }, preValidation: read },
    async (req, reply) => {
      const q = req.query;
      reply.header('cache-control', 'no-store');
      return subscribersPage(deps.db, req.site.id, req.params.id, {
        ...(q.q ? { q: q.q } : {}),
        status: q.status ?? 'all',
        page: q.page ?? 1,
        pageSize: q.pageSize ?? 50,
      });
    },
  );

  app.get(
    '/api/mailing-lists/:id/subscribers.csv',
    { schema: { params: ListParams, querystring: CsvQuery }, preValidation: read },
    async (req, reply) => {
      const rows = await allSubscribers(deps.db, req.site.id, req.params.id, {
        ...(req.query.q ? { q: req.query.q } : {}),
        status: req.query.status ?? 'all',
      });
      const csv = csvText([
        ['Email', 'Subscribed', 'Unsubscribed'],
        ...rows.map((r) => [
          r.email,
          new Date(r.subscribedOn).toISOString(),
          r.unsubscribedOn === null ? '' : new Date(r.unsubscribedOn).toISOString(),
        ]),
      ]);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="subscribers-${req.params.id}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.delete(
    '/api/mailing-lists/:id/subscribers/:email',
    { schema: { params: SubscriberParams }, preValidation: write },
    async (req) => {
      await removeSubscriber(deps.db, req.site.id, req.params.id, req.params.email);
      return { removed: true };
    },
  );
};
