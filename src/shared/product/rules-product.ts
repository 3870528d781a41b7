/** SPEC 4.7 / 5.2 product display rules: stock, sale, prices, labels, options, comments. */
import { FolderBehavior, ProductType } from '../enums.js';
import { moneyJson, moneyToMinor } from '../money.js';
import type { MoneyJson, ProductJson, VariantJson } from './types.js';

// The texts have a module of their own: pages that only draw words (the cart indicator's
// storefront texts, the forms) then load none of the rules below.
import { ProductTexts } from './product-texts.js';
export { ProductTexts };

type ProductLike = Pick<ProductJson, 'productType' | 'variants'>;

/**
 * Digital products and gift cards are delivered without shipping and never run out (SPEC 4.7);
 * the one home of that rule for the cart, checkout totals and stock-taking. They also keep their
 * price on the product row, which the product JSON reads (catalog/product-json.ts).
 */
export function isDigitalGood(productType: number): boolean {
  return productType === ProductType.DIGITAL || productType === ProductType.GIFT_CARD;
}

/** SPEC 3.1 requiresShipping: a line of this product type is shipped (physical goods only). */
export function needsShipping(productType: number): boolean {
  return productType === ProductType.PHYSICAL;
}

/** Gift cards: their own alert title (SPEC 2.2), bought through their own checkout page. */
export function isGiftCard(productType: number): boolean {
  return productType === ProductType.GIFT_CARD;
}

/**
 * Digital products are priced and put on sale on the product itself, not per variant, and may
 * have no variant at all (the cart then sells one unlimited stand-in).
 */
export function pricedOnProduct(productType: number): boolean {
  return productType === ProductType.DIGITAL;
}

/**
 * Physical and service products sell variants whose stock can run out (so they take restock
 * sign-ups and appear in the owner's inventory); other types have no stock to track.
 */
export function tracksStock(productType: number): boolean {
  return productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
}

/** Units of a service one cart may hold: one unless the store allows more (SPEC 3.3). */
export function unitsPerCart(
  productType: number,
  store: { multipleQuantityAllowedForServices: boolean },
): number {
  return productType === ProductType.SERVICE && !store.multipleQuantityAllowedForServices
    ? 1
    : Number.POSITIVE_INFINITY;
}

/** A variant with units left, or no limit; whether its product type counts stock is `isSoldOut`'s. */
export function variantHasStock(variant: Pick<VariantJson, 'unlimited' | 'qtyInStock'>): boolean {
  return variant.unlimited || variant.qtyInStock > 0;
}

/**
 * SPEC 4.7: physical and service products are sold out when every variant is limited with
 * nothing in stock; digital products and gift cards never are; an unknown type always is
 * (so a product the storefront does not understand can never be bought).
 */
export function isSoldOut(product: {
  productType: number;
  variants: readonly Pick<VariantJson, 'unlimited' | 'qtyInStock'>[];
}): boolean {
  const { productType, variants } = product;
  if (isDigitalGood(productType)) return false;
  if (!tracksStock(productType)) return true;
  return !variants.some(variantHasStock);
}

/** SPEC 4.7 for one chosen variant: what the button, the restock slot and the price mark follow. */
export function isVariantSoldOut(
  product: Pick<ProductJson, 'productType'>,
  variant: Pick<VariantJson, 'unlimited' | 'qtyInStock'>,
): boolean {
  return isSoldOut({ productType: product.productType, variants: [variant] });
}

/** SPEC 4.7: any variant on sale (physical, service), the product's own flag (digital). */
export function isOnSale(
  product: Pick<ProductJson, 'productType' | 'variants' | 'onSale'>,
): boolean {
  const { productType } = product;
  if (tracksStock(productType)) return product.variants.some((v) => v.onSale);
  if (pricedOnProduct(productType)) return product.onSale;
  return false;
}

export type StatusMark = 'sold-out' | 'sale' | null;

/** SPEC 4.7 precedence: sold out, then sale, otherwise none. */
export function statusMark(
  product: Pick<ProductJson, 'productType' | 'variants' | 'onSale'>,
): StatusMark {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return null;
}

/**
 * SPEC 4.7: variants differ in onSale, in salePrice while on sale, or in price. Digital products
 * and gift cards never show multiple prices.
 */
export function hasMultiplePrices(product: ProductLike): boolean {
  const { productType, variants } = product;
  if (isDigitalGood(productType)) return false;
  const first = variants[0];
  if (!first) return false;
  return variants.some(
    (v) =>
      v.onSale !== first.onSale ||
      (v.onSale && first.onSale && v.salePrice !== first.salePrice) ||
      v.price !== first.price,
  );
}

/** What a shopper pays for one unit of the variant now, in minor units. */
export function currentPrice(variant: Pick<VariantJson, 'onSale' | 'price' | 'salePrice'>): number {
  return variant.onSale ? variant.salePrice : variant.price;
}

/**
 * The lowest current price in minor units: over the variants for physical and service products
 * and for gift cards with denominations; the product's own price (or sale price) for digital ones.
 */
export function fromPrice(product: ProductJson): number {
  if (hasNoVariantPrices(product)) {
    return moneyToMinor(product.onSale ? product.salePriceMoney : product.priceMoney);
  }
  return Math.min(...product.variants.map(currentPrice));
}

/** `fromPrice` as Money JSON in the product's currency. */
export function fromPriceMoney(product: ProductJson): MoneyJson {
  return moneyJson(fromPrice(product), product.priceMoney.currency);
}

/**
 * The price shown is the product's own, not a variant's: digital products, and products without
 * variants. Otherwise the chosen (or cheapest) variant's price and sale mark apply.
 */
export function hasNoVariantPrices(
  product: Pick<ProductJson, 'productType' | 'variants'>,
): boolean {
  return pricedOnProduct(product.productType) || product.variants.length === 0;
}

/** 'from {fromPrice}' with the formatted price filled in. */
export function fromPriceText(
  formattedPrice: string,
  template: string = ProductTexts.FROM_PRICE,
): string {
  return template.replace('{fromPrice}', formattedPrice);
}

/** What a price area shows, in minor units of the product's currency. */
export interface DisplayPrice {
  /** What the shopper pays now (the lowest price when `from`). */
  price: number;
  /** The price before the sale, when on sale. */
  originalPrice: number | null;
  /** 'from {fromPrice}': no variant chosen and the variants' prices differ (SPEC 4.7). */
  from: boolean;
}

/**
 * The price of the chosen variant, or — with none chosen — 'from' the lowest price when the
 * product has multiple prices, else the common (first variant's) price. Digital products carry
 * their price and sale on the product; gift cards are never on sale and never 'from' (SPEC 4.7),
 * so a card with several denominations shows its first. Island and templates both use this.
 */
export function displayPrice(product: ProductJson, variant?: VariantJson): DisplayPrice {
  if (hasNoVariantPrices(product)) {
    const price = moneyToMinor(product.priceMoney);
    const onSale = product.onSale && pricedOnProduct(product.productType);
    return {
      price: onSale ? moneyToMinor(product.salePriceMoney) : price,
      originalPrice: onSale ? price : null,
      from: false,
    };
  }
  const shown = variant ?? (hasMultiplePrices(product) ? undefined : product.variants[0]);
  if (!shown) return { price: fromPrice(product), originalPrice: null, from: true };
  const onSale = shown.onSale && !isGiftCard(product.productType);
  return {
    price: onSale ? currentPrice(shown) : shown.price,
    originalPrice: onSale ? shown.price : null,
    from: false,
  };
}

/** SPEC 4.7: custom text overrides both; otherwise 'Subscribe' for subscriptions. */
export function addButtonLabel(
  product: Pick<ProductJson, 'isSubscribable' | 'useCustomAddButtonText' | 'customAddButtonText'>,
  texts: { subscribe: string; addToCart: string } = {
    subscribe: ProductTexts.SUBSCRIBE,
    addToCart: ProductTexts.ADD_TO_CART,
  },
): string {
  const custom = product.customAddButtonText.trim();
  if (product.useCustomAddButtonText && custom) return custom;
  return product.isSubscribable ? texts.subscribe : texts.addToCart;
}

/**
 * SPEC 4.7: the form style (a custom form filled in before adding, whose answers go with the
 * cart entry) when an additional-fields form is set. The one place that decides it: the add to
 * cart flow (storefront islands) and the cart service (server) both ask here.
 */
export function usesFormStyle<P extends Pick<ProductJson, 'additionalFieldsFormId'>>(
  product: P,
): product is P & { additionalFieldsFormId: string } {
  return Boolean(product.additionalFieldsFormId);
}

/** Units across all variants; Infinity when any variant is unlimited. */
export function totalStock(product: Pick<ProductJson, 'variants'>): number {
  let total = 0;
  for (const v of product.variants) {
    if (v.unlimited) return Number.POSITIVE_INFINITY;
    total += Math.max(0, v.qtyInStock);
  }
  return total;
}

/**
 * SPEC 5.2: physical products (and services when the store allows several), never for
 * subscriptions, and only when more than one unit could be bought (unlimited counts as many).
 */
export function quantityInputVisible(
  product: Pick<ProductJson, 'productType' | 'variants' | 'isSubscribable'>,
  store: { multipleQuantityAllowedForServices: boolean },
): boolean {
  const typeAllows =
    tracksStock(product.productType) && unitsPerCart(product.productType, store) > 1;
  return typeAllows && !product.isSubscribable && totalStock(product) > 1;
}

/** SPEC 5.2: selectors only when there is something to choose between. */
export function variantSelectorsVisible(product: Pick<ProductJson, 'variants'>): boolean {
  return product.variants.length > 1;
}

export interface ProductOption {
  name: string;
  /** In the order they first appear among the variants. */
  values: string[];
}

/**
 * The product's options in `variantOptionOrdering` order with their values. Option names that
 * appear on variants but not in the ordering follow, in order of appearance, so none is lost.
 */
export function orderedOptions(
  product: Pick<ProductJson, 'variants' | 'variantOptionOrdering'>,
): ProductOption[] {
  const names = [...product.variantOptionOrdering];
  for (const v of product.variants) {
    for (const name of Object.keys(v.attributes)) if (!names.includes(name)) names.push(name);
  }
  return names
    .map((name) => {
      const values: string[] = [];
      for (const v of product.variants) {
        const value = v.attributes[name];
        if (value !== undefined && !values.includes(value)) values.push(value);
      }
      return { name, values };
    })
    .filter((o) => o.values.length > 0);
}

/** Option name → chosen value; missing or empty means not chosen. */
export type OptionSelection = Record<string, string | null | undefined>;

/**
 * The variant matching every option of the selection. A product with a single variant needs no
 * choice (its selectors are hidden, SPEC 5.2), so that variant is returned whatever is selected.
 */
export function findVariant(
  product: Pick<ProductJson, 'variants' | 'variantOptionOrdering'>,
  selection: OptionSelection,
): VariantJson | undefined {
  if (product.variants.length === 1) return product.variants[0];
  const options = orderedOptions(product);
  if (options.some((o) => !selection[o.name])) return undefined;
  return product.variants.find((v) =>
    options.every((o) => v.attributes[o.name] === selection[o.name]),
  );
}

/** Names of the options the shopper still has to choose, in display order. */
export function unselectedOptions(
  product: Pick<ProductJson, 'variants' | 'variantOptionOrdering'>,
  selection: OptionSelection,
): string[] {
  if (!variantSelectorsVisible(product)) return [];
  return orderedOptions(product)
    .filter((o) => !selection[o.name])
    .map((o) => o.name);
}

/**
 * SPEC 5.1: 'Please select the {option} option.', 'Please select the {option1} and {option2}
 * options.', 'Please select the {optionsList}, and {lastOption} options.'
 */
export function unselectedOptionsMessage(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `Please select the ${names[0]} option.`;
  if (names.length === 2) return `Please select the ${names[0]} and ${names[1]} options.`;
  const last = names[names.length - 1];
  return `Please select the ${names.slice(0, -1).join(', ')}, and ${last} options.`;
}

/** SPEC 4.7: state 1 enables comments; existing comments keep them visible; the site can turn them off. */
export function commentsVisible(
  item: { commentState: number; publicCommentCount: number },
  websiteSettings: { commentsEnabled: boolean },
): boolean {
  if (!websiteSettings.commentsEnabled) return false;
  return item.commentState === 1 || item.publicCommentCount > 0;
}

/** SPEC 4.7: no folder behaviour, index or redirect make an item clickable. */
export function itemClickable(folderBehavior: number | null | undefined): boolean {
  return (
    folderBehavior === null ||
    folderBehavior === undefined ||
    folderBehavior === FolderBehavior.INDEX ||
    folderBehavior === FolderBehavior.REDIRECT
  );
}

/** SPEC 9.1: 'No Comments', '1 Comment', 'N Comments'. */
export function commentCountText(count: number): string {
  if (count <= 0) return 'No Comments';
  if (count === 1) return '1 Comment';
  return `${count} Comments`;
}
