import type { Generated, JSONColumnType } from 'kysely';
import type { DiscountKind } from '../../shared/checkout/api.js';

/**
 * A discount (issue 15): a code shoppers type, or automatic (code null). `times_used` is taken
 * by `place_order` under the row's lock, so a usage limit holds when orders race.
 */
export interface DiscountsTable {
  id: string;
  site_id: string;
  /** As the owner wrote it; unique per website case-insensitively (lower(code) index). */
  code: string | null;
  title: string;
  kind: DiscountKind;
  value: number;
  minimum_subtotal: number;
  starts_at: Date | null;
  ends_at: Date | null;
  usage_limit: number | null;
  times_used: number;
  once_per_email: boolean;
  product_ids: JSONColumnType<string[]>;
  enabled: boolean;
  created: Date;
  updated: Date;
}

/**
 * One use of a discount by an order. `once_key` is the lower-cased email when the discount is
 * once per email, else null: UNIQUE (discount_id, once_key) refuses a second use by one email.
 */
export interface DiscountRedemptionsTable {
  id: Generated<number>;
  discount_id: string;
  site_id: string;
  order_id: string;
  email: string;
  once_key: string | null;
  amount: number;
  created: Date;
}

export interface DiscountsTables {
  discounts: DiscountsTable;
  discount_redemptions: DiscountRedemptionsTable;
}
