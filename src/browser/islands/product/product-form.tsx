import { useEffect, useState } from 'react';
import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import {
  addButtonLabel,
  findVariant,
  installmentNotice,
  merchandisingViewOf,
  orderedOptions,
  quantityInputVisible,
  scarcity,
  variantSelectorsVisible,
  type OptionSelection,
} from '../../../shared/product/rules.js';
import { variantImageId } from '../../../shared/product/gallery.js';
import type { RestockFormProps } from '../../../shared/restock/types.js';
import { AddToCartButton } from './add-to-cart-button.js';
import { showVariantImage } from './gallery-events.js';
import { InstallmentNotice } from './installment-notice.js';
import type { ProductIslandProps } from './island-props.js';
import { PriceDisplay } from './price-display.js';
import { priceView, restockVariantFor, soldOutFor } from './product-form-model.js';
import { QuantityInput } from './quantity-input.js';
import { loadRestockForm, useRestockForm } from './restock-slot.js';
import { loadSubscriptionChoice, useSubscriptionChoice } from './subscription-slot.js';
import { useAddToCart } from './use-add-to-cart.js';
import { loadVariantSelectors, useVariantSelectors } from './variant-slot.js';

export interface ProductFormProps extends ProductIslandProps {
  /** Product blocks and the quick view show a tighter layout. */
  compact?: boolean;
  /** The merchandising view (SPEC 3.4) when it differs from the page type's (quick view). */
  view?: string;
  onAdded?: () => void;
}

/**
 * The product detail form (island `product-form`): variants, price, scarcity, subscription
 * choice, installment notice, quantity, the add-to-cart button and the restock slot. Rendering is
 * pure over props and state, so the server output hydrates as is.
 */
export function ProductForm(props: ProductFormProps) {
  const { item, merchandising, store, locale, pageType } = props;
  const product = item.structuredContent;
  const texts = storefrontTexts(locale);
  const view = props.view ?? merchandisingViewOf(pageType);
  const options = orderedOptions(product);
  const [selection, setSelection] = useState<OptionSelection>({});
  const [quantity, setQuantity] = useState('1');
  const variant = findVariant(product, selection);
  // A choice that names an image moves the product's gallery to it (island product-gallery).
  const imageId = variantImageId(product, selection);
  useEffect(() => {
    if (imageId) showVariantImage(item.id, imageId);
  }, [item.id, imageId]);
  const soldOut = soldOutFor(product, variant);
  const price = priceView(product, variant);
  const purchase = useSubscriptionChoice(product.isSubscribable);
  const choices = purchase?.purchaseChoices(product, price.price, price.currency, locale) ?? [];
  const [choiceValue, setChoiceValue] = useState(choices[0]?.value ?? '');
  const choice = choices.find((c) => c.value === choiceValue) ?? choices[0];
  const subscription = choice?.subscription ?? false;
  const custom = product.useCustomAddButtonText && product.customAddButtonText.trim() !== '';
  // A subscribable product bought once reads like any other product (SPEC 4.7 labels).
  const idleText =
    !custom && product.isSubscribable && !subscription
      ? texts.addToCartText
      : addButtonLabel(product, { subscribe: texts.subscribeText, addToCart: texts.addToCartText });
  const showQuantity = quantityInputVisible(product, store);

  const { state, onClick, dialogs } = useAddToCart({
    props,
    selection,
    quantity: showQuantity ? quantity : '1',
    subscription,
    ...(choice?.subscriptionOptionId ? { subscriptionOptionId: choice.subscriptionOptionId } : {}),
    soldOut,
    idleText,
    ...(props.onAdded ? { onAdded: props.onAdded } : {}),
  });

  const low = scarcity({ product, variant, merchandising, view });
  const notice = installmentNotice(product, merchandising, price.price, price.currency);
  const restockVariant = restockVariantFor(product, variant, merchandising, view);
  const RestockForm = useRestockForm(restockVariant !== undefined);
  const VariantSelectors = useVariantSelectors(variantSelectorsVisible(product));

  return (
    <div
      className={`pi-product-form${props.compact ? ' pi-compact' : ''}`}
      data-product-id={item.id}
      data-page-type={pageType}
    >
      <PriceDisplay
        view={price}
        locale={locale}
        soldOutText={merchandising.customSoldOutText}
        texts={texts}
      />
      {purchase && choices.length > 0 ? (
        <purchase.SubscriptionChoice
          legend={texts.purchaseOptionsText}
          choices={choices}
          value={choice?.value ?? ''}
          onChange={setChoiceValue}
        />
      ) : null}
      {notice ? (
        <InstallmentNotice
          notice={notice}
          priceMinor={price.price}
          currency={price.currency}
          locale={locale}
          {...(store.installmentInfoUrl ? { infoUrlTemplate: store.installmentInfoUrl } : {})}
        />
      ) : null}
      {VariantSelectors ? (
        <VariantSelectors
          product={product}
          options={options}
          selection={selection}
          onChange={(name, value) => setSelection((s) => ({ ...s, [name]: value }))}
          texts={texts}
          swatches={props.swatches}
        />
      ) : null}
      {low.visible ? (
        <p className="pi-scarcity" data-testid="scarcity">
          {low.text}
        </p>
      ) : null}
      {showQuantity ? (
        <QuantityInput value={quantity} onChange={setQuantity} label={texts.quantityText} />
      ) : null}
      <AddToCartButton state={state} onClick={onClick} />
      {RestockForm && restockVariant ? (
        <RestockForm
          itemId={item.id}
          variantId={restockVariant.id}
          messages={merchandising.restockNotificationMessages}
          mailingListSignUpEnabled={merchandising.mailingListSignUpEnabled}
          mailingListOptInByDefault={merchandising.mailingListOptInByDefault}
          captcha={props.captcha as RestockFormProps['captcha']}
          {...(props.locale ? { locale: props.locale } : {})}
        />
      ) : null}
      {dialogs}
    </div>
  );
}

/**
 * Before hydrating (hydrate-island.ts): fetches the restock form's chunk when the first render —
 * no option chosen yet, as on the server — shows it, so the client's markup equals the server's.
 */
export function prepareProductForm(props: ProductFormProps): Promise<unknown> {
  const product = props.item.structuredContent;
  const view = props.view ?? merchandisingViewOf(props.pageType);
  const first = restockVariantFor(product, findVariant(product, {}), props.merchandising, view);
  return Promise.all([
    first ? loadRestockForm() : undefined,
    variantSelectorsVisible(product) ? loadVariantSelectors() : undefined,
    product.isSubscribable ? loadSubscriptionChoice() : undefined,
  ]);
}

export const prepare = prepareProductForm;

/** For the quick view: a subscription's purchase options before it shows the form. */
export { loadSubscriptionChoice };

/**
 * Island `product-form`: the product page's own form (pdp), and each add-on product offered on
 * it (pageType 'add-on', SPEC 1.1), which takes the compact layout beside the main form.
 */
export default function ProductFormIsland(props: ProductIslandProps) {
  return <ProductForm {...props} compact={props.pageType === 'add-on'} />;
}
