import { lineImage, type CartLineImage } from '../../shared/cart/line-image.js';
import { altText } from '../../shared/images.js';
import type { Db } from '../db/database.js';
import { assetUrl } from '../content/asset-files.js';
import { findAssets, type AssetRow } from '../content/content-queries.js';
import { VersionedCache, type CacheRegistry } from '../platform/versioned-cache.js';
import type { CartJson } from './cart-json.js';
import type { CartProductCache } from './cart-product-cache.js';
import { loadCartProduct, type CartProduct } from './catalog-port.js';
import type { CartStore } from './store.js';

/** A product's pictures as its cart lines use them: the first image and each variant's own. */
export interface ProductLineImages {
  product: CartLineImage | null;
  variants: Record<string, CartLineImage>;
}

function pictureOf(asset: AssetRow | undefined, title: string): CartLineImage | null {
  // Only pictures: a media-library file with no size named by mistake shows nothing.
  if (!asset || !(asset.width > 0 && asset.height > 0)) return null;
  return {
    assetUrl: assetUrl(asset.id, asset.revision),
    width: asset.width,
    height: asset.height,
    altText: altText(asset.alt_text, asset.body) || asset.title || title,
  };
}

/** One query for the product's first image and its variants' own images. */
export async function loadLineImages(
  db: Db,
  siteId: string,
  found: CartProduct,
): Promise<ProductLineImages> {
  const variantIds = found.product.variants.flatMap((v) =>
    v.mainImageId ? [[v.id, v.mainImageId] as const] : [],
  );
  const ids = [found.firstImageId, ...variantIds.map(([, a]) => a)].filter(
    (id): id is string => !!id,
  );
  const assets = await findAssets(db, siteId, ids);
  const variants: Record<string, CartLineImage> = {};
  for (const [variantId, assetId] of variantIds) {
    const picture = pictureOf(assets.get(assetId), found.title);
    if (picture) variants[variantId] = picture;
  }
  return {
    product: found.firstImageId ? pictureOf(assets.get(found.firstImageId), found.title) : null,
    variants,
  };
}

/**
 * Cart lines' thumbnails (issue 14), kept per website content version like the products
 * themselves (every catalog or media write bumps it and empties this cache through the
 * registry). A cart answer reads no table for them once a product's pictures are known.
 */
export class CartImageCache {
  private readonly entries: VersionedCache<Promise<ProductLineImages | null>>;

  constructor(
    private readonly products: CartProductCache | undefined,
    caches?: CacheRegistry,
    maxEntries = 5_000,
  ) {
    this.entries = new VersionedCache({ name: 'cart-line-images', maxEntries });
    caches?.register(this.entries);
  }

  get(db: Db, store: CartStore, itemId: string): Promise<ProductLineImages | null> {
    return this.entries.memo(`${store.siteId}|${store.contentVersion}|${itemId}`, async () => {
      const found = this.products
        ? await this.products.get(db, store.siteId, store.contentVersion, itemId)
        : await loadCartProduct(db, store.siteId, itemId);
      return found ? loadLineImages(db, store.siteId, found) : null;
    });
  }

  /**
   * The cart with each entry's `image` (null when its product has no picture or is gone). A
   * picture that cannot be read never fails the cart: the line shows without one.
   */
  async decorate(db: Db, store: CartStore, cart: CartJson): Promise<CartJson> {
    if (!cart.entries.length) return cart;
    const itemIds = [...new Set(cart.entries.map((e) => e.itemId))];
    const found = await Promise.all(
      itemIds.map((id) =>
        this.get(db, store, id).catch((err: unknown) => {
          console.warn('cart line image', id, err);
          return null;
        }),
      ),
    );
    const byItem = new Map(itemIds.map((id, i) => [id, found[i]]));
    return {
      ...cart,
      entries: cart.entries.map((e) => {
        const images = byItem.get(e.itemId);
        return { ...e, image: images ? lineImage(images, e.variantId) : null };
      }),
    };
  }
}
