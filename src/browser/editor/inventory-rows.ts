import { STOCKED_PRODUCT_TYPES } from './editor-constants.js';
import type { VariantJson } from '../../shared/product/types.js';

/** The part of a product list page's `?format=json` context the inventory screen reads. */
export interface ShopContextJson {
  collection?: { id: string; title: string; type: number };
  items?: {
    id: string;
    title: string;
    fullUrl: string;
    structuredContent?: {
      productType: number;
      variants: Pick<VariantJson, 'id' | 'sku' | 'attributes' | 'qtyInStock' | 'unlimited'>[];
    };
  }[];
  pagination?: { nextPage?: boolean; nextPageUrl?: string };
}

export interface InventoryVariant {
  variantId: string;
  sku: string;
  /** 'Size: Small · Color: Sea Glass', '' for a product without options. */
  options: string;
  qtyInStock: number;
  unlimited: boolean;
}

export interface InventoryProduct {
  productId: string;
  title: string;
  fullUrl: string;
  variants: InventoryVariant[];
}

/** The stocked products of one or more context pages, each once, in the shop's order. */
export function inventoryProducts(pages: readonly ShopContextJson[]): InventoryProduct[] {
  const seen = new Set<string>();
  const out: InventoryProduct[] = [];
  for (const page of pages) {
    for (const item of page.items ?? []) {
      const sc = item.structuredContent;
      // The editor restates shared/product's tracksStock (editor-constants.ts says why; its test
      // pins the two together).
      // eslint-disable-next-line no-restricted-syntax
      if (!sc || !STOCKED_PRODUCT_TYPES.includes(sc.productType) || seen.has(item.id)) continue;
      seen.add(item.id);
      out.push({
        productId: item.id,
        title: item.title,
        fullUrl: item.fullUrl,
        variants: sc.variants.map((v) => ({
          variantId: v.id,
          sku: v.sku,
          options: Object.entries(v.attributes)
            .map(([k, val]) => `${k}: ${val}`)
            .join(' · '),
          qtyInStock: v.qtyInStock,
          unlimited: v.unlimited,
        })),
      });
    }
  }
  return out;
}

/** The catalog's upper bound for a stock count (`MAX_STOCK` in catalog/set-variant-stock.ts). */
export const MAX_STOCK = 1_000_000_000;

/** The stock field's text as a count, or the reason it is not one. */
export function parseStockInput(
  raw: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const t = raw.trim();
  if (!/^\d+$/.test(t)) return { ok: false, message: 'Enter a whole number of 0 or more.' };
  const value = Number(t);
  if (value > MAX_STOCK) return { ok: false, message: `Enter at most ${MAX_STOCK}.` };
  return { ok: true, value };
}
