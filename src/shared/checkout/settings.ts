/**
 * A website's checkout settings (issue 10, docs/checkout-api.md "Settings"): where it ships and
 * at what price, which taxes apply, which payment providers it offers. Read and replaced whole by
 * the owner through GET/PUT /api/commerce/settings/checkout; the totals (`totals.ts`) are computed
 * from it. Amounts are integers in minor units of the website's currency.
 */
import type { PaymentProviderId, ShippingKind } from './api.js';
import { PAYMENT_PROVIDERS } from './api.js';
import { isKnownCountry } from './address-rules.js';

export const SHIPPING_KINDS: readonly ShippingKind[] = [
  'flat',
  'free_over',
  'weight_tiers',
  'price_tiers',
  'pickup',
];

/** One step of a tiered rate: applies while the measure is at most `upTo` (null: no limit). */
export interface ShippingTier {
  /** Grams for weight tiers, minor units of subtotal for price tiers; null for the last tier. */
  upTo: number | null;
  amount: number;
}

export interface ShippingOptionSettings {
  /** Stable id the checkout sends back as `shippingOptionId`. */
  id: string;
  name: string;
  kind: ShippingKind;
  /** Shown under the option (pickup address and hours, delivery times); '' when none. */
  description: string;
  /** Countries this option serves (ISO alpha-2); empty: every country the website ships to. */
  countries: string[];
  /** flat and pickup: the price; free_over: the price below the threshold. */
  amount: number;
  /** free_over: subtotal from which shipping is free. */
  freeOver?: number;
  /** weight_tiers and price_tiers: ascending by `upTo`. */
  tiers?: ShippingTier[];
}

export interface TaxRuleSettings {
  id: string;
  /** Shown as the tax line, e.g. 'NY State Tax', '消費税'. */
  name: string;
  /** ISO alpha-2. */
  country: string;
  /** '' for the whole country; otherwise the region as the address gives it ('NY'). */
  region: string;
  /** Percent, up to 3 decimals (8.875). */
  rate: number;
  /** Shipping is taxed by this rule too. */
  appliesToShipping: boolean;
}

export interface PaymentSettings {
  test: { enabled: boolean };
  manual: {
    enabled: boolean;
    /** The option's name on the page ('Bank transfer', 'Pay on pickup'). */
    label: string;
    /** Shown on the page, the confirmation and the order status page. */
    instructions: string;
  };
  /** Keys come from STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET, never from here. */
  stripe: { enabled: boolean };
}

export interface CheckoutSettings {
  /** Countries the website ships to (ISO alpha-2). */
  shipsTo: string[];
  shippingOptions: ShippingOptionSettings[];
  taxRules: TaxRuleSettings[];
  /** The catalog's prices already include tax (tax is shown, not added). */
  pricesIncludeTax: boolean;
  payments: PaymentSettings;
  /** Orders are marked as test orders (SPEC 3.9 testMode) and the page says so. */
  testMode: boolean;
}

/** A website that never set anything: ships nowhere, no tax, the test provider in test mode. */
export function defaultCheckoutSettings(): CheckoutSettings {
  return {
    shipsTo: [],
    shippingOptions: [],
    taxRules: [],
    pricesIncludeTax: false,
    payments: {
      test: { enabled: true },
      manual: { enabled: false, label: 'Bank transfer', instructions: '' },
      stripe: { enabled: false },
    },
    testMode: true,
  };
}

/** Providers the settings turn on, in display order. */
export function enabledProviders(settings: CheckoutSettings): PaymentProviderId[] {
  return PAYMENT_PROVIDERS.filter((p) => settings.payments[p].enabled);
}

/** Limits of the settings document (it is read on every quote). */
export const SETTINGS_LIMITS = {
  options: 50,
  taxRules: 200,
  tiers: 20,
  countries: 250,
  name: 100,
  description: 500,
  instructions: 2000,
  maxAmount: 100_000_000_00,
} as const;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Problems with a settings document, keyed by path (`shippingOptions.0.amount`) with a message
 * the owner's screen shows beside the field; empty when it is valid. TypeBox checks the JSON
 * shape at the route; this checks what a schema cannot (ids unique, tiers ascending, countries
 * known, amounts whole).
 */
export function checkoutSettingsErrors(s: CheckoutSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const L = SETTINGS_LIMITS;
  const amount = (path: string, v: number | undefined, required = true) => {
    if (v === undefined) {
      if (required) errors[path] = 'Required';
      return;
    }
    // NaN is what the editor's money field sends for text it cannot read as an amount.
    if (Number.isNaN(v) || v < 0) errors[path] = 'Enter an amount of 0 or more.';
    else if (v > L.maxAmount) errors[path] = 'This amount is too large.';
    else if (!Number.isInteger(v)) errors[path] = 'Enter a whole amount in minor units, 0 or more.';
  };
  const country = (path: string, c: string) => {
    if (!isKnownCountry(c)) errors[path] = `${c || '(empty)'} is not a country the checkout knows.`;
  };
  s.shipsTo.forEach((c, i) => country(`shipsTo.${i}`, c));
  if (new Set(s.shipsTo).size !== s.shipsTo.length) errors.shipsTo = 'A country is listed twice.';

  const optionIds = new Set<string>();
  s.shippingOptions.forEach((o, i) => {
    const p = `shippingOptions.${i}`;
    if (!ID.test(o.id)) errors[`${p}.id`] = 'Use 1–64 letters, digits, - or _.';
    else if (optionIds.has(o.id)) errors[`${p}.id`] = 'Another option has this id.';
    optionIds.add(o.id);
    if (!o.name.trim()) errors[`${p}.name`] = 'Required';
    else if (o.name.length > L.name) errors[`${p}.name`] = `Must be ${L.name} characters or fewer.`;
    if (o.description.length > L.description) {
      errors[`${p}.description`] = `Must be ${L.description} characters or fewer.`;
    }
    o.countries.forEach((c, j) => {
      country(`${p}.countries.${j}`, c);
      if (s.shipsTo.length && !s.shipsTo.includes(c) && o.kind !== 'pickup') {
        errors[`${p}.countries.${j}`] = `${c} is not in the countries you ship to.`;
      }
    });
    amount(`${p}.amount`, o.amount);
    if (o.kind === 'free_over') amount(`${p}.freeOver`, o.freeOver);
    if (o.kind === 'weight_tiers' || o.kind === 'price_tiers') {
      const tiers = o.tiers ?? [];
      if (!tiers.length) errors[`${p}.tiers`] = 'Add at least one tier.';
      if (tiers.length > L.tiers) errors[`${p}.tiers`] = `At most ${L.tiers} tiers.`;
      let last = -1;
      tiers.forEach((t, j) => {
        amount(`${p}.tiers.${j}.amount`, t.amount);
        if (t.upTo === null) {
          if (j !== tiers.length - 1)
            errors[`${p}.tiers.${j}.upTo`] = 'Only the last tier has no limit.';
        } else if (!Number.isInteger(t.upTo) || t.upTo <= last) {
          errors[`${p}.tiers.${j}.upTo`] = 'Limits must be whole numbers, each above the last.';
        } else last = t.upTo;
      });
    }
  });

  const ruleIds = new Set<string>();
  s.taxRules.forEach((r, i) => {
    const p = `taxRules.${i}`;
    if (!ID.test(r.id)) errors[`${p}.id`] = 'Use 1–64 letters, digits, - or _.';
    else if (ruleIds.has(r.id)) errors[`${p}.id`] = 'Another tax rule has this id.';
    ruleIds.add(r.id);
    if (!r.name.trim()) errors[`${p}.name`] = 'Required';
    else if (r.name.length > L.name) errors[`${p}.name`] = `Must be ${L.name} characters or fewer.`;
    country(`${p}.country`, r.country);
    if (!(r.rate >= 0 && r.rate <= 100) || Math.round(r.rate * 1000) !== r.rate * 1000) {
      errors[`${p}.rate`] = 'Enter a percentage from 0 to 100 with at most 3 decimals.';
    }
  });

  const m = s.payments.manual;
  if (m.enabled && !m.label.trim()) errors['payments.manual.label'] = 'Required';
  if (m.label.length > L.name)
    errors['payments.manual.label'] = `Must be ${L.name} characters or fewer.`;
  if (m.enabled && !m.instructions.trim()) {
    errors['payments.manual.instructions'] = 'Tell shoppers how to pay.';
  }
  if (m.instructions.length > L.instructions) {
    errors['payments.manual.instructions'] = `Must be ${L.instructions} characters or fewer.`;
  }
  if (!enabledProviders(s).length) errors.payments = 'Turn on at least one way to pay.';
  return errors;
}
