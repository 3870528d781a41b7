/**
 * The product editor's state and its two conversions: a stored product (OwnerProduct) → the form,
 * and the form → the save body (OwnerProductInput, shared/product/owner-api.ts). Pure, so the
 * rules of the contract (stock sent only when the owner changed it, a product-level price for
 * digital goods, gift card denominations as variants) are unit-tested in product-form.test.ts.
 */
import { formatMoney } from '../../../shared/money.js';
import type {
  OwnerImageRef,
  OwnerMerchandising,
  OwnerProduct,
  OwnerProductInput,
  OwnerVariantInput,
  ProductVisibility,
} from '../../../shared/product/owner-api.js';
import { ProductLimits } from '../../../shared/product/owner-api.js';
import { newMerchandising } from '../../../shared/product/merchandising-texts.js';
import { parsePrice, validateProductInput } from '../../../shared/product/validate-product.js';
import {
  isDigitalGood,
  isGiftCard,
  needsShipping,
  pricedOnProduct,
} from '../../../shared/product/rules.js';
import type { BillingPeriodJson, MoneyJson } from '../../../shared/product/types.js';
import {
  activeOptions,
  emptyRow,
  generateVariants,
  newRowKey,
  optionsFromVariants,
  type OptionDef,
  type VariantRow,
} from './variant-grid.js';

/** Field errors by the contract's paths (`title`, `variants.2.sku`…), from us or the server. */
export type FieldErrors = Record<string, string>;

export type BillingUnit = NonNullable<BillingPeriodJson['unit']>;

/** A subscription option row (SPEC 3.3 productSubscriptionOptions) as typed. */
export interface SubscriptionOptionRow {
  key: string;
  id: string;
  value: string;
  unit: BillingUnit;
  cycles: string;
  discount: string;
}

/** The merchandising part the editor offers (SPEC 3.4). */
export type MerchandisingForm = Pick<
  OwnerMerchandising,
  | 'scarcityEnabled'
  | 'scarcityText'
  | 'scarcityTemplateViews'
  | 'scarcityShownByDefault'
  | 'restockNotificationViews'
  | 'restockNotificationMessages'
  | 'mailingListSignUpEnabled'
  | 'mailingListOptInByDefault'
  | 'customSoldOutText'
>;

export interface ProductForm {
  productType: number;
  currency: string;
  title: string;
  urlId: string;
  body: string;
  visibility: ProductVisibility;
  tags: string[];
  categories: string[];
  images: OwnerImageRef[];
  options: OptionDef[];
  variants: VariantRow[];
  /** Digital products: the product-level price. */
  price: string;
  salePrice: string;
  onSale: boolean;
  digitalFile: OwnerProduct['digitalFile'];
  isSubscribable: boolean;
  planValue: string;
  planUnit: BillingUnit;
  planCycles: string;
  oneTimePurchaseAllowed: boolean;
  subscriptionOptions: SubscriptionOptionRow[];
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  additionalFieldsFormId: string;
  relatedItemIds: string[];
  addOnItemIds: string[];
  merchandising: MerchandisingForm;
}

/** Option name of gift card denominations (as the demo store's cards). */
export const GIFT_CARD_OPTION = 'Amount';

/** A blank product of a type, as 'Add product' opens it; texts in the website's `language`. */
export function newProductForm(
  productType: number,
  currency: string,
  language = 'en-US',
): ProductForm {
  const row = emptyRow({});
  if (isDigitalGood(productType)) row.unlimited = true;
  return {
    productType,
    currency,
    title: '',
    urlId: '',
    body: '',
    visibility: 'draft',
    tags: [],
    categories: [],
    images: [],
    options: [],
    variants: isGiftCard(productType) ? [] : [row],
    price: '',
    salePrice: '',
    onSale: false,
    digitalFile: null,
    isSubscribable: false,
    planValue: '1',
    planUnit: 'MONTH',
    planCycles: '0',
    oneTimePurchaseAllowed: true,
    subscriptionOptions: [],
    useCustomAddButtonText: false,
    customAddButtonText: '',
    additionalFieldsFormId: '',
    relatedItemIds: [],
    addOnItemIds: [],
    merchandising: newMerchandising(language),
  };
}

/** A stored amount as the owner edits it ('12.50'); '' for none. */
function amountText(money: { value: string } | undefined): string {
  return money?.value ?? '';
}

/** A stored product → the editor's form. */
export function formFromProduct(p: OwnerProduct): ProductForm {
  const sc = p.structuredContent;
  const currency = sc.priceMoney.currency;
  const giftCard = isGiftCard(sc.productType);
  const variants: VariantRow[] = sc.variants.map((v) => ({
    key: v.id,
    id: v.id,
    attributes: { ...v.attributes },
    sku: v.sku,
    price: amountText(v.priceMoney),
    salePrice: v.salePrice > 0 || v.onSale ? amountText(v.salePriceMoney) : '',
    onSale: v.onSale,
    stock: String(v.qtyInStock),
    unlimited: v.unlimited,
    weight: v.weightGrams ? String(v.weightGrams) : '',
    imageAssetId: v.imageAssetId,
    loadedStock: v.qtyInStock,
  }));
  const m = p.merchandising;
  return {
    productType: sc.productType,
    currency,
    title: p.title,
    urlId: p.urlId,
    body: p.body,
    visibility: p.visibility,
    tags: [...p.tags],
    categories: [...p.categories],
    images: p.images.map((i) => ({ ...i })),
    options: giftCard ? [] : optionsFromVariants(sc.variantOptionOrdering, sc.variants),
    variants,
    price: amountText(sc.priceMoney),
    salePrice: sc.onSale || sc.salePriceMoney.value !== '0.00' ? amountText(sc.salePriceMoney) : '',
    onSale: sc.onSale,
    digitalFile: p.digitalFile,
    isSubscribable: sc.isSubscribable,
    planValue: String(sc.subscriptionPlan?.billingPeriod.value ?? 1),
    planUnit: sc.subscriptionPlan?.billingPeriod.unit ?? 'MONTH',
    planCycles: String(sc.subscriptionPlan?.numBillingCycles ?? 0),
    oneTimePurchaseAllowed: sc.oneTimePurchaseAllowed,
    subscriptionOptions: sc.productSubscriptionOptions.map((o) => ({
      key: o.id,
      id: o.id,
      value: String(o.billingPeriod.value),
      unit: o.billingPeriod.unit ?? 'MONTH',
      cycles: String(o.numBillingCycles),
      discount: String(o.discountPercent),
    })),
    useCustomAddButtonText: sc.useCustomAddButtonText,
    customAddButtonText: sc.customAddButtonText,
    additionalFieldsFormId: sc.additionalFieldsFormId ?? '',
    relatedItemIds: [...p.relatedItemIds],
    addOnItemIds: [...p.addOnItemIds],
    merchandising: {
      scarcityEnabled: m.scarcityEnabled,
      scarcityText: m.scarcityText,
      scarcityTemplateViews: [...m.scarcityTemplateViews],
      scarcityShownByDefault: m.scarcityShownByDefault,
      restockNotificationViews: [...m.restockNotificationViews],
      restockNotificationMessages: { ...m.restockNotificationMessages },
      mailingListSignUpEnabled: m.mailingListSignUpEnabled,
      mailingListOptInByDefault: m.mailingListOptInByDefault,
      customSoldOutText: m.customSoldOutText,
    },
  };
}

/** New options: the grid regenerated from them, keeping rows' data (variant-grid.ts). */
export function withOptions(form: ProductForm, options: OptionDef[]): ProductForm {
  return { ...form, options, variants: generateVariants(options, form.variants) };
}

/** Adds an empty gift card denomination. */
export function addDenomination(form: ProductForm): ProductForm {
  const row = emptyRow({});
  row.unlimited = true;
  row.price = '';
  return { ...form, variants: [...form.variants, row] };
}

/**
 * What identifies the form's content for dirty tracking: everything the save sends, nothing that
 * is only bookkeeping (row keys, the loaded counts).
 */
export function formSnapshot(form: ProductForm): string {
  return JSON.stringify({
    ...form,
    variants: form.variants.map(({ key: _k, loadedStock: _l, ...rest }) => rest),
    subscriptionOptions: form.subscriptionOptions.map(({ key: _k, ...rest }) => rest),
  });
}

export function isDirty(saved: ProductForm, current: ProductForm): boolean {
  return formSnapshot(saved) !== formSnapshot(current);
}

/**
 * The owner's amount text → the contract's MoneyJson: a leading currency sign and spaces are
 * dropped, the rest is sent as typed, and `validateProductInput` (the server's own checks) says
 * what is wrong with it beside the field.
 */
function moneyOf(text: string, currency: string): MoneyJson {
  return {
    value: text
      .trim()
      .replace(/^[^\d.-]+/, '')
      .replace(/,/g, ''),
    currency,
  };
}

/** A count as typed → a number for the shared checks, or undefined when it is not one at all. */
function numberOf(text: string): number | undefined {
  const t = text.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
}

/** What the shared checks cannot say: text that is not a number at all, and editor-only limits. */
export const FormText = {
  STOCK: `Enter a whole number from 0 to ${ProductLimits.stockMax}, or choose unlimited.`,
  WEIGHT: `Enter a whole number of grams from 0 to ${ProductLimits.weightGramsMax}.`,
  NUMBER: 'Enter a whole number.',
  NO_DENOMINATIONS: 'Add at least one amount this gift card can be bought for.',
} as const;

/** Label of a gift card denomination ('$25.00'), or undefined while the amount is unreadable. */
export function denominationLabel(value: string, currency: string): string | undefined {
  const p = parsePrice({ value, currency }, currency);
  return 'cents' in p ? formatMoney(p.cents, currency) : undefined;
}

/**
 * The form → the save body, and the fields to fix first: `validateProductInput` of
 * shared/product (the same checks and texts the server answers with) plus the few texts that
 * cannot become a number at all. The server checks again, and more (unique slugs and SKUs).
 * `version` is the loaded product's (absent for a new one).
 */
export function toProductInput(
  form: ProductForm,
  version: number | undefined,
): { input: OwnerProductInput; errors: FieldErrors } {
  const local: FieldErrors = {};
  const { currency, productType } = form;
  const giftCard = isGiftCard(productType);
  const onProduct = pricedOnProduct(productType);
  const ordering = giftCard ? [GIFT_CARD_OPTION] : activeOptions(form.options).map((o) => o.name);
  const productPrice = moneyOf(form.price, currency);
  const productSale =
    form.onSale || form.salePrice.trim() ? moneyOf(form.salePrice, currency) : undefined;

  const variants: OwnerVariantInput[] = form.variants.map((row, i) => {
    const path = `variants.${i}`;
    const v: OwnerVariantInput = {
      sku: row.sku.trim(),
      attributes: giftCard ? {} : row.attributes,
      priceMoney: moneyOf(row.price, currency),
    };
    if (row.id) v.id = row.id;
    if (onProduct) {
      // Digital goods sell at the product's price; their one variant mirrors it.
      v.priceMoney = productPrice;
      if (productSale) v.salePriceMoney = productSale;
      v.onSale = form.onSale;
      v.unlimited = true;
      return v;
    }
    if (giftCard) {
      const label = denominationLabel(v.priceMoney.value, currency);
      v.attributes = { [GIFT_CARD_OPTION]: label ?? v.priceMoney.value };
      v.unlimited = true;
      return v;
    }
    if (row.onSale || row.salePrice.trim()) v.salePriceMoney = moneyOf(row.salePrice, currency);
    v.onSale = row.onSale;
    v.unlimited = row.unlimited;
    if (!row.unlimited) {
      const qty = numberOf(row.stock);
      if (qty === undefined) local[`${path}.qtyInStock`] = FormText.STOCK;
      // Only a count the owner changed: orders may have taken stock since we loaded it.
      else if (row.loadedStock === null || qty !== row.loadedStock) v.qtyInStock = qty;
    }
    if (needsShipping(productType)) {
      const w = row.weight.trim() ? numberOf(row.weight) : 0;
      if (w === undefined) local[`${path}.weightGrams`] = FormText.WEIGHT;
      else v.weightGrams = w;
    }
    v.imageAssetId = row.imageAssetId;
    return v;
  });

  const input: OwnerProductInput = {
    productType,
    title: form.title.trim(),
    urlId: form.urlId.trim(),
    body: form.body,
    tags: form.tags,
    categories: form.categories,
    visibility: form.visibility,
    imageIds: form.images.map((i) => i.assetId),
    variantOptionOrdering: ordering,
    variants,
    useCustomAddButtonText: form.useCustomAddButtonText,
    customAddButtonText: form.customAddButtonText,
    additionalFieldsFormId: form.additionalFieldsFormId.trim() || null,
    relatedItemIds: form.relatedItemIds,
    addOnItemIds: form.addOnItemIds,
    merchandising: form.merchandising,
  };
  if (version !== undefined) input.version = version;
  if (onProduct) {
    input.priceMoney = productPrice;
    if (productSale) input.salePriceMoney = productSale;
    input.onSale = form.onSale;
    input.digitalAssetId = form.digitalFile?.assetId ?? null;
  }
  subscriptionInput(form, input, local);
  const errors = { ...validateProductInput(input, { currency }), ...local };
  if (giftCard && form.variants.length === 0) errors.variants = FormText.NO_DENOMINATIONS;
  return { input, errors };
}

function subscriptionInput(form: ProductForm, input: OwnerProductInput, errors: FieldErrors): void {
  input.isSubscribable = form.isSubscribable;
  if (!form.isSubscribable) {
    input.subscriptionPlan = null;
    input.productSubscriptionOptions = [];
    input.oneTimePurchaseAllowed = true;
    return;
  }
  const whole = (text: string, path: string) => {
    const n = numberOf(text);
    if (n === undefined) errors[path] = FormText.NUMBER;
    return n ?? 0;
  };
  input.subscriptionPlan = {
    billingPeriod: {
      value: whole(form.planValue, 'subscriptionPlan.billingPeriod'),
      unit: form.planUnit,
    },
    numBillingCycles: whole(form.planCycles, 'subscriptionPlan.numBillingCycles'),
  };
  input.oneTimePurchaseAllowed = form.oneTimePurchaseAllowed;
  input.productSubscriptionOptions = form.subscriptionOptions.map((o, i) => {
    const path = `productSubscriptionOptions.${i}`;
    return {
      id: o.id,
      billingPeriod: { value: whole(o.value, `${path}.billingPeriod`), unit: o.unit },
      numBillingCycles: whole(o.cycles, `${path}.numBillingCycles`),
      discountPercent: whole(o.discount || '0', `${path}.discountPercent`),
    };
  });
}

export function newSubscriptionOption(): SubscriptionOptionRow {
  const key = newRowKey();
  return {
    key,
    id: `opt-${key}-${Date.now().toString(36)}`,
    value: '1',
    unit: 'MONTH',
    cycles: '0',
    discount: '0',
  };
}

/** '/shop/p/{slug}' as the live URL will read, for the slug field. */
export function liveUrlOf(fullUrl: string | undefined, slug: string): string {
  const s = slug.trim() || '{made from the title}';
  if (!fullUrl) return `/…/p/${s}`;
  return fullUrl.replace(/[^/]*$/, s);
}

/** 'The variant’s price' style names of a path for the summary at the top. */
export function fieldName(path: string, rowLabels: readonly string[]): string {
  const names: Record<string, string> = {
    title: 'Title',
    urlId: 'URL slug',
    body: 'Description',
    tags: 'Tags',
    categories: 'Categories',
    imageIds: 'Images',
    priceMoney: 'Price',
    salePriceMoney: 'Sale price',
    variants: 'Variants',
    customAddButtonText: 'Add button text',
    additionalFieldsFormId: 'Additional fields form',
    digitalAssetId: 'File to deliver',
    variantOptionOrdering: 'Options',
    productType: 'Type',
    onSale: 'On sale',
    relatedItemIds: 'Related products',
    addOnItemIds: 'Add-ons',
    visibility: 'Visibility',
  };
  if (names[path]) return names[path];
  const m = /^variants\.(\d+)\.(\w+)/.exec(path);
  if (m) {
    const field: Record<string, string> = {
      sku: 'SKU',
      priceMoney: 'price',
      salePriceMoney: 'sale price',
      qtyInStock: 'stock',
      weightGrams: 'weight',
      imageAssetId: 'image',
      attributes: 'options',
      onSale: 'on sale',
    };
    return `${rowLabels[Number(m[1])] ?? `Variant ${Number(m[1]) + 1}`}: ${field[m[2]!] ?? m[2]}`;
  }
  if (path.startsWith('subscriptionPlan') || path.startsWith('productSubscriptionOptions'))
    return 'Subscription';
  if (path.startsWith('merchandising')) return 'Merchandising';
  const head = path.split('.')[0]!;
  return names[head] ?? path;
}
