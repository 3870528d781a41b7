import { Type } from '@sinclair/typebox';
import {
  BULK_ACTIONS,
  PRODUCT_SORTS,
  PRODUCT_VISIBILITIES,
  ProductLimits as L,
} from '../../../shared/product/owner-api.js';

/**
 * TypeBox schemas of the owner's catalog routes (shared/product/owner-api.ts is the contract).
 * They bound sizes and shapes; the field-by-field checks with their messages are
 * `validateProductInput`'s, so the editor shows them beside each field.
 */
const Str = (max: number, min = 0) => Type.String({ maxLength: max, minLength: min });
const Id = Str(200, 1);
const Crumb = Type.Optional(Str(200));
const Money = Type.Object({ value: Str(40), currency: Str(10) });
const Period = Type.Object({
  value: Type.Integer({ minimum: 0, maximum: 10_000 }),
  unit: Type.Union([
    Type.Literal('WEEK'),
    Type.Literal('MONTH'),
    Type.Literal('YEAR'),
    Type.Null(),
  ]),
});
const Visibility = Type.Union(PRODUCT_VISIBILITIES.map((v) => Type.Literal(v)));
const Labels = Type.Array(Str(L.tagMax * 2), { maxItems: L.tagsMax * 2 });
const Ids = (max: number) => Type.Array(Id, { maxItems: max });
const ShortText = Type.Optional(Str(1000));

const Variant = Type.Object({
  id: Type.Optional(Id),
  sku: Str(L.skuMax * 2),
  attributes: Type.Record(Str(100), Str(200)),
  priceMoney: Money,
  salePriceMoney: Type.Optional(Money),
  onSale: Type.Optional(Type.Boolean()),
  // Numbers, not integers: `validateProductInput` answers 1.5 beside the field.
  qtyInStock: Type.Optional(Type.Number({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
  unlimited: Type.Optional(Type.Boolean()),
  weightGrams: Type.Optional(Type.Number({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
  imageAssetId: Type.Optional(Type.Union([Id, Type.Null()])),
});

const Merchandising = Type.Object({
  restockNotificationViews: Type.Optional(Type.Array(Str(40), { maxItems: 10 })),
  restockNotificationMessages: Type.Optional(
    Type.Object({
      buttonText: Str(1000),
      CTAText: Str(1000),
      placeholderText: Str(1000),
      mailingListDescription: Str(1000),
      successText: ShortText,
    }),
  ),
  mailingListSignUpEnabled: Type.Optional(Type.Boolean()),
  mailingListOptInByDefault: Type.Optional(Type.Boolean()),
  scarcityEnabled: Type.Optional(Type.Boolean()),
  scarcityTemplateViews: Type.Optional(Type.Array(Str(40), { maxItems: 10 })),
  scarcityText: ShortText,
  scarcityShownByDefault: Type.Optional(Type.Boolean()),
  scarcityThreshold: Type.Optional(Type.Number({ minimum: -1_000_000, maximum: 1_000_000 })),
  customSoldOutText: ShortText,
  autoNotifyOnRestock: Type.Optional(Type.Boolean()),
});

const productFields = {
  productType: Type.Integer({ minimum: 0, maximum: 100 }),
  title: Str(L.titleMax * 2),
  urlId: Type.Optional(Str(L.slugMax * 2)),
  body: Type.Optional(Str(L.bodyMax * 2)),
  tags: Type.Optional(Labels),
  categories: Type.Optional(Labels),
  visibility: Type.Optional(Visibility),
  imageIds: Type.Optional(Ids(L.imagesMax * 2)),
  priceMoney: Type.Optional(Money),
  salePriceMoney: Type.Optional(Money),
  onSale: Type.Optional(Type.Boolean()),
  variantOptionOrdering: Type.Optional(Type.Array(Str(100), { maxItems: L.optionsMax * 2 })),
  variants: Type.Array(Variant, { maxItems: L.variantsMax * 2 }),
  isSubscribable: Type.Optional(Type.Boolean()),
  subscriptionPlan: Type.Optional(
    Type.Union([
      Type.Object({
        billingPeriod: Period,
        numBillingCycles: Type.Integer({ minimum: 0, maximum: 10_000 }),
      }),
      Type.Null(),
    ]),
  ),
  productSubscriptionOptions: Type.Optional(
    Type.Array(
      Type.Object({
        id: Id,
        billingPeriod: Period,
        numBillingCycles: Type.Integer({ minimum: 0, maximum: 10_000 }),
        discountPercent: Type.Number({ minimum: -1000, maximum: 1000 }),
      }),
      { maxItems: 10 },
    ),
  ),
  oneTimePurchaseAllowed: Type.Optional(Type.Boolean()),
  useCustomAddButtonText: Type.Optional(Type.Boolean()),
  customAddButtonText: Type.Optional(Str(200)),
  additionalFieldsFormId: Type.Optional(Type.Union([Id, Type.Null()])),
  relatedItemIds: Type.Optional(Ids(40)),
  addOnItemIds: Type.Optional(Ids(40)),
  merchandising: Type.Optional(Merchandising),
  digitalAssetId: Type.Optional(Type.Union([Id, Type.Null()])),
  crumb: Crumb,
};

export const CreateBody = Type.Object(productFields);
export const UpdateBody = Type.Object({
  ...productFields,
  version: Type.Integer({ minimum: 1, maximum: 2_000_000_000 }),
});
export const IdParams = Type.Object({ id: Id });

export const ListQuery = Type.Object({
  q: Type.Optional(Str(200)),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  tag: Type.Optional(Str(200)),
  category: Type.Optional(Str(200)),
  stock: Type.Optional(
    Type.Union([
      Type.Literal('in'),
      Type.Literal('low'),
      Type.Literal('out'),
      Type.Literal('unlimited'),
    ]),
  ),
  onSale: Type.Optional(Type.Boolean()),
  visibility: Type.Optional(Visibility),
  sort: Type.Optional(Type.Union(PRODUCT_SORTS.map((s) => Type.Literal(s)))),
  cursor: Type.Optional(Str(20)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: L.listPageMax })),
});

export const BulkBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
  action: Type.Union(BULK_ACTIONS.map((a) => Type.Literal(a))),
  crumb: Crumb,
});

export const TagBody = Type.Object({
  tagType: Type.Union([Type.Literal('tag'), Type.Literal('category')]),
  action: Type.Union([Type.Literal('rename'), Type.Literal('merge'), Type.Literal('delete')]),
  from: Type.Array(Str(L.tagMax * 2, 1), { minItems: 1, maxItems: 100 }),
  to: Type.Optional(Str(L.tagMax * 2)),
  crumb: Crumb,
});

export const CsvBody = Type.Object({
  csv: Type.String({ maxLength: L.importBytesMax }),
  crumb: Crumb,
});

export const ImportParams = Type.Object({ importId: Id });
