import { ErrorCode } from '../../../shared/errors.js';
import { ProductApi } from '../../../shared/product/owner-api.js';
import type { AppDeps } from '../../deps.js';
import { appError } from '../../errors/app-error.js';
import type { TypedApp } from '../../http/typed-app.js';
import { requireOwner } from '../../http/request-context.js';
import { bulkAction, deleteProduct } from './bulk.js';
import { listProducts } from './list-products.js';
import { loadOwnerProducts } from './owner-product.js';
import { createProduct, updateProduct } from './save-product.js';
import { BulkBody, CreateBody, IdParams, ListQuery, UpdateBody } from './schemas.js';

/**
 * The owner's product API (issue 12; docs/catalog-editor.md). Reads for any role on the website,
 * writes for `writeRoles` (admins and store managers). Crumb-checked like every write.
 */
export async function ownerProductRoutes(
  app: TypedApp,
  deps: AppDeps,
  writeRoles: number[],
): Promise<void> {
  const read = requireOwner(deps.db, undefined);
  const write = requireOwner(deps.db, writeRoles);
  const owner = { db: deps.db, events: deps.events, now: deps.now };

  app.get(
    ProductApi.list,
    { schema: { querystring: ListQuery }, preHandler: read },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listProducts(deps.db, req.site, req.query);
    },
  );

  app.post(
    ProductApi.list,
    { schema: { body: CreateBody }, preHandler: write },
    async (req, reply) => {
      const { crumb: _crumb, ...input } = req.body;
      const product = await createProduct(owner, req.site, input);
      return reply.code(201).header('cache-control', 'no-store').send({ product });
    },
  );

  app.post(
    ProductApi.bulk,
    { schema: { body: BulkBody }, preHandler: write },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return bulkAction(owner, req.site.id, req.body.ids, req.body.action);
    },
  );

  app.get(
    '/api/commerce/products/:id',
    { schema: { params: IdParams }, preHandler: read },
    async (req, reply) => {
      const { id } = req.params;
      const product = (await loadOwnerProducts(deps.db, req.site, [id])).get(id);
      if (!product) throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return { product };
    },
  );

  app.put(
    '/api/commerce/products/:id',
    { schema: { params: IdParams, body: UpdateBody }, preHandler: write },
    async (req, reply) => {
      const { crumb: _crumb, version, ...input } = req.body;
      const product = await updateProduct(owner, req.site, req.params.id, version, input);
      reply.header('cache-control', 'no-store');
      return { product };
    },
  );

  app.delete(
    '/api/commerce/products/:id',
    { schema: { params: IdParams }, preHandler: write },
    async (req, reply) => {
      await deleteProduct(owner, req.site.id, req.params.id);
      return reply.code(204).send();
    },
  );
}
