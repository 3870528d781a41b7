import type { ComponentType } from 'react';
import type { TextArea } from '../../shared/i18n/text-packs.js';

/** What an island module exports: its React component as `default` (docs/islands.md). */
export interface IslandModule {
  default: ComponentType<any>;
  /**
   * Optional: chunks the first render needs that the island loads lazily otherwise (the product
   * form's restock slot), fetched before hydrating so the client's markup equals the server's;
   * or state the server markup holds (a form's values typed before hydration). May add to props.
   */
  prepare?: (props: any, el: HTMLElement) => Promise<unknown>;
}

/**
 * Island name → its code-split chunk, for the loader. Every name here must also be in
 * ssr-components.ts (the server's list); a name renders and hydrates only once both list it.
 */
export const islandRegistry = {
  'cart-indicator': () => import('./cart/cart-indicator.js'),
  'cart-page': () => import('./cart/cart-page.js'),
  'checkout-page': () => import('./checkout/checkout-page.js'),
  'gift-card-checkout': () => import('./checkout/gift-card-checkout.js'),
  'product-form': () => import('./product/product-form.js'),
  'product-gallery': () => import('./product/product-gallery.js'),
  'grid-add-button': () => import('./product/grid-add-button.js'),
  'quick-view': () => import('./product/quick-view.js'),
  'product-block': () => import('./product/product-block.js'),
  'restock-form': () => import('./restock/restock-form.js'),
  'form-block': () => import('./forms/form-block.js'),
  'newsletter-block': () => import('./forms/newsletter-block.js'),
  'comment-form': () => import('./comments/comment-form.js'),
  'item-actions': () => import('./comments/item-actions.js'),
  'product-reviews': () => import('./reviews/product-reviews.js'),
  'review-request': () => import('./reviews/review-request.js'),
} satisfies Record<string, () => Promise<IslandModule>>;

export type IslandName = keyof typeof islandRegistry;

export function isIslandName(name: string): name is IslandName {
  return Object.prototype.hasOwnProperty.call(islandRegistry, name);
}

/**
 * The text areas each island draws (text-packs.ts); none for the others (the comment islands get
 * theirs in their props). On a page in another language than English the hydrator loads them
 * before hydrating, so the client renders the server's words.
 */
export const islandTextAreas: Readonly<Partial<Record<IslandName, readonly TextArea[]>>> = {
  'cart-page': ['storefront'],
  'checkout-page': ['checkout'],
  'gift-card-checkout': ['checkout'],
  'product-form': ['storefront'],
  'grid-add-button': ['storefront'],
  'quick-view': ['storefront'],
  'product-block': ['storefront'],
  'restock-form': ['storefront'],
  'form-block': ['forms'],
  'newsletter-block': ['forms'],
};
