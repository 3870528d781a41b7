import type { MoneyJson } from './product/types.js';

/** SPEC 3.11: the currencies a store may sell in. */
export const SUPPORTED_CURRENCIES = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const;
export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

/** SPEC 9.2 / 9.3: USD is the default store currency. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export function isSupportedCurrency(code: string): code is CurrencyCode {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(code);
}

/** SPEC 3.11: two fraction digits, except JPY with none. */
export function fractionDigits(currency: string): number {
  return currency.toUpperCase() === 'JPY' ? 0 : 2;
}

/**
 * Minor units (cents, yen) → the decimal string of SPEC 3.3's Money `value`:
 * 1250 USD → '12.50', 1200 JPY → '1200'. Built from integers so no float rounding creeps in.
 */
export function minorToDecimalString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole minor amount: ${minor}`);
  const digits = fractionDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor));
  if (digits === 0) return sign + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$|^(-)?\.(\d+)$/;

/**
 * A decimal amount in major units ('12.5', '1200', 12.5) → minor units, rounded half away from
 * zero to the currency's fraction digits. Throws RangeError for anything that is not a number.
 */
export function decimalToMinor(value: string | number, currency: string): number {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`Not a decimal amount: '${String(value)}'`);
  const negative = Boolean(m[1] ?? m[4]);
  const whole = m[2] ?? '0';
  const frac = m[3] ?? m[5] ?? '';
  const digits = fractionDigits(currency);
  const kept = frac.slice(0, digits).padEnd(digits, '0');
  let minor = Number(whole + kept);
  // Round on the first dropped digit: half away from zero, as cash registers do.
  if ((frac[digits] ?? '0') >= '5') minor += 1;
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount too large: '${String(value)}'`);
  return negative && minor !== 0 ? -minor : minor;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // toFixed avoids exponent notation for the amounts a shop deals in.
  return Math.abs(n) < 1e-6 ? '0' : n.toFixed(10).replace(/\.?0+$/, '');
}

/** SPEC 3.3 Money JSON from minor units. */
export function moneyJson(minor: number, currency: string): MoneyJson {
  return { value: minorToDecimalString(minor, currency), currency };
}

/** Money JSON (`value`/`decimalValue`, `currency`/`currencyCode`) → minor units. */
export function moneyToMinor(money: {
  value?: string | number;
  decimalValue?: string | number;
  currency?: string;
  currencyCode?: string;
}): number {
  const currency = money.currency ?? money.currencyCode ?? DEFAULT_CURRENCY;
  return decimalToMinor(money.value ?? money.decimalValue ?? '0', currency);
}

/**
 * Display text for an amount, e.g. '$12.50', '¥1,200'. Uses the runtime's Intl (present in every
 * browser and in Node) with the currency's fraction digits so JPY never shows '.00'.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = fractionDigits(currency);
  const major = Number(minorToDecimalString(minor, currency));
  try {
    return numberFormat(locale.replace('_', '-'), currency, digits).format(major);
  } catch {
    return `${minorToDecimalString(minor, currency)} ${currency}`;
  }
}

// Building an Intl.NumberFormat costs far more than using one, and pages format many prices.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= 100) formats.clear();
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}
