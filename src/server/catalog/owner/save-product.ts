import { ErrorCode } from '../../../shared/errors.js';
import type { OwnerProduct, OwnerProductInput } from '../../../shared/product/owner-api.js';
import { ProductFieldTexts, type FieldErrors } from '../../../shared/product/validate-product.js';
import {
  findProductItems,
  findStoreCollection,
  firstPosition,
} from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import type { DomainEvents } from '../../events.js';
import { bumpContentVersion } from '../../sites/site-queries.js';
import { loadOwnerProducts } from './owner-product.js';
import { prepareProduct, type PreparedProduct } from './prepare-product.js';
import { checkAgainstStore } from './store-checks.js';
import { insertPreparedProducts, updatePreparedProducts, type Restocked } from './write-product.js';

export interface OwnerDeps {
  db: Db;
  events: DomainEvents;
  now: () => number;
}

export interface OwnerSite {
  id: string;
  currency: string;
  /** A new product's default restock and low-stock texts are in it. */
  language: string;
}

export function invalid(fieldErrors: FieldErrors): Error {
  return appError(ErrorCode.PRODUCT_INVALID, undefined, { fieldErrors });
}

function prepared(input: OwnerProductInput, currency: string): PreparedProduct {
  const p = prepareProduct(input, currency);
  if (!p.ok) throw invalid(p.fieldErrors);
  return p.value;
}

/**
 * A unique index caught what the checks could not see (another save took the slug or a SKU
 * between our read and our write): the same field error the checks give.
 */
function uniqueViolation(err: unknown): Error | undefined {
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown };
  if (e?.code !== '23505') return undefined;
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
  if (text.includes('items_collection_url'))
    return invalid({ urlId: ProductFieldTexts.SLUG_TAKEN });
  if (text.includes('variants_site_sku')) return invalid({ variants: ProductFieldTexts.SKU_TAKEN });
  return undefined;
}

/** Announces a save: restock mails for variants back in stock, and every process drops caches. */
export function announce(events: DomainEvents, siteId: string, restocked: Restocked[]): void {
  for (const r of restocked) events.emit('variant-restocked', { siteId, ...r });
  events.emit('content-changed', { siteId });
}

/** POST /api/commerce/products: a new product in the store's products collection. */
export async function createProduct(
  deps: OwnerDeps,
  site: OwnerSite,
  input: OwnerProductInput,
): Promise<OwnerProduct> {
  const p = prepared(input, site.currency);
  const collection = await findStoreCollection(deps.db, site.id);
  if (!collection) throw appError(ErrorCode.VALIDATION, 'This website has no store page.');
  let id: string;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const [errors] = await checkAgainstStore(trx, site.id, collection.id, [
        { itemId: undefined, prepared: p },
      ]);
      if (Object.keys(errors!).length) throw invalid(errors!);
      const position = await firstPosition(trx, collection.id);
      const now = new Date(deps.now());
      const [newId] = await insertPreparedProducts(trx, site, collection.id, [p], position, now);
      await bumpContentVersion(trx, site.id);
      return newId!;
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  announce(deps.events, site.id, []);
  return (await loadOwnerProducts(deps.db, site, [id])).get(id)!;
}

/**
 * PUT /api/commerce/products/:id: saves over the product when `version` is still the stored one
 * (else 409 PRODUCT_CONFLICT), all in one transaction.
 */
export async function updateProduct(
  deps: OwnerDeps,
  site: OwnerSite,
  itemId: string,
  version: number,
  input: OwnerProductInput,
): Promise<OwnerProduct> {
  const p = prepared(input, site.currency);
  let restocked: Restocked[];
  try {
    restocked = await deps.db.transaction().execute(async (trx) => {
      const [item] = await findProductItems(trx, site.id, [itemId]);
      if (!item) throw appError(ErrorCode.NOT_FOUND);
      // A cleared slug keeps the page where it is (links to it keep working).
      if (!p.item.urlId) p.item.urlId = item.url_id;
      const [errors] = await checkAgainstStore(trx, site.id, item.collection_id, [
        { itemId, prepared: p },
      ]);
      if (Object.keys(errors!).length) throw invalid(errors!);
      const now = new Date(deps.now());
      const result = await updatePreparedProducts(
        trx,
        site.id,
        [{ itemId, version, prepared: p }],
        now,
      );
      await bumpContentVersion(trx, site.id);
      return result.restocked;
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  announce(deps.events, site.id, restocked);
  return (await loadOwnerProducts(deps.db, site, [itemId])).get(itemId)!;
}
