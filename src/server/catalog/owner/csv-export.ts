import { CSV_COLUMNS, type OwnerProduct } from '../../../shared/product/owner-api.js';
import { pricedOnProduct } from '../../../shared/product/rules.js';
import type { Db } from '../../db/database.js';
import {
  CSV_OPTION_PAIRS,
  TYPE_NAMES,
  UNLIMITED,
  csvCell,
  yesNo,
  type CsvColumn,
} from './csv-format.js';
import { productIdsByTitle } from './list-products.js';

/** Products read per round trip. */
const EXPORT_CHUNK = 500;
import { loadOwnerProducts } from './owner-product.js';

/** The CSV rows of one product: one per variant, the product's columns repeated on each. */
export function productCsvRows(p: OwnerProduct): Record<CsvColumn, string | number>[] {
  const sc = p.structuredContent;
  const ownPrice = pricedOnProduct(sc.productType);
  const names = sc.variantOptionOrdering.slice(0, CSV_OPTION_PAIRS);
  // A digital product sold without variants still gets its row.
  const variants = sc.variants.length ? sc.variants : [undefined];
  return variants.map((v) => {
    const row = {
      'Product ID': p.id,
      'Product Type': TYPE_NAMES[sc.productType] ?? String(sc.productType),
      Title: p.title,
      Slug: p.urlId,
      Description: p.body,
      Tags: p.tags.join(', '),
      Categories: p.categories.join(', '),
      Visibility: p.visibility,
      SKU: v?.sku ?? '',
      Price: ownPrice || !v ? sc.priceMoney.value : v.priceMoney.value,
      'Sale Price': ownPrice || !v ? sc.salePriceMoney.value : v.salePriceMoney.value,
      'On Sale': yesNo(ownPrice || !v ? sc.onSale : v.onSale),
      Stock: !v || v.unlimited ? UNLIMITED : v.qtyInStock,
      'Weight (g)': v?.weightGrams ?? 0,
      'Image URLs': p.images.map((i) => i.assetUrl).join(' '),
    } as Record<CsvColumn, string | number>;
    for (let i = 0; i < CSV_OPTION_PAIRS; i++) {
      const name = names[i] ?? '';
      row[`Option Name ${i + 1}` as CsvColumn] = name;
      row[`Option Value ${i + 1}` as CsvColumn] = name ? (v?.attributes[name] ?? '') : '';
    }
    return row;
  });
}

/**
 * GET /api/commerce/products/export.csv: every product of the store, A to Z, read 500 at a
 * time. Lines end in CRLF (RFC 4180); a UTF-8 byte order mark first, so
 * spreadsheet programs read accented and Japanese text right.
 */
export async function productsCsv(
  db: Db,
  site: { id: string; currency: string; language: string },
): Promise<string> {
  const lines = [CSV_COLUMNS.join(',')];
  const ids = await productIdsByTitle(db, site.id);
  for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
    const part = ids.slice(i, i + EXPORT_CHUNK);
    const products = await loadOwnerProducts(db, site, part);
    for (const id of part) {
      const p = products.get(id);
      if (!p) continue;
      for (const row of productCsvRows(p)) {
        lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
      }
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
