import type { Selectable } from 'kysely';
import type { SubscriptionJson } from '../../shared/checkout/subscriptions.js';
import { formatMoney } from '../../shared/money.js';
import {
  subscriptionPriceText,
  subscriptionWords,
} from '../../shared/product/rules-subscription.js';
import type { SubscriptionsTable } from './tables.js';
import { managePath } from './manage-token.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export function planOf(
  row: Pick<SubscriptionRow, 'period_value' | 'period_unit' | 'num_billing_cycles'>,
) {
  return {
    billingPeriod: { value: row.period_value, unit: row.period_unit },
    numBillingCycles: row.num_billing_cycles,
  };
}

/** SPEC 9.2's phrase for a subscription's price per period ('$20.00 every month'), in `language`. */
export function pricePhrase(row: SubscriptionRow, language: string): string {
  const price = formatMoney(row.unit_price * row.quantity, row.currency, language);
  return subscriptionPriceText(price, planOf(row), subscriptionWords(language));
}

/** The API shape; `manageUrl` is the signed path (origin added where mail needs it). */
export function subscriptionJson(secret: string, row: SubscriptionRow): SubscriptionJson {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    itemId: row.item_id,
    title: row.title,
    sku: row.sku,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    currency: row.currency,
    ...planOf(row),
    cyclesCharged: row.cycles_charged,
    nextChargeOn: row.next_charge_on,
    pricePhrase: pricePhrase(row, row.language),
    manageUrl: managePath(secret, row.site_id, row.id),
    created: new Date(row.created).getTime(),
  };
}
