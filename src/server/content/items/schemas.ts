import { Type } from '@sinclair/typebox';
import { ITEM_STATUSES, ItemLimits as L } from '../../../shared/content/item-api.js';

/**
 * TypeBox schemas of the item routes (shared/content/item-api.ts is the contract). They bound
 * sizes and shapes; the checks with their messages are `validateItemInput`'s, so the editor
 * shows them beside each field.
 */
const Str = (max: number, min = 0) => Type.String({ maxLength: max, minLength: min });
const Id = Str(200, 1);
// Null first: the app coerces scalars (coerceTypes), which would turn a null into 0 or ''
// when the value's own type came first in the union.
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([Type.Null(), t]);
const Status = Type.Union(ITEM_STATUSES.map((s) => Type.Literal(s)));
const Labels = Type.Array(Str(L.tagMax * 2), { maxItems: L.tagsMax * 2 });
const Epoch = Type.Number({ minimum: -1e15, maximum: 1e15 });
const Coordinate = Type.Number({ minimum: -1e6, maximum: 1e6 });

const Location = Type.Object({
  addressTitle: Str(300),
  addressLine1: Str(300),
  addressLine2: Str(300),
  addressCountry: Str(100),
  mapLat: Nullable(Coordinate),
  mapLng: Nullable(Coordinate),
  mapZoom: Type.Number({ minimum: -1000, maximum: 1000 }),
});

export const itemFields = {
  title: Str(L.titleMax * 2),
  slug: Str(L.slugMax * 2),
  body: Str(L.bodyMax * 2),
  excerpt: Str(L.excerptMax * 2),
  tags: Labels,
  categories: Labels,
  author: Nullable(Type.Object({ displayName: Str(400) })),
  mainImageId: Nullable(Id),
  status: Status,
  publishOn: Nullable(Str(40)),
  startDate: Nullable(Epoch),
  endDate: Nullable(Epoch),
  timeZone: Nullable(Str(100)),
  location: Nullable(Location),
  commentState: Type.Integer({ minimum: -10, maximum: 10 }),
  assetIds: Type.Optional(Type.Array(Id, { maxItems: 200 })),
};

export const ItemBody = Type.Object({ ...itemFields, crumb: Type.Optional(Str(200)) });
export const UpdateItemBody = Type.Object({
  ...itemFields,
  version: Type.Integer({ minimum: 0 }),
  crumb: Type.Optional(Str(200)),
});

export const CollectionParams = Type.Object({ collectionId: Id });
export const ItemParams = Type.Object({ id: Id });
export const ItemListQuery = Type.Object({
  status: Type.Optional(Status),
  q: Type.Optional(Str(200)),
  cursor: Type.Optional(Str(20)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: L.listPageMax })),
});
