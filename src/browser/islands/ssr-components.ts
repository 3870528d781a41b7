import type { ComponentType } from 'react';
import type { IslandName } from './registry.js';
import CartIndicator from './cart/cart-indicator.js';
import CartPage from './cart/cart-page.js';
import CheckoutPage from './checkout/checkout-page.js';
import GiftCardCheckout from './checkout/gift-card-checkout.js';
import ProductForm from './product/product-form.js';
import ProductGallery from './product/product-gallery.js';
import GridAddButton from './product/grid-add-button.js';
import QuickView from './product/quick-view.js';
import ProductBlock from './product/product-block.js';
import RestockForm from './restock/restock-form.js';
import FormBlock from './forms/form-block.js';
import NewsletterBlock from './forms/newsletter-block.js';
import CommentForm from './comments/comment-form.js';
import ItemActions from './comments/item-actions.js';
import ProductReviews from './reviews/product-reviews.js';
import ReviewRequest from './reviews/review-request.js';
import { provideRestockForm } from './product/restock-slot.js';
import { VariantSelectors } from './product/variant-selectors.js';
import { provideVariantSelectors } from './product/variant-slot.js';
import { provideSubscriptionChoice } from './product/subscription-slot.js';
import { purchaseChoices, SubscriptionChoice } from './product/subscription-choice.js';

// The browser fetches the product form's restock slot when needed (restock-slot.ts); the server
// renders synchronously, so it has the component from the start.
provideRestockForm(RestockForm);
provideVariantSelectors(VariantSelectors);
provideSubscriptionChoice({ purchaseChoices, SubscriptionChoice });

/**
 * Island name → component, for server rendering (src/server/render/islands.ts). Static imports:
 * the server renders every island synchronously. Typed against the browser registry so the two
 * lists cannot drift apart.
 */
export const ssrComponents: Record<IslandName, ComponentType<any>> = {
  'cart-indicator': CartIndicator,
  'cart-page': CartPage,
  'checkout-page': CheckoutPage,
  'gift-card-checkout': GiftCardCheckout,
  'product-form': ProductForm,
  'product-gallery': ProductGallery,
  'grid-add-button': GridAddButton,
  'quick-view': QuickView,
  'product-block': ProductBlock,
  'restock-form': RestockForm,
  'form-block': FormBlock,
  'newsletter-block': NewsletterBlock,
  'comment-form': CommentForm,
  'item-actions': ItemActions,
  'product-reviews': ProductReviews,
  'review-request': ReviewRequest,
};
