/** Words the product screens show for the contract's values (types, visibility, stock, sorts). */
import { ProductType } from '../../../shared/enums.js';
import type {
  BulkAction,
  ImportStatus,
  ProductSort,
  ProductStockState,
  ProductVisibility,
} from '../../../shared/product/owner-api.js';

/** The types an owner can create, in the order 'Add product' offers them. */
export const PRODUCT_TYPES = [
  {
    value: ProductType.PHYSICAL,
    label: 'Physical',
    hint: 'Something you ship: clothes, prints, ceramics. Tracks stock and weight.',
  },
  {
    value: ProductType.DIGITAL,
    label: 'Digital',
    hint: 'A file shoppers download after paying: an e-book, music, a pattern.',
  },
  {
    value: ProductType.SERVICE,
    label: 'Service',
    hint: 'Something you do: a class, a consultation, a repair. Nothing to ship.',
  },
  {
    value: ProductType.GIFT_CARD,
    label: 'Gift card',
    hint: 'A card for a set amount that shoppers spend in your store.',
  },
] as const;

const TYPE_LABELS: Record<number, string> = Object.fromEntries(
  PRODUCT_TYPES.map((t) => [t.value, t.label]),
);

export function typeLabel(productType: number): string {
  return TYPE_LABELS[productType] ?? 'Other';
}

export const VISIBILITY_TEXT: Record<ProductVisibility, { label: string; hint: string }> = {
  draft: {
    label: 'Draft',
    hint: 'Not on your site yet. Only you can preview it while signed in.',
  },
  published: {
    label: 'Published',
    hint: 'Listed in your shop, search, product blocks and recommendations.',
  },
  hidden: {
    label: 'Hidden',
    hint: 'Not listed anywhere, but anyone with the link can open and buy it.',
  },
};

export const STOCK_TEXT: Record<ProductStockState, { label: string; tone: string }> = {
  in: { label: 'In stock', tone: 'good' },
  low: { label: 'Low stock', tone: 'warn' },
  out: { label: 'Sold out', tone: 'bad' },
  unlimited: { label: 'Unlimited', tone: '' },
};

export const SORT_TEXT: Record<ProductSort, string> = {
  '-updated': 'Recently updated',
  updated: 'Least recently updated',
  title: 'Title A–Z',
  '-title': 'Title Z–A',
  price: 'Price, low to high',
  '-price': 'Price, high to low',
  stock: 'Stock, low to high',
  '-stock': 'Stock, high to low',
};

export const BULK_TEXT: Record<BulkAction, { label: string; done: (n: number) => string }> = {
  publish: { label: 'Publish', done: (n) => `${plural(n, 'product')} published.` },
  hide: { label: 'Hide', done: (n) => `${plural(n, 'product')} hidden.` },
  draft: { label: 'Move to draft', done: (n) => `${plural(n, 'product')} moved to draft.` },
  'set-on-sale': { label: 'Put on sale', done: (n) => `${plural(n, 'product')} put on sale.` },
  'clear-on-sale': { label: 'End sale', done: (n) => `Sale ended on ${plural(n, 'product')}.` },
  delete: { label: 'Delete', done: (n) => `${plural(n, 'product')} deleted.` },
};

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `#/products/{id}` */
export function productHref(id: string): string {
  return `#/products/${encodeURIComponent(id)}`;
}

/** `#/products/new?type=1` */
export function newProductHref(productType: number): string {
  return `#/products/new?type=${productType}`;
}

/** How far an import is, 0–1 (a job that has not counted its rows yet is at 0). */
export function importProgress(s: Pick<ImportStatus, 'processed' | 'total' | 'state'>): number {
  if (s.state === 'done') return 1;
  return s.total > 0 ? Math.min(1, s.processed / s.total) : 0;
}
