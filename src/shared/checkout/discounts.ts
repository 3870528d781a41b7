/**
 * Discount codes and automatic discounts (issue 15): the owner API's shapes. The rules that
 * decide whether a discount applies to a cart, and how much it takes off, live here too (pure,
 * so the cart page, the checkout and the server agree).
 */
import type { DiscountKind } from './api.js';

/** POST /api/commerce/discounts and PUT /api/commerce/discounts/{id} body. */
export interface DiscountInput {
  /** The code shoppers type (case-insensitive); absent or null: an automatic discount. */
  code?: string | null;
  /** The owner's name for it; automatic discounts show it as the line's label. */
  title?: string;
  kind: DiscountKind;
  /** percentage: 1–100; fixed: minor units of the website's currency; free-shipping: 0. */
  value: number;
  /** Minor units; the cart's subtotal must reach it. */
  minimumSubtotal?: number;
  /** Epoch ms; none: from now / no end. */
  startsAt?: number | null;
  endsAt?: number | null;
  /** Orders that may use it in all; none: no limit. */
  usageLimit?: number | null;
  oncePerEmail?: boolean;
  /** Only these products count (their lines are discounted); empty or absent: every product. */
  productIds?: string[];
  /** Off: kept but never applied. */
  enabled?: boolean;
}

/** A discount as the owner sees it. */
export interface DiscountJson {
  id: string;
  code: string | null;
  title: string;
  kind: DiscountKind;
  value: number;
  minimumSubtotal: number;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  oncePerEmail: boolean;
  productIds: string[];
  enabled: boolean;
  /** Orders that used it. */
  timesUsed: number;
  /** Money it took off, in all (minor units). */
  totalDiscounted: number;
  created: number;
  updated: number;
}

export interface DiscountListResponse {
  discounts: DiscountJson[];
}
