import { useId } from 'react';
import { fillText } from '../../../shared/i18n/storefront-texts.js';
import { formatMoney } from '../../../shared/money.js';
import { subscriptionPriceText, subscriptionWords } from '../../../shared/product/rules.js';
import type { ProductJson } from '../../../shared/product/types.js';

export const ONE_TIME = 'one-time';

export interface PurchaseChoice {
  /** ONE_TIME, 'plan', or a productSubscriptionOptions id. */
  value: string;
  label: string;
  subscription: boolean;
  subscriptionOptionId?: string;
}

/**
 * SPEC 1.1 / 9.2: a subscribable product offers its subscription price phrase(s) and, when the
 * store allows it, the one-time price. Options with a discount are priced after the discount.
 */
export function purchaseChoices(
  product: ProductJson,
  priceMinor: number,
  currency: string,
  locale: string,
): PurchaseChoice[] {
  if (!product.isSubscribable) return [];
  const fmt = (minor: number) => formatMoney(minor, currency, locale);
  const words = subscriptionWords(locale);
  const choices: PurchaseChoice[] = [];
  if (product.productSubscriptionOptions.length > 0) {
    for (const o of product.productSubscriptionOptions) {
      const discounted = Math.round(
        (priceMinor * (100 - Math.max(0, Math.min(100, o.discountPercent)))) / 100,
      );
      choices.push({
        value: o.id,
        label: subscriptionPriceText(fmt(discounted), o, words),
        subscription: true,
        subscriptionOptionId: o.id,
      });
    }
  } else if (product.subscriptionPlan) {
    choices.push({
      value: 'plan',
      label: subscriptionPriceText(fmt(priceMinor), product.subscriptionPlan, words),
      subscription: true,
    });
  }
  if (product.oneTimePurchaseAllowed) {
    choices.push({
      value: ONE_TIME,
      label: fillText(words.oneTimePurchase, { price: fmt(priceMinor) }),
      subscription: false,
    });
  }
  return choices;
}

/** Radio buttons when there is a choice; the single phrase otherwise. */
export function SubscriptionChoice(props: {
  choices: PurchaseChoice[];
  value: string;
  onChange: (value: string) => void;
  /** The radio group's name in the site language ('Purchase options'). */
  legend: string;
}) {
  const name = useId();
  if (props.choices.length === 0) return null;
  if (props.choices.length === 1) {
    return (
      <p className="pi-subscription-price" data-testid="subscription-price">
        {props.choices[0]!.label}
      </p>
    );
  }
  return (
    <fieldset className="pi-subscription" data-testid="subscription-choice">
      <legend>{props.legend}</legend>
      {props.choices.map((c) => (
        <label key={c.value}>
          <input
            type="radio"
            name={name}
            value={c.value}
            checked={props.value === c.value}
            onChange={() => props.onChange(c.value)}
          />{' '}
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}
