import { Type, type Static } from '@sinclair/typebox';
import { DISCOUNT_KINDS } from '../../shared/checkout/api.js';
import { DiscountLimits, type DiscountInput } from '../../shared/checkout/discounts.js';
import type { DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import {
  createDiscount,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from './discount-service.js';

/**
 * Bounds of sizes and shapes only: numbers are numbers (not integers) so `validateDiscountInput`
 * answers 12.5 beside the field with its own message (400 DISCOUNT_INVALID + fieldErrors).
 */
const Num = Type.Number({ minimum: -1e15, maximum: 1e16 });
// Null first: the validator coerces types, and tried against a number or a string first a null
// would become 0 or '' (an automatic discount would get the code '').
const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) =>
  Type.Optional(Type.Union([Type.Null(), t]));
const DiscountBody = Type.Object(
  {
    code: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 200 })])),
    title: Type.Optional(Type.String({ maxLength: 400 })),
    kind: Type.Union(DISCOUNT_KINDS.map((k) => Type.Literal(k))),
    value: Num,
    minimumSubtotal: Type.Optional(Num),
    startsAt: Nullable(Num),
    endsAt: Nullable(Num),
    usageLimit: Nullable(Num),
    oncePerEmail: Type.Optional(Type.Boolean()),
    productIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: DiscountLimits.productIdsMax * 2,
      }),
    ),
    enabled: Type.Optional(Type.Boolean()),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

function inputOf(body: Static<typeof DiscountBody>): DiscountInput {
  const { crumb: _crumb, ...input } = body;
  return input;
}

/**
 * The owner's discount API (issue 15; docs/checkout-api.md "Discount codes"): reads for any role
 * on the website, writes for the roles that change the catalog (admins and store managers).
 */
export const discountRoutes: DomainRoutes = async (app, deps) => {
  const read = ownerGuard(deps.db, 'view');
  const write = ownerGuard(deps.db, 'commerce');
  const actor = (siteId: string) => ({ db: deps.db, siteId, now: deps.now() });
  // The save bumped the content version; this drops cached copies in every process now.
  const changed = (siteId: string) => deps.events.emit('content-changed', { siteId });

  app.get('/api/commerce/discounts', { preValidation: read }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { discounts: await listDiscounts(deps.db, req.site.id) };
  });

  app.post(
    '/api/commerce/discounts',
    { schema: { body: DiscountBody }, preValidation: write },
    async (req, reply) => {
      const discount = await createDiscount(actor(req.site.id), inputOf(req.body));
      changed(req.site.id);
      return reply.code(201).header('cache-control', 'no-store').send({ discount });
    },
  );

  app.get(
    '/api/commerce/discounts/:id',
    { schema: { params: IdParams }, preValidation: read },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { discount: await getDiscount(deps.db, req.site.id, req.params.id) };
    },
  );

  app.put(
    '/api/commerce/discounts/:id',
    { schema: { params: IdParams, body: DiscountBody }, preValidation: write },
    async (req, reply) => {
      const discount = await updateDiscount(actor(req.site.id), req.params.id, inputOf(req.body));
      changed(req.site.id);
      reply.header('cache-control', 'no-store');
      return { discount };
    },
  );

  app.delete(
    '/api/commerce/discounts/:id',
    { schema: { params: IdParams }, preValidation: write },
    async (req, reply) => {
      await deleteDiscount(actor(req.site.id), req.params.id);
      changed(req.site.id);
      return reply.code(204).send();
    },
  );
};
