import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import { MAX_STOCK, setVariantStock } from './set-variant-stock.js';
import { ownerProductRoutes } from './owner/owner-routes.js';

/**
 * The roles that may change the catalog: stock, products, tags, imports (SPEC 3.10: store
 * managers and admins). Any role on the website may read it.
 */

const InventoryParams = Type.Object({ variantId: Type.String({ minLength: 1, maxLength: 200 }) });
const InventoryBody = Type.Object(
  {
    qtyInStock: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_STOCK })),
    unlimited: Type.Optional(Type.Boolean()),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

/**
 * The catalog's HTTP routes: the owner's inventory update and product API (`owner/`). (SPEC 7's
 * public stock look-up is the cart part's route, built on `stockOf`.)
 */
export const catalogRoutes: DomainRoutes = async (app, deps) => {
  app.put(
    '/api/commerce/inventory/:variantId',
    {
      schema: { params: InventoryParams, body: InventoryBody },
      // Until the team issue brings the permission table: admins and store managers only
      // (issue 11: viewers and commenters could change stock and fire restock mails).
      preValidation: ownerGuard(deps.db, 'commerce'),
    },
    async (req) => {
      const { variantId } = req.params;
      const body = req.body;
      const stock = await setVariantStock(deps.db, deps.events, req.site.id, variantId, {
        ...(body.qtyInStock !== undefined ? { qtyInStock: body.qtyInStock } : {}),
        ...(body.unlimited !== undefined ? { unlimited: body.unlimited } : {}),
      });
      return { variant: stock };
    },
  );
  await ownerProductRoutes(app, deps);
};
