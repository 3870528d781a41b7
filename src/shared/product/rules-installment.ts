/** SPEC 5.5 / 9.1 buy-now-pay-later (installment) notice rules. */
import { ProductType } from '../enums.js';
import { decimalToMinor } from '../money.js';
import type { MerchandisingContextJson, ProductJson } from './types.js';

/** SPEC 9.1: four interest-free instalments by default. */
export const INSTALLMENT_COUNT = 4;
export const INSTALLMENT_COUNTRIES = ['US', 'CA', 'AU', 'NZ', 'GB'] as const;
export const INSTALLMENT_LOCALES = ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ', 'en_GB'] as const;

/** SPEC 9.1: the provider's brand, which trades under another name for en_GB. */
export function installmentBrand(locale: string): 'Afterpay' | 'Clearpay' {
  return normaliseLocale(locale) === 'en_GB' ? 'Clearpay' : 'Afterpay';
}

function normaliseLocale(locale: string): string {
  const [lang = '', region = ''] = locale.split(/[-_]/);
  return region ? `${lang.toLowerCase()}_${region.toUpperCase()}` : lang.toLowerCase();
}

/**
 * The supported locale for a shopper's language and the provider account's country:
 * the shopper's language in that country when supported (fr_CA), else English there (en_GB),
 * else undefined (the country is not served).
 */
export function installmentLocale(shopperLanguage: string, country: string): string | undefined {
  const c = country.toUpperCase();
  if (!(INSTALLMENT_COUNTRIES as readonly string[]).includes(c)) return undefined;
  const lang = normaliseLocale(shopperLanguage).split('_')[0] || 'en';
  const supported = INSTALLMENT_LOCALES as readonly string[];
  if (supported.includes(`${lang}_${c}`)) return `${lang}_${c}`;
  return supported.includes(`en_${c}`) ? `en_${c}` : undefined;
}

/** SPEC 5.5: in range when the price is above the minimum and not above the maximum. */
export function installmentInRange(
  priceMinor: number,
  minMinor: number,
  maxMinor: number,
): boolean {
  return priceMinor > minMinor && priceMinor <= maxMinor;
}

/** One instalment, rounded up to the minor unit so the instalments never total less than the price. */
export function installmentAmount(priceMinor: number, count = INSTALLMENT_COUNT): number {
  return Math.ceil(priceMinor / count);
}

export interface InstallmentNotice {
  brand: 'Afterpay' | 'Clearpay';
  locale: string;
  inRange: boolean;
  count: number;
  /** Minor units. */
  installmentAmount: number;
  min: number;
  max: number;
}

/**
 * SPEC 5.5: the notice applies only to physical, non-subscribable products where the provider is
 * available (flag set, a supported country). Returns null when no notice shows at all; otherwise
 * whether the price is in range and what each instalment costs.
 */
export function installmentNotice(
  product: Pick<ProductJson, 'productType' | 'isSubscribable'>,
  context: Pick<
    MerchandisingContextJson,
    | 'afterPayAvailable'
    | 'afterPayMin'
    | 'afterPayMax'
    | 'shopperLanguage'
    | 'paymentProviderCountry'
  >,
  priceMinor: number,
  currency: string,
): InstallmentNotice | null {
  if (product.productType !== ProductType.PHYSICAL || product.isSubscribable) return null;
  if (!context.afterPayAvailable) return null;
  const locale = installmentLocale(context.shopperLanguage, context.paymentProviderCountry);
  if (!locale) return null;
  const min = decimalToMinor(context.afterPayMin || '0', currency);
  const max = decimalToMinor(context.afterPayMax || '0', currency);
  return {
    brand: installmentBrand(locale),
    locale,
    inRange: installmentInRange(priceMinor, min, max),
    count: INSTALLMENT_COUNT,
    installmentAmount: installmentAmount(priceMinor),
    min,
    max,
  };
}
