import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/errors.js';
import type { DomainRoutes } from '../../deps.js';
import { appError } from '../../errors/app-error.js';
import { ownerGuard } from '../../http/owner-guard.js';
import { collectionUrl } from '../../render/context/item-json.js';
import { rolesOf } from '../../owners/owner-service.js';
import { versionedAdapters } from '../editing/adapters.js';
import { listOwnerItems } from './list-owner-items.js';
import {
  createItem,
  deleteItem,
  editableCollection,
  findOwnedItem,
  readItem,
  restoreItem,
  updateItem,
  type Editor,
  type ItemDeps,
} from './save-item.js';
import { defineScheduleJob } from './schedule.js';
import {
  CollectionParams,
  ItemBody,
  ItemListQuery,
  ItemParams,
  UpdateItemBody,
} from './schemas.js';

/**
 * The owner's item API (issue 13; docs/editor.md "Blog posts, events and gallery items"): blog
 * posts, events and gallery items. Reads for any role on the website; saves for roles with
 * 'draft' (a draft editor only as draft or needs review, checked in save-item.ts); deletes and
 * restores for 'publish'. Crumb-checked like every write.
 */
export const itemRoutes: DomainRoutes = async (app, deps) => {
  const read = ownerGuard(deps.db, 'view');
  const write = ownerGuard(deps.db, 'content');
  // Deleting takes an item off the site: the guard says so (the role walk found it was 'content').
  const publish = ownerGuard(deps.db, 'publish');
  const itemDeps: ItemDeps = {
    db: deps.db,
    events: deps.events,
    now: deps.now,
    secret: deps.config.secret,
  };

  const editorOf = async (req: FastifyRequest): Promise<Editor> => {
    const owner = req.owner;
    if (!owner) throw appError(ErrorCode.UNAUTHENTICATED);
    return {
      siteId: req.site.id,
      roles: await rolesOf(deps.db, owner.ownerId, req.site.id),
      author: { ownerId: owner.ownerId, displayName: owner.displayName || owner.email },
    };
  };

  defineScheduleJob(deps);
  versionedAdapters.items = {
    exists: async (db, siteId, id) =>
      findOwnedItem(db, siteId, id).then(
        () => true,
        () => false,
      ),
    restore: async (req, id, doc, n) => restoreItem(itemDeps, await editorOf(req), id, doc, n),
  };

  app.get(
    '/api/content/collections/:collectionId/items',
    { schema: { params: CollectionParams, querystring: ItemListQuery }, preValidation: read },
    async (req, reply) => {
      const collection = await editableCollection(deps.db, req.site.id, req.params.collectionId);
      reply.header('cache-control', 'no-store');
      return {
        collection: {
          id: collection.id,
          title: collection.title,
          kind: collection.kind,
          url: collectionUrl(collection.url_id),
        },
        ...(await listOwnerItems(deps.db, req.site.id, collection, req.query)),
      };
    },
  );

  app.post(
    '/api/content/collections/:collectionId/items',
    { schema: { params: CollectionParams, body: ItemBody }, preValidation: write },
    async (req, reply) => {
      const { crumb: _crumb, ...input } = req.body;
      const item = await createItem(itemDeps, await editorOf(req), req.params.collectionId, input);
      return reply.code(201).header('cache-control', 'no-store').send({ item });
    },
  );

  app.get(
    '/api/content/items/:id',
    { schema: { params: ItemParams }, preValidation: read },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { item: await readItem(itemDeps, req.site.id, req.params.id) };
    },
  );

  app.put(
    '/api/content/items/:id',
    { schema: { params: ItemParams, body: UpdateItemBody }, preValidation: write },
    async (req, reply) => {
      const { crumb: _crumb, version, ...input } = req.body;
      const item = await updateItem(itemDeps, await editorOf(req), req.params.id, version, input);
      reply.header('cache-control', 'no-store');
      return { item };
    },
  );

  app.delete(
    '/api/content/items/:id',
    { schema: { params: ItemParams }, preValidation: publish },
    async (req, reply) => {
      await deleteItem(itemDeps, await editorOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
};
