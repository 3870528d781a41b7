import Papa from 'papaparse';
import { ErrorCode, OwnerMessages } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import {
  CSV_COLUMNS,
  ProductLimits,
  PRODUCT_VISIBILITIES,
  type ImportPreview,
  type OwnerProductInput,
  type OwnerVariantInput,
  type ProductVisibility,
} from '../../../shared/product/owner-api.js';
import { fromPriceText, pricedOnProduct } from '../../../shared/product/rules.js';
import { ProductFieldTexts } from '../../../shared/product/validate-product.js';
import { findAssets } from '../../content/content-queries.js';
import { findStoreCollection } from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import {
  CSV_OPTION_PAIRS,
  UNLIMITED,
  cellText,
  isYes,
  splitList,
  typeOfName,
  type CsvColumn,
} from './csv-format.js';
import { loadOwnerProducts } from './owner-product.js';
import { prepareProduct, type PreparedProduct } from './prepare-product.js';
import { inputOf } from './product-input.js';
import { checkAgainstStore, skuOwners } from './store-checks.js';

/** One product of the file: its CSV lines, the product it updates (if any) and its rows to write. */
export interface ImportEntry {
  /** 1-based CSV line of its first row (the header is line 1). */
  row: number;
  /** The line of each variant, in order. */
  rows: number[];
  itemId: string | undefined;
  prepared: PreparedProduct;
}

export interface ImportPlan {
  collectionId: string;
  rowCount: number;
  entries: ImportEntry[];
  warnings: string[];
  errors: { row: number; message: string }[];
}

/** Most row warnings listed; the rest are counted. */
const WARNINGS_MAX = 50;
const IMAGE_URL = /^(?:https?:\/\/[^/\s]+)?\/static\/images\/([A-Za-z0-9_.-]{1,200})(?:\/[^\s]*)?$/;

/** Which CSV column a field error belongs to, for row messages ('SKU: Another product uses…'). */
function columnOf(path: string): string {
  const field = path.replace(/^variants\.\d+\./, '');
  if (field.startsWith('attributes')) return 'Option Value';
  const names: Record<string, string> = {
    productType: 'Product Type',
    title: 'Title',
    urlId: 'Slug',
    body: 'Description',
    visibility: 'Visibility',
    imageIds: 'Image URLs',
    priceMoney: 'Price',
    salePriceMoney: 'Sale Price',
    onSale: 'On Sale',
    sku: 'SKU',
    qtyInStock: 'Stock',
    weightGrams: 'Weight (g)',
    variantOptionOrdering: 'Option Name',
    variants: 'SKU',
  };
  return names[field] ?? names[field.split('.')[0]!] ?? field;
}

interface Sheet {
  header: string[];
  rows: string[][];
  warnings: string[];
}

/**
 * Reads the CSV with papaparse and applies SPEC 5.7's dataset limits: no rows or no columns is
 * refused (400 DATASET_INVALID); more than the limits is cut, with the SPEC's warning.
 */
function readSheet(csv: string): Sheet {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const all = parsed.data.filter((r) => r.some((c) => c.trim() !== ''));
  const warnings: string[] = [];
  const header = (all[0] ?? []).map((h) => h.trim());
  if (header.every((h) => h === '')) {
    throw appError(ErrorCode.DATASET_INVALID, OwnerMessages.DATASET_NO_COLUMNS);
  }
  let rows = all.slice(1);
  if (rows.length === 0) throw appError(ErrorCode.DATASET_INVALID, OwnerMessages.DATASET_NO_ROWS);
  if (header.length > ProductLimits.importColumnsMax) {
    warnings.push(
      OwnerMessages.DATASET_TRUNCATED_COLUMNS.replace(
        '{maxColumns}',
        String(ProductLimits.importColumnsMax),
      ),
    );
    header.length = ProductLimits.importColumnsMax;
  }
  if (rows.length > ProductLimits.importRowsMax) {
    warnings.push(
      OwnerMessages.DATASET_TRUNCATED_ROWS.replace(
        '{maxRows}',
        String(ProductLimits.importRowsMax),
      ),
    );
    rows = rows.slice(0, ProductLimits.importRowsMax);
  }
  if (rows.some((r) => r.length < header.length)) warnings.push(OwnerMessages.DATASET_MISSING_DATA);
  return { header, rows, warnings };
}

type Cells = (column: CsvColumn) => string | undefined;

/** A row's cell by column name (case-insensitive); undefined when the file has no such column. */
function cellsOf(header: string[], row: string[]): Cells {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    if (!index.has(h.toLowerCase())) index.set(h.toLowerCase(), i);
  });
  return (column) => {
    const i = index.get(column.toLowerCase());
    return i === undefined ? undefined : cellText(row[i]);
  };
}

/**
 * Plans an import: reads the file, groups rows into products (same `Product ID`, or without one
 * the same `Title`), matches products to update (a known Product ID, else a known SKU), and runs
 * every check a save runs (`prepareProduct`, then `checkAgainstStore` for the whole file at once).
 * Writes nothing: the preview shows it; the job writes it.
 */
export async function planImport(
  db: Db,
  site: { id: string; currency: string; language: string },
  csv: string,
): Promise<ImportPlan> {
  const sheet = readSheet(csv);
  const { header } = sheet;
  const known = new Set(header.map((h) => h.toLowerCase()));
  const errors: { row: number; message: string }[] = [];
  const rowWarnings: string[] = [];
  if (!known.has('title') && !known.has('product id')) {
    throw appError(ErrorCode.DATASET_INVALID, 'The file needs a Title or a Product ID column.', {
      errors: [{ row: 1, message: 'The file needs a Title or a Product ID column.' }],
    });
  }
  const ignored = header.filter(
    (h) => h && !CSV_COLUMNS.some((c) => c.toLowerCase() === h.toLowerCase()),
  );
  if (ignored.length) rowWarnings.push(`Columns ignored: ${ignored.join(', ')}.`);

  // Group rows into products, in the order they first appear.
  const groups = new Map<string, { rows: number[]; cells: Cells[] }>();
  let skipped = 0;
  sheet.rows.forEach((r, i) => {
    const cells = cellsOf(header, r);
    const key = cells('Product ID') ? `id:${cells('Product ID')}` : `title:${cells('Title') ?? ''}`;
    if (key === 'title:') {
      skipped++;
      return;
    }
    const g = groups.get(key) ?? { rows: [], cells: [] };
    g.rows.push(i + 2);
    g.cells.push(cells);
    groups.set(key, g);
  });
  if (skipped && !sheet.warnings.includes(OwnerMessages.DATASET_MISSING_DATA)) {
    sheet.warnings.push(OwnerMessages.DATASET_MISSING_DATA);
  }

  const collection = await findStoreCollection(db, site.id);
  if (!collection) throw appError(ErrorCode.VALIDATION, 'This website has no store page.');

  // Products to update: a Product ID of this site, else any SKU of the rows.
  const givenIds = [...groups.keys()].filter((k) => k.startsWith('id:')).map((k) => k.slice(3));
  const skus = [...groups.values()]
    .flatMap((g) => g.cells.map((c) => c('SKU') ?? ''))
    .filter(Boolean);
  const [bySku, existingById] = await Promise.all([
    skuOwners(db, site.id, skus),
    loadOwnerProducts(db, site, givenIds),
  ]);
  const targets = [...groups.entries()].map(([key, g]) => {
    if (key.startsWith('id:') && existingById.has(key.slice(3))) return key.slice(3);
    for (const c of g.cells) {
      const owner = bySku.get(c('SKU') ?? '');
      if (owner) return owner;
    }
    return undefined;
  });
  const more = targets.filter((t): t is string => !!t && !existingById.has(t));
  const existing = new Map([...existingById, ...(await loadOwnerProducts(db, site, more))]);

  // Image URLs: only the site's own media (`/static/images/{id}`); nothing is fetched.
  const imageIdsOf = new Map<number, string[]>();
  const wantedImages = new Set<string>();
  [...groups.values()].forEach((g) => {
    const i = g.cells.findIndex((c) => c('Image URLs'));
    if (i < 0) return;
    const ids: string[] = [];
    for (const url of (g.cells[i]!('Image URLs') ?? '').split(/[\s,]+/).filter(Boolean)) {
      const m = IMAGE_URL.exec(url);
      if (m) {
        ids.push(m[1]!);
        wantedImages.add(m[1]!);
      } else {
        rowWarnings.push(
          `Row ${g.rows[i]}: ${url} is not an image of this website's media library; it was ignored (images are not downloaded).`,
        );
      }
    }
    imageIdsOf.set(g.rows[0]!, ids);
  });
  const assets = await findAssets(db, site.id, wantedImages);

  const used = new Map<string, number>();
  const entries: ImportEntry[] = [];
  [...groups.values()].forEach((g, gi) => {
    const first = g.rows[0]!;
    const itemId = targets[gi];
    if (itemId && used.has(itemId)) {
      errors.push({
        row: first,
        message: `This product is also on row ${used.get(itemId)} (same Product ID or SKU).`,
      });
      return;
    }
    if (itemId) used.set(itemId, first);
    const base = itemId ? existing.get(itemId) : undefined;
    const images = imageIdsOf.get(first)?.filter((id) => {
      if (assets.has(id)) return true;
      rowWarnings.push(`Row ${first}: image ${id} is not in the media library; it was ignored.`);
      return false;
    });
    const built = productInput(g, base ? inputOf(base) : undefined, images, site.currency);
    errors.push(...built.errors);
    if (built.errors.length) return;
    const prepared = prepareProduct(built.input, site.currency);
    if (!prepared.ok) {
      for (const [path, message] of Object.entries(prepared.fieldErrors)) {
        errors.push({ row: rowOf(path, g.rows), message: `${columnOf(path)}: ${message}` });
      }
      return;
    }
    if (itemId && !prepared.value.item.urlId) prepared.value.item.urlId = base?.urlId ?? '';
    entries.push({ row: first, rows: g.rows, itemId, prepared: prepared.value });
  });

  const storeErrors = await checkAgainstStore(
    db,
    site.id,
    collection.id,
    entries.map((e) => ({ itemId: e.itemId, prepared: e.prepared })),
  );
  storeErrors.forEach((fieldErrors, i) => {
    for (const [path, message] of Object.entries(fieldErrors)) {
      errors.push({ row: rowOf(path, entries[i]!.rows), message: `${columnOf(path)}: ${message}` });
    }
  });
  errors.sort((a, b) => a.row - b.row);
  const warnings = [...sheet.warnings, ...rowWarnings.slice(0, WARNINGS_MAX)];
  if (rowWarnings.length > WARNINGS_MAX) {
    warnings.push(`…and ${rowWarnings.length - WARNINGS_MAX} more warnings.`);
  }
  return {
    collectionId: collection.id,
    rowCount: sheet.rows.length,
    entries,
    warnings,
    errors,
  };
}

function rowOf(path: string, rows: number[]): number {
  const m = /^variants\.(\d+)\./.exec(path);
  return (m ? rows[Number(m[1])] : undefined) ?? rows[0]!;
}

/**
 * The save one product's rows make. Columns the file has set their field; columns it lacks keep
 * what the product had (`base`, for updates). A blank Stock keeps a variant's count.
 */
function productInput(
  g: { rows: number[]; cells: Cells[] },
  base: OwnerProductInput | undefined,
  images: string[] | undefined,
  currency: string,
): { input: OwnerProductInput; errors: { row: number; message: string }[] } {
  const errors: { row: number; message: string }[] = [];
  const c = g.cells[0]!;
  const first = g.rows[0]!;
  const type = c('Product Type');
  const typeCode = type ? typeOfName(type) : (base?.productType ?? typeOfName(''));
  if (typeCode === undefined) {
    errors.push({ row: first, message: `Product Type: ${ProductFieldTexts.TYPE}` });
  }
  const visibility = c('Visibility')?.toLowerCase();
  if (visibility && !PRODUCT_VISIBILITIES.includes(visibility as ProductVisibility)) {
    errors.push({ row: first, message: `Visibility: ${ProductFieldTexts.VISIBILITY}` });
  }
  const money = (value: string | undefined) =>
    value === undefined ? undefined : { value, currency };
  const oldVariants = new Map((base?.variants ?? []).map((v) => [v.sku, v]));
  const variants: OwnerVariantInput[] = g.cells.map((vc, i) => {
    const attributes: Record<string, string> = {};
    for (let n = 1; n <= CSV_OPTION_PAIRS; n++) {
      const name = vc(`Option Name ${n}` as CsvColumn);
      if (name) attributes[name] = vc(`Option Value ${n}` as CsvColumn) ?? '';
    }
    const sku = vc('SKU') ?? '';
    const old = sku ? oldVariants.get(sku) : undefined;
    const stock = vc('Stock');
    const weight = vc('Weight (g)');
    const v: OwnerVariantInput = {
      ...(old?.id ? { id: old.id } : {}),
      sku,
      attributes: vc('Option Name 1') !== undefined ? attributes : (old?.attributes ?? {}),
      priceMoney: money(vc('Price')) ?? old?.priceMoney ?? { value: '', currency },
      onSale: vc('On Sale') !== undefined ? isYes(vc('On Sale')!) : (old?.onSale ?? false),
      unlimited: old?.unlimited ?? false,
      weightGrams: old?.weightGrams ?? 0,
      imageAssetId: old?.imageAssetId ?? null,
    };
    // A blank Sale Price is no sale price (0).
    const sale =
      vc('Sale Price') !== undefined ? money(vc('Sale Price') || '0') : old?.salePriceMoney;
    if (sale) v.salePriceMoney = sale;
    if (stock && stock.toLowerCase() === UNLIMITED.toLowerCase()) v.unlimited = true;
    else if (stock) {
      if (/^\d{1,9}$/.test(stock)) {
        v.qtyInStock = Number(stock);
        v.unlimited = false;
      } else errors.push({ row: g.rows[i]!, message: `Stock: ${ProductFieldTexts.STOCK_INVALID}` });
    }
    if (weight) {
      if (/^\d{1,9}$/.test(weight)) v.weightGrams = Number(weight);
      else
        errors.push({
          row: g.rows[i]!,
          message: `Weight (g): ${ProductFieldTexts.WEIGHT_INVALID}`,
        });
    }
    return v;
  });
  const names = Object.keys(variants[0]?.attributes ?? {});
  const ownPrice = typeCode !== undefined && pricedOnProduct(typeCode);
  const input: OwnerProductInput = {
    ...base,
    productType: typeCode ?? 0,
    title: c('Title') || base?.title || '',
    urlId: c('Slug') || base?.urlId || '',
    body: c('Description') ?? base?.body ?? '',
    tags: c('Tags') !== undefined ? splitList(c('Tags')!) : (base?.tags ?? []),
    categories:
      c('Categories') !== undefined ? splitList(c('Categories')!) : (base?.categories ?? []),
    visibility: (visibility as ProductVisibility | undefined) || base?.visibility || 'published',
    imageIds: images ?? base?.imageIds ?? [],
    variantOptionOrdering: names,
    variants,
  };
  if (ownPrice) {
    input.priceMoney = variants[0]?.priceMoney;
    input.salePriceMoney = variants[0]?.salePriceMoney ?? { value: '0', currency };
    input.onSale = variants[0]?.onSale ?? false;
    for (const v of variants) v.onSale = false;
  }
  return { input, errors };
}

/** The preview's answer: counts, the first products as they would be saved, what is wrong. */
export function previewOf(
  plan: ImportPlan,
  site: { currency: string; language: string },
): ImportPreview {
  return {
    rowCount: plan.rowCount,
    productsToCreate: plan.entries.filter((e) => !e.itemId).length,
    productsToUpdate: plan.entries.filter((e) => e.itemId).length,
    sample: plan.entries.slice(0, 20).map((e) => {
      const p = e.prepared;
      const prices = pricedOnProduct(p.product.productType)
        ? [p.product.onSale ? p.product.salePriceCents : p.product.priceCents]
        : p.variants.map((v) => (v.onSale ? v.salePriceCents : v.priceCents));
      const min = Math.min(...prices);
      const text = formatMoney(min, site.currency, site.language);
      return {
        title: p.item.title,
        productType: p.product.productType,
        variantCount: p.variants.length,
        priceText: Math.max(...prices) > min ? fromPriceText(text) : text,
      };
    }),
    warnings: plan.warnings,
    errors: plan.errors,
  };
}
