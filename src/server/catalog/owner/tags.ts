import { sql } from 'kysely';
import { ErrorCode, OwnerMessages } from '../../../shared/errors.js';
import {
  ProductLimits,
  type TagEditRequest,
  type TagsResponse,
} from '../../../shared/product/owner-api.js';
import {
  productLabelCounts,
  replaceProductLabels,
  type LabelField,
} from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import { bumpContentVersion } from '../../sites/site-queries.js';
import { announce, type OwnerDeps } from './save-product.js';

/** GET /api/commerce/product-tags: every tag and category of the store's products, with counts. */
export async function productTags(db: Db, siteId: string): Promise<TagsResponse> {
  const [tags, categories] = await Promise.all([
    productLabelCounts(db, siteId, 'tags'),
    productLabelCounts(db, siteId, 'categories'),
  ]);
  return { tags, categories };
}

const fill = (text: string, tagType: string) => text.replaceAll('{tagType}', tagType);

/**
 * POST /api/commerce/product-tags: rename one tag (or category) on every product, merge several
 * into one, or delete them, in one transaction. SPEC 5.7's texts: a rename naming more than one is
 * 'You may only edit one {tagType} at a time'; a rename onto a name another tag has (ignoring
 * case) is 'This {tagType} already exists' — merge them instead. Products changed get a new
 * `version`, so an editor open on one reloads instead of saving the old name back.
 */
export async function editProductTags(
  deps: OwnerDeps,
  siteId: string,
  req: TagEditRequest,
): Promise<TagsResponse & { changed: number }> {
  const field: LabelField = req.tagType === 'tag' ? 'tags' : 'categories';
  const from = [...new Set(req.from.map((f) => f.trim()).filter(Boolean))];
  const to = req.to?.trim();
  if (req.action === 'rename' && from.length > 1) {
    throw appError(ErrorCode.TAG_ONE_AT_A_TIME, fill(OwnerMessages.TAG_ONE_AT_A_TIME, req.tagType));
  }
  if (from.length === 0) throw appError(ErrorCode.VALIDATION, `Name the ${req.tagType} to change.`);
  if (req.action !== 'delete') {
    if (!to) throw appError(ErrorCode.VALIDATION, `Enter the new ${req.tagType} name.`);
    if (to.length > ProductLimits.tagMax) {
      throw appError(ErrorCode.VALIDATION, `Use at most ${ProductLimits.tagMax} characters.`);
    }
  }
  const changed = await deps.db.transaction().execute(async (trx) => {
    if (req.action === 'rename' && to) {
      const existing = await productLabelCounts(trx, siteId, field);
      const clash = existing.some(
        (t) => t.name !== from[0] && t.name.toLowerCase() === to.toLowerCase(),
      );
      if (clash) throw appError(ErrorCode.TAG_EXISTS, fill(OwnerMessages.TAG_EXISTS, req.tagType));
      if (!existing.some((t) => t.name === from[0])) throw appError(ErrorCode.NOT_FOUND);
    }
    const ids = await replaceProductLabels(
      trx,
      siteId,
      field,
      from,
      req.action === 'delete' ? undefined : to,
    );
    if (ids.length) {
      await trx
        .updateTable('products')
        .set({ version: sql<number>`version + 1`, updated_at: new Date(deps.now()) })
        .where('site_id', '=', siteId)
        .where('item_id', 'in', ids)
        .execute();
      await bumpContentVersion(trx, siteId);
    }
    return ids.length;
  });
  if (changed) announce(deps.events, siteId, []);
  return { changed, ...(await productTags(deps.db, siteId)) };
}
