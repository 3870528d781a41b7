/**
 * The checkout page's words (the `checkout-page` island, pageType 201) per site language, picked
 * like every storefront text (`byLanguage`: 'ja', 'ja-JP'… → ja; any other → en). English keeps
 * the labels and SPEC 5.7 messages the rest of the code and the tests use (`AddressLabels`,
 * `PostalMessages`), so an English site reads exactly as before. The server's field errors stay
 * English (they are the wire contract, docs/checkout-api.md): `localizeMessage` turns the known
 * ones into the page's language, most through the registry's table (`i18n/{language}/messages.ts`,
 * which the page fetches only when a message shows). To add a language, add its
 * `i18n/{language}/checkout.ts`.
 */
import { areaTexts } from '../i18n/text-packs.js';
import { minimumSubtotalText } from '../cart/cart-minimum.js';
import { Messages } from '../errors.js';
import { AddressLabels, type PostalLabel, type RegionLabel } from './address-rules.js';

/** Address fields in the order a form shows them. */
export type AddressField =
  | 'firstName'
  | 'lastName'
  | 'line1'
  | 'line2'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'phone';

export interface CheckoutTexts {
  /** The page's heading and title. */
  pageTitle: string;
  /** The subscription checkout (issue 15): its button, while it works, and the plan's label. */
  subscription: { subscribe: string; subscribing: string; plan: string };
  steps: { contact: string; address: string; delivery: string; payment: string; review: string };
  labels: { email: string; placeOrder: string } & Record<
    Exclude<AddressField, 'region' | 'postalCode'>,
    string
  >;
  regionLabels: Record<RegionLabel, string>;
  /** A country whose region has a name of its own in this language (JP: 都道府県). */
  regionLabelByCountry: Readonly<Record<string, string>>;
  postalLabels: Record<PostalLabel, string>;
  /** The address form's field order (Japanese forms: family name first, postcode before the city). */
  addressOrder: readonly AddressField[];
  /** Between the lines of an address written on one line. */
  addressSeparator: string;
  /** How a person's name is written in summaries. */
  fullName: (first: string, last: string) => string;
  optional: string;
  example: (sample: string) => string;
  continueText: string;
  edit: string;
  editStep: (step: string) => string;
  loading: string;
  cartEmpty: string;
  backToCart: string;
  tryAgain: string;
  free: string;
  noShippingToAddress: string;
  testBadge: string;
  testBanner: string;
  cardNumber: string;
  testCardHint: string;
  /** The providers whose label is ours (the manual provider's is the owner's own). */
  providerLabels: { test: string; stripe: string };
  stripeLoading: string;
  stripeUnavailable: string;
  /** The payment step's note when Stripe is chosen: the card is typed on the review step. */
  stripeOnReview: string;
  cardDetails: string;
  billingSame: string;
  billingSummary: (address: string) => string;
  total: string;
  placing: string;
  changeCart: string;
  onlyLeft: (what: string, n: number) => string;
  soldOut: (what: string) => string;
  orderSummary: string;
  subtotal: string;
  shipping: string;
  shippingLater: string;
  taxLine: (name: string, rate: number, included: boolean) => string;
  discount: string;
  giftCard: string;
  /** Issue 15: the one field for discount codes and gift cards, and what it shows. */
  codeField: string;
  apply: string;
  removeCode: (code: string) => string;
  giftCardEnding: (last4: string) => string;
  freeShipping: string;
  nothingToPay: string;
  quantity: (n: number) => string;
  /**
   * Texts of the server and the shared rules (English) the checkout words its own way in this
   * language; every other one is the registry's (`i18n/{language}/messages.ts`, fetched when shown).
   */
  messages: Readonly<Record<string, string>>;
  /** 'Must be 100 characters or fewer.' */
  maxLength: (n: number) => string;
  /** SPEC 8.3's store minimum, with the amount formatted. */
  minimumSubtotal: (amount: string) => string;
}

const EN: CheckoutTexts = {
  pageTitle: 'Checkout',
  subscription: { subscribe: 'Subscribe', subscribing: 'Subscribing…', plan: 'Plan' },
  steps: {
    contact: 'Contact',
    address: 'Shipping address',
    delivery: 'Shipping method',
    payment: 'Payment',
    review: 'Review',
  },
  labels: { ...AddressLabels },
  regionLabels: { State: 'State', Province: 'Province', County: 'County', Region: 'Region' },
  regionLabelByCountry: {},
  postalLabels: {
    'ZIP Code': 'ZIP Code',
    'Postal Code': 'Postal Code',
    Postcode: 'Postcode',
    Eircode: 'Eircode',
  },
  addressOrder: [
    'firstName',
    'lastName',
    'line1',
    'line2',
    'city',
    'country',
    'region',
    'postalCode',
    'phone',
  ],
  addressSeparator: ', ',
  fullName: (first, last) => `${first} ${last}`.trim(),
  optional: 'Optional',
  example: (sample) => `e.g. ${sample}`,
  continueText: 'Continue',
  edit: 'Edit',
  editStep: (step) => `Edit ${step.toLowerCase()}`,
  loading: 'Loading…',
  cartEmpty: Messages.CART_EMPTY,
  backToCart: 'Back to cart',
  tryAgain: 'Try again',
  free: 'Free',
  noShippingToAddress: 'We do not ship to this address.',
  testBadge: 'Test mode',
  testBanner: 'No real payment is taken.',
  cardNumber: 'Card number',
  testCardHint: 'Test mode: 4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined.',
  providerLabels: { test: 'Test card', stripe: 'Card' },
  stripeLoading: 'Loading the card form…',
  stripeUnavailable: 'The card form could not be loaded. Try again, or choose another way to pay.',
  stripeOnReview: 'You enter your card details in the last step, just before placing the order.',
  cardDetails: 'Card details',
  billingSame: 'Billing address same as shipping',
  billingSummary: (address) => `Billing: ${address}`,
  total: 'Total',
  placing: 'Placing order…',
  changeCart: 'Change your cart',
  onlyLeft: (what, n) => `${what}: only ${n} left`,
  soldOut: (what) => `${what}: sold out`,
  orderSummary: 'Order summary',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  shippingLater: 'Calculated at next step',
  taxLine: (name, rate, included) => `${included ? 'Includes ' : ''}${name} (${rate}%)`,
  discount: 'Discount',
  giftCard: 'Gift card',
  codeField: 'Discount code or gift card',
  apply: 'Apply',
  removeCode: (code) => `Remove ${code}`,
  giftCardEnding: (last4) => `Gift card •••• ${last4}`,
  freeShipping: 'Free shipping',
  nothingToPay: 'Nothing left to pay: your discounts and gift cards cover this order.',
  quantity: (n) => `Quantity ${n}`,
  messages: {},
  maxLength: (n) => `Must be ${n} characters or fewer.`,
  minimumSubtotal: minimumSubtotalText,
};

export const ENGLISH_CHECKOUT_TEXTS: CheckoutTexts = EN;

/** The checkout's texts for a site language ('ja', 'ja-JP'…); English for any other. */
export function checkoutTexts(language: string | null | undefined): CheckoutTexts {
  return areaTexts<CheckoutTexts>('checkout', language) ?? EN;
}

/**
 * A text of the server or the shared rules in the page's language, as the checkout words it: its
 * own `messages` (the few it words its own way), the length and store-minimum sentences; every
 * other text through `registry` — the registry's table (`localizeMessage` of `i18n/messages.ts`,
 * which the island fetches only when a message shows: `useMessages`).
 */
export function localizeMessage(
  texts: CheckoutTexts,
  message: string,
  registry: (message: string) => string,
): string {
  if (Object.hasOwn(texts.messages, message)) return texts.messages[message]!;
  const max = /^Must be (\d+) characters or fewer\.$/.exec(message);
  if (max) return texts.maxLength(Number(max[1]));
  const minimum = /^To check out, your order subtotal must be (.+) or more\.$/.exec(message);
  return minimum ? texts.minimumSubtotal(minimum[1]!) : registry(message);
}

/** The region field's label for a country ('State', 'Province'…; 都道府県 for Japan in ja). */
export function regionLabel(texts: CheckoutTexts, country: string, label: RegionLabel): string {
  return Object.hasOwn(texts.regionLabelByCountry, country)
    ? texts.regionLabelByCountry[country]!
    : texts.regionLabels[label];
}
