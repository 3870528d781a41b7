import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FieldAnswer } from '../../shared/forms/values.js';

/**
 * Answers to a product's custom form (SPEC 3.6): field id → a value, a list of values (multi-part
 * fields, checkboxes) or, for likert fields, question → answer(s).
 */
export type AdditionalFieldValue = string | string[] | Record<string, string | string[]>;
export type AdditionalFields = Record<string, AdditionalFieldValue>;

/**
 * A visitor's cart on one website. The `cart` cookie is `{id}.{HMAC(secret, site_id.id)}`
 * (see cart-cookie.ts), so the id alone — which the cart JSON shows — opens nothing.
 */
export interface CartsTable {
  id: string;
  site_id: string;
  created: Date;
  updated: Date;
  is_purchased: Generated<boolean>;
  order_id: string | null;
  /** The discount code the shopper applied on the cart page (issue 15), as typed; checked on use. */
  coupon_code: Generated<string | null>;
}

/**
 * One line of a cart. Title, attributes, product type and unit price are snapshots taken from
 * the catalog when the line was added (never from the client).
 */
export interface CartEntriesTable {
  id: string;
  cart_id: string;
  /** Insertion order (entries list in the order they were first added). */
  seq: Generated<number>;
  item_id: string;
  variant_id: string;
  sku: string;
  /** CHECK 1..9999 (SPEC 9.1). */
  quantity: number;
  additional_fields: JSONColumnType<AdditionalFields | null, string | null, string | null>;
  /** Hash of the canonical additional fields ('' for none): same variant + same key merge. */
  additional_fields_key: string;
  /** The answers labelled by their form fields when the line was added (added later: optional). */
  additional_field_answers: ColumnType<
    FieldAnswer[] | null,
    string | null | undefined,
    string | null
  >;
  unit_price_cents: number;
  title: string;
  attributes: JSONColumnType<Record<string, string>, string, string>;
  product_type: number;
  created: Date;
  updated: Date;
}

/** Stored responses of adds sent with an Idempotency-Key header; live for 24 hours. */
export interface IdempotencyKeysTable {
  site_id: string;
  key: string;
  /** The cart the add went into. */
  cart_id: string;
  /** SHA-256 of the crumb cookie of the first request: the same browser may retry without the cart cookie. */
  visitor_hash: string;
  /** SHA-256 of the request body: a key reused for another payload is refused. */
  request_hash: string;
  response: JSONColumnType<object, string, string>;
  created: Date;
}

/** A one-product subscription checkout (SPEC 4.1 path 1); the token is the bearer of it. */
export interface SubscriptionCartsTable {
  /** SHA-256 of the cartToken handed to the browser. */
  token_hash: string;
  site_id: string;
  item_id: string;
  variant_id: string;
  sku: string;
  quantity: number;
  subscription_option_id: string | null;
  additional_fields: JSONColumnType<AdditionalFields | null, string | null, string | null>;
  unit_price_cents: number;
  title: string;
  created: Date;
}

export interface CartTables {
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  subscription_carts: SubscriptionCartsTable;
}
