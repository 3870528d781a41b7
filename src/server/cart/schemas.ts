import { Type } from '@sinclair/typebox';

/**
 * Request schemas. Quantity and additionalFields are left loose on purpose: a quantity typed as
 * 'abc' must reach the service to get SPEC 5.1's 'Quantity must be a number.', and
 * additionalFields is JSON text (SPEC 3.2) or an object, both checked by the service.
 */
const Id = Type.String({ minLength: 1, maxLength: 200 });
const Sku = Type.Union([Type.String({ maxLength: 200 }), Type.Null()]);
const Loose = Type.Unknown();
const Crumb = Type.String({ maxLength: 200 });

export const AddEntryBody = Type.Object({
  itemId: Id,
  sku: Type.Optional(Sku),
  quantity: Type.Optional(Loose),
  additionalFields: Type.Optional(Loose),
  crumb: Type.Optional(Crumb),
});

export const UpdateFieldsBody = Type.Object({
  itemId: Id,
  sku: Type.Optional(Sku),
  additionalFields: Loose,
  crumb: Type.Optional(Crumb),
});

export const QuantityBody = Type.Object({
  quantity: Loose,
  crumb: Type.Optional(Crumb),
});

export const SubscriptionBody = Type.Object({
  itemId: Id,
  sku: Type.Optional(Sku),
  qty: Type.Optional(Loose),
  additionalFields: Type.Optional(Loose),
  subscriptionOptionId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  crumb: Type.Optional(Crumb),
});

export const EntryParams = Type.Object({ entryId: Type.String({ minLength: 1, maxLength: 100 }) });

export const CartQuery = Type.Object({
  mock: Type.Optional(Type.String({ maxLength: 20 })),
  timecode: Type.Optional(Type.String({ maxLength: 50 })),
  calculateSubtotal: Type.Optional(Type.String({ maxLength: 20 })),
});

export const StockQuery = Type.Object({ itemId: Id });
