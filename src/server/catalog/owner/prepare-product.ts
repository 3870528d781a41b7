import crypto from 'node:crypto';
import type { OwnerProductInput, ProductVisibility } from '../../../shared/product/owner-api.js';
import { isDigitalGood, pricedOnProduct } from '../../../shared/product/rules.js';
import {
  cleanLabels,
  optionNamesOf,
  parsePrice,
  validateProductInput,
  type FieldErrors,
} from '../../../shared/product/validate-product.js';
import { sanitizeRichText } from '../../../shared/rich-text.js';
import type { ProductItemFields } from '../../content/product-items.js';
import type { MerchandisingSettings, SubscriptionOption, SubscriptionPlan } from '../tables.js';

/** A variant as it will be written; `id` set for variants that exist. */
export interface PreparedVariant {
  id: string | undefined;
  /** Blank: one is made when saving (`newSku`). */
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  /** Undefined keeps the stored count (new variants start at 0). */
  qtyInStock: number | undefined;
  unlimited: boolean;
  weightGrams: number;
  imageAssetId: string | null;
}

/** The commerce half of a product, as it will be written. */
export interface PreparedProductRow {
  productType: number;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  productSubscriptionOptions: SubscriptionOption[];
  oneTimePurchaseAllowed: boolean;
  additionalFieldsFormId: string | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  variantOptionOrdering: string[];
  /** Merged over the stored (or default) settings when saving. */
  merchandising: Partial<MerchandisingSettings>;
  relatedItemIds: string[];
  addOnItemIds: string[];
  visibility: ProductVisibility | undefined;
  digitalAssetId: string | null | undefined;
}

export interface PreparedProduct {
  /** `urlId` '' means: make one from the title. */
  item: Omit<ProductItemFields, 'excerpt'>;
  product: PreparedProductRow;
  variants: PreparedVariant[];
}

/**
 * Checks an owner's input (the shared rules, `validateProductInput`) and turns it into the rows a
 * save or an import writes: prices in minor units, labels trimmed, HTML cleaned. Checks that need
 * the database come after (`store-checks.ts`).
 */
export function prepareProduct(
  input: OwnerProductInput,
  currency: string,
): { ok: true; value: PreparedProduct } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors = validateProductInput(input, { currency });
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  const cents = (m: OwnerProductInput['priceMoney']) => {
    if (!m) return 0;
    const p = parsePrice(m, currency);
    return 'cents' in p ? p.cents : 0;
  };
  const type = input.productType;
  const names = optionNamesOf(input).map((n) => n.trim());
  const digital = isDigitalGood(type);
  const variants: PreparedVariant[] = input.variants.map((v) => {
    const attributes: Record<string, string> = {};
    for (const [k, val] of Object.entries(v.attributes ?? {})) attributes[k.trim()] = val.trim();
    return {
      id: v.id,
      sku: v.sku.trim(),
      attributes,
      priceCents: cents(v.priceMoney),
      salePriceCents: cents(v.salePriceMoney),
      onSale: v.onSale ?? false,
      qtyInStock: v.qtyInStock,
      // Digital goods and gift cards never run out (SPEC 4.7).
      unlimited: digital ? true : (v.unlimited ?? false),
      weightGrams: v.weightGrams ?? 0,
      imageAssetId: v.imageAssetId ?? null,
    };
  });
  const ownPrice = pricedOnProduct(type);
  return {
    ok: true,
    value: {
      item: {
        title: input.title.trim(),
        urlId: (input.urlId ?? '').trim(),
        body: sanitizeRichText(input.body ?? ''),
        tags: cleanLabels(input.tags),
        categories: cleanLabels(input.categories),
        imageIds: [...new Set(input.imageIds ?? [])],
      },
      product: {
        productType: type,
        // Gift cards keep their first denomination on the product too (catalog/insert-product.ts).
        priceCents: ownPrice
          ? cents(input.priceMoney)
          : digital
            ? (variants[0]?.priceCents ?? 0)
            : 0,
        salePriceCents: ownPrice ? cents(input.salePriceMoney) : 0,
        onSale: ownPrice ? (input.onSale ?? false) : false,
        isSubscribable: input.isSubscribable ?? false,
        subscriptionPlan: input.isSubscribable ? (input.subscriptionPlan ?? null) : null,
        productSubscriptionOptions: input.productSubscriptionOptions ?? [],
        oneTimePurchaseAllowed: input.oneTimePurchaseAllowed ?? true,
        additionalFieldsFormId: input.additionalFieldsFormId || null,
        useCustomAddButtonText: input.useCustomAddButtonText ?? false,
        customAddButtonText: (input.customAddButtonText ?? '').trim(),
        variantOptionOrdering: names,
        merchandising: input.merchandising ?? {},
        relatedItemIds: [...new Set(input.relatedItemIds ?? [])],
        addOnItemIds: [...new Set(input.addOnItemIds ?? [])],
        visibility: input.visibility,
        digitalAssetId: input.digitalAssetId,
      },
      variants,
    },
  };
}

/** A SKU for a variant the owner left blank, in Squarespace's style ('SQ' and digits). */
export function newSku(): string {
  return `SQ${crypto.randomInt(1_000_000, 10_000_000)}`;
}

export function newId(): string {
  return crypto.randomUUID();
}
