import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { addButtonLabel, isSoldOut } from '../../../shared/product/rules.js';
import { AddToCartButton } from './add-to-cart-button.js';
import type { ProductIslandProps } from './island-props.js';
import { useAddToCart } from './use-add-to-cart.js';

const NO_SELECTION = {};

/**
 * The list-grid add button (island `grid-add-button`, SPEC 1.1): adds a single-variant product
 * directly; a product whose options must be chosen flags the button 'Select Option' for 2 s
 * (no message, SPEC 5.1); sold out is a disabled 'Sold Out'. 'Added!' opens the popover.
 */
export default function GridAddButton(props: ProductIslandProps) {
  const product = props.item.structuredContent;
  const texts = storefrontTexts(props.locale);
  const { state, onClick, dialogs } = useAddToCart({
    props: { ...props, pageType: 'plp' },
    selection: NO_SELECTION,
    quantity: '1',
    subscription: product.isSubscribable,
    // No choice on a grid: the first subscription option, as the product page preselects it.
    ...(product.productSubscriptionOptions[0]
      ? { subscriptionOptionId: product.productSubscriptionOptions[0].id }
      : {}),
    soldOut: isSoldOut(product),
    idleText: addButtonLabel(product, {
      subscribe: texts.subscribeText,
      addToCart: texts.addToCartText,
    }),
    listGrid: true,
  });
  return (
    <div className="pi-grid-add" data-product-id={props.item.id}>
      <AddToCartButton state={state} onClick={onClick} />
      {dialogs}
    </div>
  );
}
