/**
 * Checkout address rules (issue 10, SPEC 5.7 postal codes): the labels a country uses and the
 * checks the browser runs as the shopper types and the server runs again on placement. Pure: the
 * storefront island and the orders service import the same code.
 */
import type { AddressInput, CheckoutFieldErrors } from './api.js';
import { isMailableAddress } from '../forms/email.js';

/** SPEC 5.7 postal-code messages, exact. */
export const PostalMessages = {
  FOUR_DIGITS: 'Postal Codes need to be 4 digits.',
  FIVE_DIGITS: 'Postal Codes need to be 5 digits',
  POSTCODE_FOUR_DIGITS: 'Postcodes need to be 4 digits',
  ZIP_FIVE_DIGITS: 'ZIP Codes need to be 5 digits.',
  INVALID: 'Invalid postal code.',
  FSA_INVALID: 'An FSA code is invalid.',
} as const;

/**
 * SPEC 5.7 hints. The first three speak of postcode prefixes ("routing keys"), which is what the
 * owner's shipping rules match on; the example hints are shown under the shopper's field.
 */
export const PostalHints = {
  OUTCODE: 'Enter only the 1-4 character outcode portion of postcodes.',
  EIRCODE_PREFIX: 'Enter only the first three characters of the Eircode',
  UP_TO_3_DIGITS: 'Enter up to 3 digits of the postcode',
} as const;

export const ROUTING_KEYS_LABEL = 'Routing keys';

/** Field labels the checkout shows (tests and screen readers rely on them). */
export const AddressLabels = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  line1: 'Address',
  line2: 'Address 2',
  city: 'City',
  country: 'Country',
  phone: 'Phone',
  placeOrder: 'Place Order',
} as const;

export type RegionLabel = 'State' | 'Province' | 'County' | 'Region';
export type PostalLabel = 'ZIP Code' | 'Postal Code' | 'Postcode' | 'Eircode';

export interface CountryFormat {
  code: string;
  name: string;
  regionLabel: RegionLabel;
  /** The region must be given (US states, Canadian provinces, Australian states). */
  regionRequired: boolean;
  postalLabel: PostalLabel;
  /** False where the country has no postal codes in common use. */
  postalRequired: boolean;
  /** Example shown under the postal field ('e.g. 10001'); '' when none. */
  postalExample: string;
  /** The example code alone ('10001'), for pages that word the hint in another language. */
  postalSample: string;
}

interface PostalRule {
  test: RegExp;
  message: string;
}

const digits = (n: number, message: string): PostalRule => ({
  test: new RegExp(`^\\d{${n}}$`),
  message,
});

/** Postal formats per country; a country not listed accepts any code of 2–10 characters. */
const POSTAL_RULES: Record<string, PostalRule> = {
  US: { test: /^\d{5}(-\d{4})?$/, message: PostalMessages.ZIP_FIVE_DIGITS },
  AU: digits(4, PostalMessages.POSTCODE_FOUR_DIGITS),
  NZ: digits(4, PostalMessages.POSTCODE_FOUR_DIGITS),
  NO: digits(4, PostalMessages.FOUR_DIGITS),
  DK: digits(4, PostalMessages.FOUR_DIGITS),
  CH: digits(4, PostalMessages.FOUR_DIGITS),
  AT: digits(4, PostalMessages.FOUR_DIGITS),
  BE: digits(4, PostalMessages.FOUR_DIGITS),
  ZA: digits(4, PostalMessages.FOUR_DIGITS),
  PH: digits(4, PostalMessages.FOUR_DIGITS),
  DE: digits(5, PostalMessages.FIVE_DIGITS),
  FR: digits(5, PostalMessages.FIVE_DIGITS),
  ES: digits(5, PostalMessages.FIVE_DIGITS),
  IT: digits(5, PostalMessages.FIVE_DIGITS),
  MX: digits(5, PostalMessages.FIVE_DIGITS),
  FI: digits(5, PostalMessages.FIVE_DIGITS),
  MY: digits(5, PostalMessages.FIVE_DIGITS),
  TH: digits(5, PostalMessages.FIVE_DIGITS),
  ID: digits(5, PostalMessages.FIVE_DIGITS),
  SE: { test: /^\d{3} ?\d{2}$/, message: PostalMessages.FIVE_DIGITS },
  CZ: { test: /^\d{3} ?\d{2}$/, message: PostalMessages.FIVE_DIGITS },
  PL: { test: /^\d{2}-?\d{3}$/, message: PostalMessages.INVALID },
  NL: { test: /^\d{4} ?[A-Z]{2}$/i, message: PostalMessages.INVALID },
  JP: { test: /^\d{3}-?\d{4}$/, message: PostalMessages.INVALID },
  BR: { test: /^\d{5}-?\d{3}$/, message: PostalMessages.INVALID },
  IN: digits(6, PostalMessages.INVALID),
  SG: digits(6, PostalMessages.INVALID),
  RU: digits(6, PostalMessages.INVALID),
  IL: digits(7, PostalMessages.INVALID),
  GB: {
    test: /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKS-UW]|[A-HK-Y][0-9][ABEHMNPRV-Y]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i,
    message: PostalMessages.INVALID,
  },
  IE: {
    test: /^[AC-FHKNPRTV-Y][0-9]{2}[0-9W] ?[0-9AC-FHKNPRTV-Y]{4}$/i,
    message: PostalMessages.INVALID,
  },
};

/**
 * Canadian Forward Sortation Area: letter, digit, letter, where the first letter is one of the
 * 18 that Canada Post uses. A code whose first three characters are no FSA gets SPEC's FSA text.
 */
const CA_FSA = /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z]$/i;
const CA_LDU = /^[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/i;

interface CountryDef {
  name: string;
  region?: RegionLabel;
  regionRequired?: boolean;
  postal?: PostalLabel;
  postalRequired?: boolean;
  example?: string;
}

/** Countries the checkout offers, with their address formats. */
const COUNTRIES: Record<string, CountryDef> = {
  US: {
    name: 'United States',
    region: 'State',
    regionRequired: true,
    postal: 'ZIP Code',
    example: '10001',
  },
  CA: { name: 'Canada', region: 'Province', regionRequired: true, example: 'K1A 0B1' },
  GB: { name: 'United Kingdom', region: 'County', postal: 'Postcode', example: 'SW1A 1AA' },
  IE: {
    name: 'Ireland',
    region: 'County',
    postal: 'Eircode',
    postalRequired: false,
    example: 'D02 X285',
  },
  AU: {
    name: 'Australia',
    region: 'State',
    regionRequired: true,
    postal: 'Postcode',
    example: '2000',
  },
  NZ: { name: 'New Zealand', postal: 'Postcode', example: '6011' },
  JP: { name: 'Japan', region: 'Province', regionRequired: true, example: '100-0001' },
  DE: { name: 'Germany', example: '10115' },
  FR: { name: 'France', example: '75001' },
  ES: { name: 'Spain', region: 'Province', example: '28001' },
  IT: { name: 'Italy', region: 'Province', example: '00118' },
  NL: { name: 'Netherlands', example: '1012 AB' },
  BE: { name: 'Belgium', example: '1000' },
  AT: { name: 'Austria', example: '1010' },
  CH: { name: 'Switzerland', example: '8001' },
  DK: { name: 'Denmark', example: '1050' },
  NO: { name: 'Norway', example: '0150' },
  SE: { name: 'Sweden', example: '111 22' },
  FI: { name: 'Finland', example: '00100' },
  PL: { name: 'Poland', example: '00-001' },
  CZ: { name: 'Czechia', example: '110 00' },
  MX: { name: 'Mexico', region: 'State', regionRequired: true, example: '06000' },
  BR: { name: 'Brazil', region: 'State', regionRequired: true, example: '01000-000' },
  HK: { name: 'Hong Kong', region: 'Region', postalRequired: false },
  SG: { name: 'Singapore', example: '018956' },
  IN: { name: 'India', region: 'State', regionRequired: true, example: '110001' },
  ZA: { name: 'South Africa', region: 'Province', example: '2000' },
};

/** Every country the checkout can show, sorted by name. */
export function countryCodes(): string[] {
  return Object.keys(COUNTRIES).sort((a, b) =>
    COUNTRIES[a]!.name.localeCompare(COUNTRIES[b]!.name),
  );
}

export function isKnownCountry(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(COUNTRIES, code);
}

export function countryFormat(code: string): CountryFormat {
  const def: CountryDef = isKnownCountry(code) ? COUNTRIES[code]! : { name: code };
  return {
    code,
    name: def.name,
    regionLabel: def.region ?? 'Region',
    regionRequired: def.regionRequired ?? false,
    postalLabel: def.postal ?? 'Postal Code',
    postalRequired: def.postalRequired ?? true,
    postalExample: def.example ? `e.g. ${def.example}` : '',
    postalSample: def.example ?? '',
  };
}

const displayNames = new Map<string, Intl.DisplayNames | null>();
// ICU's lookup costs more than the map: every order mail names two countries.
const countryNames = new Map<string, string>();

/**
 * A country's name in a language ('JP' → '日本' in ja, 'Japan' in en), by the runtime's CLDR data
 * (Intl.DisplayNames); the checkout's own English name where the runtime has none.
 */
export function countryName(code: string, language?: string | null): string {
  const lang = (language ?? '').trim() || 'en';
  const key = `${lang}|${code}`;
  let known = countryNames.get(key);
  if (known === undefined) {
    if (countryNames.size >= 2000) countryNames.clear();
    known = lookUpCountryName(code, lang);
    countryNames.set(key, known);
  }
  return known;
}

function lookUpCountryName(code: string, lang: string): string {
  let names = displayNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang.replace('_', '-'), 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(lang, names);
  }
  let name: string | undefined;
  try {
    name = names?.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? name : countryFormat(code).name;
}

/** Upper-cased, inner spaces folded: the form a postal code is checked and stored in. */
export function normalizePostalCode(code: string): string {
  return code.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The SPEC 5.7 message for a postal code that does not fit its country, or null when it fits. */
export function postalCodeError(country: string, code: string): string | null {
  const value = normalizePostalCode(code);
  const format = countryFormat(country);
  if (!value) return format.postalRequired ? PostalMessages.INVALID : null;
  if (country === 'CA') {
    const compact = value.replace(/ /g, '');
    if (!CA_FSA.test(compact.slice(0, 3))) return PostalMessages.FSA_INVALID;
    return compact.length === 6 && CA_LDU.test(compact.slice(3)) ? null : PostalMessages.INVALID;
  }
  const rule = POSTAL_RULES[country];
  if (rule) return rule.test.test(value) ? null : rule.message;
  return /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(value) ? null : PostalMessages.INVALID;
}

const REQUIRED = 'Required';
const LIMITS = { name: 100, line: 200, city: 100, region: 100, phone: 40 } as const;

/**
 * Checks one address; errors are keyed `${prefix}.${field}` (CheckoutFieldErrors). `shipsTo`
 * limits the countries (empty: any known country).
 */
export function validateAddress(
  address: Partial<AddressInput> | undefined,
  prefix: string,
  shipsTo: readonly string[] = [],
): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  const a = address ?? {};
  const need = (field: keyof AddressInput, max: number) => {
    const v = (a[field] ?? '').trim();
    if (!v) errors[`${prefix}.${field}`] = REQUIRED;
    else if (v.length > max) errors[`${prefix}.${field}`] = `Must be ${max} characters or fewer.`;
  };
  need('firstName', LIMITS.name);
  need('lastName', LIMITS.name);
  need('line1', LIMITS.line);
  need('city', LIMITS.city);
  if ((a.line2 ?? '').length > LIMITS.line) {
    errors[`${prefix}.line2`] = `Must be ${LIMITS.line} characters or fewer.`;
  }
  if ((a.phone ?? '').length > LIMITS.phone) {
    errors[`${prefix}.phone`] = `Must be ${LIMITS.phone} characters or fewer.`;
  }
  const country = (a.country ?? '').trim().toUpperCase();
  if (!country) {
    errors[`${prefix}.country`] = REQUIRED;
    return errors;
  }
  if (!isKnownCountry(country) || (shipsTo.length > 0 && !shipsTo.includes(country))) {
    errors[`${prefix}.country`] = 'We do not ship to this country.';
    return errors;
  }
  const format = countryFormat(country);
  const region = (a.region ?? '').trim();
  if (format.regionRequired && !region) errors[`${prefix}.region`] = REQUIRED;
  else if (region.length > LIMITS.region) {
    errors[`${prefix}.region`] = `Must be ${LIMITS.region} characters or fewer.`;
  }
  const postal = postalCodeError(country, a.postalCode ?? '');
  if (postal) errors[`${prefix}.postalCode`] = postal;
  return errors;
}

/**
 * The contact email: required, at most 254 characters, an address with @ that the order mails
 * can be sent to (no header specials: shared/forms/email.ts).
 */
export function emailError(email: string | undefined): string | null {
  const v = (email ?? '').trim();
  if (!v) return REQUIRED;
  if (!isMailableAddress(v)) return 'Please enter a valid email';
  return null;
}

/** Countries that write the city line as "City, Region Postal" (the rest: "Postal City"). */
const CITY_FIRST = new Set(['US', 'CA', 'AU', 'NZ', 'PH', 'MX', 'BR']);
/** Countries with the city and the postcode on lines of their own. */
const OWN_LINES = new Set(['GB', 'IE']);

/**
 * An address as the lines written on an envelope in its country, ending with the country's
 * name in `language` (the site's; English when absent). Raw text: the template escapes each line.
 */
export function addressLines(a: AddressInput, language?: string | null): string[] {
  const name = `${a.firstName} ${a.lastName}`.trim();
  const country = countryName(a.country, language);
  const region = a.region ?? '';
  const postal = a.postalCode ?? '';
  const join = (parts: string[], sep = ' ') => parts.filter((p) => p.trim()).join(sep);
  let lines: string[];
  if (a.country === 'JP') {
    // Japanese order: postcode, prefecture and city, street, building, then family name first.
    const jpName = `${a.lastName} ${a.firstName}`.trim();
    lines = [postal ? `〒${postal}` : '', join([region, a.city]), a.line1, a.line2 ?? '', jpName];
  } else if (OWN_LINES.has(a.country)) {
    lines = [name, a.line1, a.line2 ?? '', a.city, region, postal];
  } else if (CITY_FIRST.has(a.country)) {
    lines = [name, a.line1, a.line2 ?? '', join([a.city, join([region, postal])], ', ')];
  } else {
    lines = [name, a.line1, a.line2 ?? '', join([postal, a.city]), region];
  }
  return [...lines, country, a.phone ?? ''].filter((l) => l.trim());
}
