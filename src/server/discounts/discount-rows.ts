import type { Selectable } from 'kysely';
import type { DiscountJson, DiscountRule } from '../../shared/checkout/discounts.js';
import type { DiscountsTable } from './tables.js';

export type DiscountRow = Selectable<DiscountsTable>;

const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/** product_ids is jsonb: an array from PostgreSQL, possibly text from a raw query. */
function idsOf(v: unknown): string[] {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
}

/** What the shared rules need of a row. */
export function ruleOf(row: DiscountRow): DiscountRule {
  return {
    kind: row.kind,
    value: row.value,
    minimumSubtotal: row.minimum_subtotal,
    startsAt: ms(row.starts_at),
    endsAt: ms(row.ends_at),
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
    oncePerEmail: row.once_per_email,
    productIds: idsOf(row.product_ids),
    enabled: row.enabled,
  };
}

/** The owner's view of a row with its usage (from discount_redemptions). */
export function discountJson(
  row: DiscountRow,
  usage: { timesUsed: number; totalDiscounted: number },
): DiscountJson {
  const rule = ruleOf(row);
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    kind: rule.kind,
    value: rule.value,
    minimumSubtotal: rule.minimumSubtotal,
    startsAt: rule.startsAt,
    endsAt: rule.endsAt,
    usageLimit: rule.usageLimit,
    oncePerEmail: rule.oncePerEmail,
    productIds: [...rule.productIds],
    enabled: rule.enabled,
    timesUsed: usage.timesUsed,
    totalDiscounted: usage.totalDiscounted,
    created: new Date(row.created).getTime(),
    updated: new Date(row.updated).getTime(),
  };
}
