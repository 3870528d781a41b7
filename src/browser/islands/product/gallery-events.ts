import { emit, on } from '../../lib/events.js';

declare module '../../lib/events.js' {
  interface PageEvents {
    /** A product form's variant choice names an image: the product's gallery shows it. */
    'product:variant-image': { itemId: string; imageId: string };
  }
}

/**
 * The last image each product's form asked for. The form and the gallery are separate islands
 * that hydrate at different times; a gallery hydrating after the shopper already chose a variant
 * starts on that variant's image instead of missing the event.
 */
const lastShown = new Map<string, string>();

/** The product form's side: show `imageId` in the gallery of product `itemId`. */
export function showVariantImage(itemId: string, imageId: string): void {
  lastShown.set(itemId, imageId);
  emit('product:variant-image', { itemId, imageId });
}

/** The gallery's side: the image asked for so far (if any), then each later one. */
export function onVariantImage(itemId: string, show: (imageId: string) => void): () => void {
  const last = lastShown.get(itemId);
  if (last) show(last);
  return on('product:variant-image', (d) => {
    if (d.itemId === itemId) show(d.imageId);
  });
}
