/**
 * Checkout totals (issue 10): shipping options priced for a cart, tax lines, discount and
 * gift-card slots, grand total. Pure: the server computes every quote and every order with it,
 * the checkout page may show the same numbers. Amounts are integers in minor units of the
 * website's currency (JPY has 0 digits, so its minor unit is the yen).
 *
 * Tax rounding (docs/checkout-api.md "Tax"): tax is computed per cart line and per rule, each
 * rounded to the minor unit half away from zero, then summed — so the tax of a line never
 * depends on what else is in the cart and a receipt's lines add up to its total. Shipping is
 * one more "line" for rules that tax it. Prices that include tax: the included part of an amount
 * A at rate r is round(A × r / (100 + r)); it is shown, not added.
 */
import type { AddressInput, ShippingOptionJson, TaxLineJson, TotalsJson } from './api.js';
import type { CheckoutSettings, ShippingOptionSettings, TaxRuleSettings } from './settings.js';
import { isDigitalGood, needsShipping } from '../product/rules-product.js';

export interface TotalsLine {
  productType: number;
  unitPrice: number;
  quantity: number;
  /** Grams per unit; 0 when the catalog has none. */
  weightGrams?: number;
}

export interface TotalsInput {
  currency: string;
  lines: readonly TotalsLine[];
  settings: CheckoutSettings;
  /** Where it goes; the shipping address, or the billing one for a cart that ships nothing. */
  address?: Partial<AddressInput> | undefined;
  shippingOptionId?: string | undefined;
  /** Discount applied to the subtotal (issue 15). */
  discount?: number;
  /** A free-shipping discount applies: every option is offered at 0 (issue 15). */
  freeShipping?: boolean;
  /** Gift cards applied to the grand total (issue 15). */
  giftCard?: number;
}

export interface Quote {
  totals: TotalsJson;
  requiresShipping: boolean;
  purelyDigital: boolean;
  /** Options that serve the address's country (all of them priced for this cart). */
  shippingOptions: ShippingOptionJson[];
  /** The chosen option: the requested one when offered, else the first; null when none. */
  selected: ShippingOptionJson | null;
  /** True when `shippingOptionId` was given but is not offered for this cart and address. */
  requestedOptionUnavailable: boolean;
  /** What free shipping saved on the selected option (0 without it). */
  shippingSaved: number;
}

/** SPEC 3.1: a cart requires shipping when any line is a physical product. */
export function cartRequiresShipping(lines: readonly Pick<TotalsLine, 'productType'>[]): boolean {
  return lines.some((l) => needsShipping(l.productType));
}

/** SPEC 3.1: every line is a digital product or a gift card. */
export function cartPurelyDigital(lines: readonly Pick<TotalsLine, 'productType'>[]): boolean {
  return lines.length > 0 && lines.every((l) => isDigitalGood(l.productType));
}

/** Round half away from zero (amounts here are never negative, so half up). */
function roundMinor(x: number): number {
  // 1e-9 absorbs binary error in products like 1000 × 8.875 / 100 = 88.74999….
  return Math.sign(x) * Math.floor(Math.abs(x) + 0.5 + 1e-9);
}

/** Tax of one amount at `rate` percent: added on top, or the part already included. */
export function taxOf(amount: number, rate: number, included: boolean): number {
  if (amount <= 0 || rate <= 0) return 0;
  return included ? roundMinor((amount * rate) / (100 + rate)) : roundMinor((amount * rate) / 100);
}

/** What an option costs for this cart, or null when it cannot serve it (no tier fits). */
export function shippingAmount(
  option: ShippingOptionSettings,
  subtotal: number,
  weightGrams: number,
): number | null {
  switch (option.kind) {
    case 'flat':
    case 'pickup':
      return option.amount;
    case 'free_over':
      return option.freeOver !== undefined && subtotal >= option.freeOver ? 0 : option.amount;
    case 'weight_tiers':
    case 'price_tiers': {
      const measure = option.kind === 'weight_tiers' ? weightGrams : subtotal;
      const tier = (option.tiers ?? []).find((t) => t.upTo === null || measure <= t.upTo);
      return tier ? tier.amount : null;
    }
  }
}

/** Options offered to a country: it must be one the website ships to (pickup: any country). */
function servesCountry(
  settings: CheckoutSettings,
  option: ShippingOptionSettings,
  country: string,
): boolean {
  if (option.kind === 'pickup')
    return option.countries.length === 0 || option.countries.includes(country);
  if (!settings.shipsTo.includes(country)) return false;
  return option.countries.length === 0 || option.countries.includes(country);
}

/** Tax rules for an address: the country's own rules and those of its region. */
export function applicableTaxRules(
  settings: CheckoutSettings,
  address: Partial<AddressInput> | undefined,
): TaxRuleSettings[] {
  const country = (address?.country ?? '').trim().toUpperCase();
  if (!country) return [];
  const region = (address?.region ?? '').trim().toUpperCase();
  return settings.taxRules.filter(
    (r) => r.country === country && (r.region === '' || r.region.toUpperCase() === region),
  );
}

/** The totals of a cart for an address and a shipping option. */
export function computeQuote(input: TotalsInput): Quote {
  const { settings, lines } = input;
  const requiresShipping = cartRequiresShipping(lines);
  const purelyDigital = cartPurelyDigital(lines);
  let subtotal = 0;
  let weight = 0;
  for (const l of lines) {
    subtotal += l.unitPrice * l.quantity;
    weight += (l.weightGrams ?? 0) * l.quantity;
  }
  const country = (input.address?.country ?? '').trim().toUpperCase();

  const shippingOptions: ShippingOptionJson[] = [];
  /** Each offered option's price before free shipping. */
  const fullPrice = new Map<string, number>();
  if (requiresShipping && country) {
    for (const o of settings.shippingOptions) {
      if (!servesCountry(settings, o, country)) continue;
      const amount = shippingAmount(o, subtotal, weight);
      if (amount === null) continue;
      fullPrice.set(o.id, amount);
      shippingOptions.push({
        id: o.id,
        name: o.name,
        kind: o.kind,
        amount: input.freeShipping ? 0 : amount,
        description: o.description,
      });
    }
  }
  const requested = input.shippingOptionId
    ? shippingOptions.find((o) => o.id === input.shippingOptionId)
    : undefined;
  const selected = requested ?? shippingOptions[0] ?? null;
  const shippingTotal = selected?.amount ?? 0;
  const shippingSaved = selected ? (fullPrice.get(selected.id) ?? 0) - selected.amount : 0;

  const discount = Math.min(Math.max(0, input.discount ?? 0), subtotal);
  const included = settings.pricesIncludeTax;
  const taxLines: TaxLineJson[] = [];
  for (const rule of applicableTaxRules(settings, input.address)) {
    let amount = 0;
    // Per line, per rule: each rounded on its own (see the file comment).
    for (const l of lines) amount += taxOf(l.unitPrice * l.quantity, rule.rate, included);
    if (rule.appliesToShipping) amount += taxOf(shippingTotal, rule.rate, included);
    taxLines.push({ id: rule.id, name: rule.name, rate: rule.rate, amount, included });
  }
  const taxTotal = taxLines.reduce((sum, t) => sum + t.amount, 0);
  const beforeGiftCards = subtotal - discount + shippingTotal + (included ? 0 : taxTotal);
  const giftCardTotal = Math.min(Math.max(0, input.giftCard ?? 0), beforeGiftCards);
  return {
    totals: {
      currency: input.currency,
      subtotal,
      shippingTotal,
      taxTotal,
      discountTotal: discount,
      giftCardTotal,
      grandTotal: beforeGiftCards - giftCardTotal,
      taxLines,
    },
    requiresShipping,
    purelyDigital,
    shippingOptions,
    selected,
    requestedOptionUnavailable: Boolean(input.shippingOptionId) && !requested,
    shippingSaved,
  };
}
