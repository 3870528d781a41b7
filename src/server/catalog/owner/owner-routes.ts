import { ErrorCode } from '../../../shared/errors.js';
import { ProductApi, ProductLimits } from '../../../shared/product/owner-api.js';
import type { AppDeps } from '../../deps.js';
import { appError } from '../../errors/app-error.js';
import type { TypedApp } from '../../http/typed-app.js';
import { ownerGuard } from '../../http/owner-guard.js';
import { bulkAction, deleteProduct } from './bulk.js';
import { listProducts } from './list-products.js';
import { loadOwnerProducts } from './owner-product.js';
import { createProduct, updateProduct } from './save-product.js';
import { productsCsv } from './csv-export.js';
import { planImport, previewOf } from './csv-import.js';
import { defineImportJob, importStatus, startImport } from './import-job.js';
import {
  BulkBody,
  CreateBody,
  CsvBody,
  IdParams,
  ImportParams,
  ListQuery,
  TagBody,
  UpdateBody,
} from './schemas.js';
import { editProductTags, productTags } from './tags.js';

/** A CSV travels as a JSON string: escaped quotes and line breaks may double its size. */
const CSV_BODY_LIMIT = 2 * ProductLimits.importBytesMax + 64 * 1024;

/**
 * The owner's product API (issue 12; docs/catalog-editor.md). Reads for any role on the website,
 * writes for `writeRoles` (admins and store managers). Crumb-checked like every write.
 */
export async function ownerProductRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const read = ownerGuard(deps.db, 'view');
  const write = ownerGuard(deps.db, 'commerce');
  const owner = { db: deps.db, events: deps.events, now: deps.now };

  app.get(
    ProductApi.list,
    { schema: { querystring: ListQuery }, preValidation: read },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listProducts(deps.db, req.site, req.query);
    },
  );

  app.post(
    ProductApi.list,
    { schema: { body: CreateBody }, preValidation: write },
    async (req, reply) => {
      const { crumb: _crumb, ...input } = req.body;
      const product = await createProduct(owner, req.site, input);
      return reply.code(201).header('cache-control', 'no-store').send({ product });
    },
  );

  app.post(
    ProductApi.bulk,
    { schema: { body: BulkBody }, preValidation: write },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return bulkAction(owner, req.site.id, req.body.ids, req.body.action);
    },
  );

  app.get(
    '/api/commerce/products/:id',
    { schema: { params: IdParams }, preValidation: read },
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
    { schema: { params: IdParams, body: UpdateBody }, preValidation: write },
    async (req, reply) => {
      const { crumb: _crumb, version, ...input } = req.body;
      const product = await updateProduct(owner, req.site, req.params.id, version, input);
      reply.header('cache-control', 'no-store');
      return { product };
    },
  );

  app.delete(
    '/api/commerce/products/:id',
    { schema: { params: IdParams }, preValidation: write },
    async (req, reply) => {
      await deleteProduct(owner, req.site.id, req.params.id);
      return reply.code(204).send();
    },
  );

  app.get(ProductApi.tags, { preValidation: read }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return productTags(deps.db, req.site.id);
  });

  app.post(
    ProductApi.tags,
    { schema: { body: TagBody }, preValidation: write },
    async (req, reply) => {
      const { crumb: _crumb, ...edit } = req.body;
      reply.header('cache-control', 'no-store');
      return editProductTags(owner, req.site.id, edit);
    },
  );

  app.get(ProductApi.exportCsv, { preValidation: read }, async (req, reply) => {
    const csv = await productsCsv(deps.db, req.site);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="products-${req.site.slug}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  app.post(
    ProductApi.importPreview,
    { schema: { body: CsvBody }, preValidation: write, bodyLimit: CSV_BODY_LIMIT },
    async (req, reply) => {
      const plan = await planImport(deps.db, req.site, req.body.csv);
      reply.header('cache-control', 'no-store');
      return previewOf(plan, req.site);
    },
  );

  defineImportJob(deps);
  app.post(
    ProductApi.importStart,
    { schema: { body: CsvBody }, preValidation: write, bodyLimit: CSV_BODY_LIMIT },
    async (req, reply) => {
      const started = await startImport(deps, req.site, req.body.csv);
      return reply.code(202).header('cache-control', 'no-store').send(started);
    },
  );

  app.get(
    '/api/commerce/products/import/:importId',
    { schema: { params: ImportParams }, preValidation: read },
    async (req, reply) => {
      const status = await importStatus(deps.db, req.site.id, req.params.importId);
      if (!status) throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return status;
    },
  );
}
