/**
 * The one home of the owner's product checks (issue 12): the /config editor runs it before saving
 * to mark fields, the server runs it on every save and on every CSV import row, and answers
 * 400 PRODUCT_INVALID with the same `fieldErrors`. Only what needs the database (URL slug and SKUs
 * taken by other products, images that must exist) is checked on the server alone.
 */
import { ProductType } from '../enums.js';
import { fractionDigits, minorToDecimalString } from '../money.js';
import {
  PRODUCT_VISIBILITIES,
  ProductLimits,
  type OwnerProductInput,
  type OwnerVariantInput,
} from './owner-api.js';
import { isGiftCard, pricedOnProduct } from './rules-product.js';
import type { MoneyJson } from './types.js';

/** Path (`title`, `variants.2.sku`…) → the message shown beside that field. */
export type FieldErrors = Record<string, string>;

/** The product types the editor creates (SPEC 3.3); paywall content is not sold from /config. */
export const EDITABLE_PRODUCT_TYPES: readonly number[] = [
  ProductType.PHYSICAL,
  ProductType.DIGITAL,
  ProductType.SERVICE,
  ProductType.GIFT_CARD,
];

/** The texts beside the fields. `{…}` are filled where they are used. */
export const ProductFieldTexts = {
  TYPE: 'Choose a product type.',
  TITLE_REQUIRED: 'Enter a product name.',
  TITLE_TOO_LONG: `Use at most ${ProductLimits.titleMax} characters.`,
  SLUG_INVALID: 'Use only lowercase letters, numbers and hyphens.',
  SLUG_TOO_LONG: `Use at most ${ProductLimits.slugMax} characters.`,
  SLUG_TAKEN: 'Another product already uses this URL.',
  BODY_TOO_LONG: 'The description is too long.',
  LABEL_BLANK: 'Remove the empty entry.',
  LABEL_TOO_LONG: `Use at most ${ProductLimits.tagMax} characters.`,
  LABELS_TOO_MANY: `Use at most ${ProductLimits.tagsMax}.`,
  VISIBILITY: 'Choose draft, published or hidden.',
  IMAGES_TOO_MANY: `A product can have at most ${ProductLimits.imagesMax} images.`,
  IMAGE_MISSING: 'This image is no longer in the media library.',
  PRICE_INVALID: 'Enter a price of 0 or more.',
  PRICE_DECIMALS: 'Enter a price with at most {digits} decimal places.',
  PRICE_NO_DECIMALS: 'Enter a whole amount: {currency} has no decimal places.',
  PRICE_TOO_LARGE: `Enter a price of at most ${ProductLimits.priceMax}.`,
  PRICE_CURRENCY: 'Prices are in {currency}, the currency of the store.',
  SALE_NOT_LOWER: 'The sale price must be lower than the price.',
  SALE_REQUIRED: 'Enter a sale price.',
  VARIANTS_REQUIRED: 'Add at least one variant.',
  VARIANTS_TOO_MANY: `A product can have at most ${ProductLimits.variantsMax} variants.`,
  OPTIONS_TOO_MANY: `A product can have at most ${ProductLimits.optionsMax} options.`,
  OPTION_NAME_BLANK: 'Option names cannot be blank.',
  OPTION_NAME_DUPLICATE: 'Each option needs its own name.',
  OPTIONS_REQUIRED: 'Add an option (such as Size) so shoppers can choose between variants.',
  OPTION_VALUE_REQUIRED: 'Enter a value for {option}.',
  OPTION_UNKNOWN: '{option} is not one of the product options.',
  VARIANT_DUPLICATE: 'Another variant has the same options.',
  SKU_TOO_LONG: `Use at most ${ProductLimits.skuMax} characters.`,
  SKU_DUPLICATE: 'Another variant uses this SKU.',
  SKU_TAKEN: 'Another product uses this SKU.',
  STOCK_INVALID: `Enter a whole number from 0 to ${ProductLimits.stockMax}.`,
  WEIGHT_INVALID: `Enter a whole number of grams from 0 to ${ProductLimits.weightGramsMax}.`,
  DENOMINATION_ZERO: 'A gift card amount must be more than 0.',
  DENOMINATION_DUPLICATE: 'Another denomination has this amount.',
  GIFT_CARD_NO_SALE: 'Gift cards cannot be put on sale.',
  DIGITAL_PRICE_REQUIRED: 'Enter the price of the download.',
  SUBSCRIPTION_PLAN_REQUIRED: 'Choose how often subscribers are billed.',
  SUBSCRIPTION_PERIOD: 'Enter a billing period of 1 or more weeks, months or years.',
  SUBSCRIPTION_CYCLES: 'Enter 0 (until cancelled) or a number of payments up to 999.',
  SUBSCRIPTION_DISCOUNT: 'Enter a discount from 0 to 100 percent.',
  BUTTON_TEXT_REQUIRED: 'Enter the button text, or turn custom text off.',
  BUTTON_TEXT_TOO_LONG: 'Use at most 60 characters.',
  SCARCITY_THRESHOLD: 'Enter a whole number from 1 to 1000.',
  TEXT_TOO_LONG: 'Use at most {max} characters.',
  LINKS_TOO_MANY: 'Choose at most 20 products.',
  LINK_SELF: 'A product cannot be linked to itself.',
  LINK_MISSING: 'One of the chosen products no longer exists.',
  DIGITAL_FILE_MISSING: 'This file is no longer in the media library.',
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const BUTTON_TEXT_MAX = 60;
const MERCH_TEXT_MAX = 300;
const LINKS_MAX = 20;

/**
 * A price in the store's currency → minor units, or the field's message. Accepts '12', '12.5',
 * '12.50'; refuses negatives, more decimals than the currency has (JPY: none) and amounts above
 * the editor's limit.
 */
export function parsePrice(
  money: MoneyJson | undefined,
  currency: string,
): { cents: number } | { error: string } {
  if (!money || typeof money.value !== 'string') return { error: ProductFieldTexts.PRICE_INVALID };
  if (money.currency && money.currency.toUpperCase() !== currency.toUpperCase()) {
    return { error: ProductFieldTexts.PRICE_CURRENCY.replace('{currency}', currency) };
  }
  const text = money.value.trim();
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!m) return { error: ProductFieldTexts.PRICE_INVALID };
  const digits = fractionDigits(currency);
  const frac = m[2] ?? '';
  if (frac.replace(/0+$/, '').length > digits) {
    return {
      error:
        digits === 0
          ? ProductFieldTexts.PRICE_NO_DECIMALS.replace('{currency}', currency)
          : ProductFieldTexts.PRICE_DECIMALS.replace('{digits}', String(digits)),
    };
  }
  const cents = Number(m[1]) * 10 ** digits + Number(frac.slice(0, digits).padEnd(digits, '0'));
  if (cents > ProductLimits.priceMax * 10 ** digits) {
    return { error: ProductFieldTexts.PRICE_TOO_LARGE };
  }
  return { cents };
}

/** Minor units → the `MoneyJson` the editor sends back ('12.50', '1200' for JPY). */
export function priceMoney(cents: number, currency: string): MoneyJson {
  return { value: minorToDecimalString(cents, currency), currency };
}

/** A URL slug from a title: 'Tidepool Mug (large)' → 'tidepool-mug-large'; '' when nothing is left. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ProductLimits.slugMax)
    .replace(/-+$/, '');
}

/**
 * The option names of a product in display order: `variantOptionOrdering` first, then any other
 * name a variant uses (in first-seen order).
 */
export function optionNamesOf(
  input: Pick<OwnerProductInput, 'variantOptionOrdering' | 'variants'>,
): string[] {
  const names: string[] = [];
  for (const n of input.variantOptionOrdering ?? []) if (!names.includes(n)) names.push(n);
  for (const v of input.variants) {
    for (const n of Object.keys(v.attributes ?? {})) if (!names.includes(n)) names.push(n);
  }
  return names;
}

/** Trimmed, de-duplicated tags or categories (the order kept). */
export function cleanLabels(list: string[] | undefined): string[] {
  const out: string[] = [];
  for (const raw of list ?? []) {
    const t = raw.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

function isWhole(n: unknown, min: number, max: number): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
}

/**
 * Every check that needs only the input and the store's currency. Returns `{}` when the product
 * may be saved (as far as the input alone tells).
 */
export function validateProductInput(
  input: OwnerProductInput,
  store: { currency: string },
): FieldErrors {
  const errors: FieldErrors = {};
  const set = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const { currency } = store;
  const type = input.productType;
  if (!EDITABLE_PRODUCT_TYPES.includes(type)) set('productType', ProductFieldTexts.TYPE);

  const title = (input.title ?? '').trim();
  if (!title) set('title', ProductFieldTexts.TITLE_REQUIRED);
  else if (title.length > ProductLimits.titleMax) set('title', ProductFieldTexts.TITLE_TOO_LONG);

  const slug = (input.urlId ?? '').trim();
  if (slug.length > ProductLimits.slugMax) set('urlId', ProductFieldTexts.SLUG_TOO_LONG);
  else if (slug && !SLUG.test(slug)) set('urlId', ProductFieldTexts.SLUG_INVALID);

  if ((input.body ?? '').length > ProductLimits.bodyMax)
    set('body', ProductFieldTexts.BODY_TOO_LONG);

  for (const field of ['tags', 'categories'] as const) {
    const list = input[field] ?? [];
    if (list.length > ProductLimits.tagsMax) set(field, ProductFieldTexts.LABELS_TOO_MANY);
    list.forEach((t, i) => {
      if (!t.trim()) set(`${field}.${i}`, ProductFieldTexts.LABEL_BLANK);
      else if (t.trim().length > ProductLimits.tagMax) {
        set(`${field}.${i}`, ProductFieldTexts.LABEL_TOO_LONG);
      }
    });
  }

  if (input.visibility !== undefined && !PRODUCT_VISIBILITIES.includes(input.visibility)) {
    set('visibility', ProductFieldTexts.VISIBILITY);
  }
  if ((input.imageIds ?? []).length > ProductLimits.imagesMax) {
    set('imageIds', ProductFieldTexts.IMAGES_TOO_MANY);
  }

  checkProductPrice(input, currency, set);
  checkVariants(input, currency, set);
  checkSubscription(input, set);

  if (input.useCustomAddButtonText) {
    const text = (input.customAddButtonText ?? '').trim();
    if (!text) set('customAddButtonText', ProductFieldTexts.BUTTON_TEXT_REQUIRED);
  }
  if ((input.customAddButtonText ?? '').length > BUTTON_TEXT_MAX) {
    set('customAddButtonText', ProductFieldTexts.BUTTON_TEXT_TOO_LONG);
  }

  const m = input.merchandising;
  if (m) {
    if (m.scarcityThreshold !== undefined && !isWhole(m.scarcityThreshold, 1, 1000)) {
      set('merchandising.scarcityThreshold', ProductFieldTexts.SCARCITY_THRESHOLD);
    }
    const texts: [string, string | undefined][] = [
      ['scarcityText', m.scarcityText],
      ['customSoldOutText', m.customSoldOutText],
      ...Object.entries(m.restockNotificationMessages ?? {}).map(
        ([k, v]): [string, string | undefined] => [`restockNotificationMessages.${k}`, v],
      ),
    ];
    for (const [path, text] of texts) {
      if ((text ?? '').length > MERCH_TEXT_MAX) {
        set(
          `merchandising.${path}`,
          ProductFieldTexts.TEXT_TOO_LONG.replace('{max}', String(MERCH_TEXT_MAX)),
        );
      }
    }
  }

  for (const field of ['relatedItemIds', 'addOnItemIds'] as const) {
    if ((input[field] ?? []).length > LINKS_MAX) set(field, ProductFieldTexts.LINKS_TOO_MANY);
  }
  return errors;
}

type Setter = (path: string, message: string) => void;

/** Digital products carry their price on the product; gift cards are never on sale. */
function checkProductPrice(input: OwnerProductInput, currency: string, set: Setter): void {
  if (pricedOnProduct(input.productType)) {
    const price = parsePrice(input.priceMoney, currency);
    if (!input.priceMoney) set('priceMoney', ProductFieldTexts.DIGITAL_PRICE_REQUIRED);
    else if ('error' in price) set('priceMoney', price.error);
    if (input.onSale) {
      const sale = parsePrice(input.salePriceMoney, currency);
      if (!input.salePriceMoney) set('salePriceMoney', ProductFieldTexts.SALE_REQUIRED);
      else if ('error' in sale) set('salePriceMoney', sale.error);
      else if ('cents' in price && sale.cents >= price.cents) {
        set('salePriceMoney', ProductFieldTexts.SALE_NOT_LOWER);
      }
    }
  } else if (isGiftCard(input.productType) && input.onSale) {
    set('onSale', ProductFieldTexts.GIFT_CARD_NO_SALE);
  }
}

function checkVariants(input: OwnerProductInput, currency: string, set: Setter): void {
  const variants = input.variants ?? [];
  if (variants.length === 0) {
    set('variants', ProductFieldTexts.VARIANTS_REQUIRED);
    return;
  }
  if (variants.length > ProductLimits.variantsMax) {
    set('variants', ProductFieldTexts.VARIANTS_TOO_MANY);
    return;
  }
  const names = optionNamesOf(input);
  if (names.length > ProductLimits.optionsMax)
    set('variantOptionOrdering', ProductFieldTexts.OPTIONS_TOO_MANY);
  if (names.some((n) => !n.trim()))
    set('variantOptionOrdering', ProductFieldTexts.OPTION_NAME_BLANK);
  const trimmed = names.map((n) => n.trim().toLowerCase());
  if (new Set(trimmed).size !== trimmed.length) {
    set('variantOptionOrdering', ProductFieldTexts.OPTION_NAME_DUPLICATE);
  }
  const giftCard = isGiftCard(input.productType);
  // Gift cards tell denominations apart by their amount; other products need an option.
  if (variants.length > 1 && names.length === 0 && !giftCard) {
    set('variantOptionOrdering', ProductFieldTexts.OPTIONS_REQUIRED);
  }
  const combos = new Map<string, number>();
  const skus = new Map<string, number>();
  const amounts = new Map<number, number>();
  variants.forEach((v, i) => {
    const at = (field: string) => `variants.${i}.${field}`;
    checkVariantFields(v, currency, at, set, giftCard);
    const attributes = v.attributes ?? {};
    for (const n of names) {
      if (!(attributes[n] ?? '').trim()) {
        set(at(`attributes.${n}`), ProductFieldTexts.OPTION_VALUE_REQUIRED.replace('{option}', n));
      }
    }
    const key = JSON.stringify(names.map((n) => (attributes[n] ?? '').trim().toLowerCase()));
    if (names.length && combos.has(key)) set(at('attributes'), ProductFieldTexts.VARIANT_DUPLICATE);
    combos.set(key, i);
    const sku = (v.sku ?? '').trim();
    if (sku) {
      if (skus.has(sku)) set(at('sku'), ProductFieldTexts.SKU_DUPLICATE);
      skus.set(sku, i);
    }
    if (giftCard) {
      const price = parsePrice(v.priceMoney, currency);
      if ('cents' in price) {
        if (price.cents === 0) set(at('priceMoney'), ProductFieldTexts.DENOMINATION_ZERO);
        else if (amounts.has(price.cents)) {
          set(at('priceMoney'), ProductFieldTexts.DENOMINATION_DUPLICATE);
        }
        amounts.set(price.cents, i);
      }
    }
  });
}

function checkVariantFields(
  v: OwnerVariantInput,
  currency: string,
  at: (field: string) => string,
  set: Setter,
  giftCard: boolean,
): void {
  if ((v.sku ?? '').trim().length > ProductLimits.skuMax)
    set(at('sku'), ProductFieldTexts.SKU_TOO_LONG);
  const price = parsePrice(v.priceMoney, currency);
  if ('error' in price) set(at('priceMoney'), price.error);
  if (v.onSale) {
    if (giftCard) set(at('onSale'), ProductFieldTexts.GIFT_CARD_NO_SALE);
    const sale = parsePrice(v.salePriceMoney, currency);
    if (!v.salePriceMoney) set(at('salePriceMoney'), ProductFieldTexts.SALE_REQUIRED);
    else if ('error' in sale) set(at('salePriceMoney'), sale.error);
    else if ('cents' in price && sale.cents >= price.cents) {
      set(at('salePriceMoney'), ProductFieldTexts.SALE_NOT_LOWER);
    }
  } else if (v.salePriceMoney) {
    const sale = parsePrice(v.salePriceMoney, currency);
    if ('error' in sale) set(at('salePriceMoney'), sale.error);
  }
  if (v.qtyInStock !== undefined && !isWhole(v.qtyInStock, 0, ProductLimits.stockMax)) {
    set(at('qtyInStock'), ProductFieldTexts.STOCK_INVALID);
  }
  if (v.weightGrams !== undefined && !isWhole(v.weightGrams, 0, ProductLimits.weightGramsMax)) {
    set(at('weightGrams'), ProductFieldTexts.WEIGHT_INVALID);
  }
}

function checkSubscription(input: OwnerProductInput, set: Setter): void {
  const periodOk = (p: { value: number; unit: string | null } | undefined) =>
    !!p &&
    isWhole(p.value, 1, 365) &&
    (p.unit === 'WEEK' || p.unit === 'MONTH' || p.unit === 'YEAR');
  if (input.isSubscribable) {
    const plan = input.subscriptionPlan;
    if (!plan) set('subscriptionPlan', ProductFieldTexts.SUBSCRIPTION_PLAN_REQUIRED);
    else {
      if (!periodOk(plan.billingPeriod)) {
        set('subscriptionPlan.billingPeriod', ProductFieldTexts.SUBSCRIPTION_PERIOD);
      }
      if (!isWhole(plan.numBillingCycles, 0, 999)) {
        set('subscriptionPlan.numBillingCycles', ProductFieldTexts.SUBSCRIPTION_CYCLES);
      }
    }
  }
  (input.productSubscriptionOptions ?? []).forEach((o, i) => {
    const at = `productSubscriptionOptions.${i}`;
    if (!periodOk(o.billingPeriod))
      set(`${at}.billingPeriod`, ProductFieldTexts.SUBSCRIPTION_PERIOD);
    if (!isWhole(o.numBillingCycles, 0, 999)) {
      set(`${at}.numBillingCycles`, ProductFieldTexts.SUBSCRIPTION_CYCLES);
    }
    if (typeof o.discountPercent !== 'number' || o.discountPercent < 0 || o.discountPercent > 100) {
      set(`${at}.discountPercent`, ProductFieldTexts.SUBSCRIPTION_DISCOUNT);
    }
  });
}
