import {
  Formatter,
  Formatters as EngineFormatters,
  PredicatePlugin,
  type Context,
  type FormatterMap,
  type PredicateMap,
  type Variable,
} from '@squarespace/template-engine';
import { escapeHtml } from '../../shared/html.js';
import {
  bestWidth,
  imageHeight,
  imageUrl,
  imageWidth,
  srcset,
  thumbnailSrcset,
  thumbnailWidth,
} from '../../shared/images.js';
import {
  fractionDigits,
  moneyJson,
  moneyToMinor,
  minorToDecimalString,
} from '../../shared/money.js';
import {
  addButtonLabel,
  displayPrice,
  ProductTexts,
  statusMark,
} from '../../shared/product/rules.js';
import type { ProductJson } from '../../shared/product/types.js';

/** Renders an island's markup (src/server/render/islands.ts), injected so tests can fake it. */
export interface IslandRenderer {
  isIsland(name: string): boolean;
  render(name: string, props: object, hydrate?: HydrateWhen): string;
}
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'interaction';
const HYDRATE = new Set<string>(['load', 'idle', 'visible', 'interaction']);

/** Named `sizes` values for the layouts the default theme uses. */
export const SIZES_PRESETS: Record<string, string> = {
  full: '100vw',
  content: '(min-width: 52rem) 48rem, calc(100vw - 2rem)',
  half: '(min-width: 48rem) 50vw, 100vw',
  grid: '(min-width: 64rem) 25vw, (min-width: 40rem) 33vw, 50vw',
  thumb: '6rem',
};

/**
 * Each preset's widest slot in CSS pixels, for SPEC 9.2's bucket (the `src` a browser without
 * srcset loads): a grid column is at most about 340 px (a third of 64rem, a quarter of the
 * 72rem wrap), a thumb 6rem, content 48rem, half of a 1440 px screen, the full width of one.
 */
export const PRESET_SLOTS: Record<string, number> = {
  full: 1440,
  content: 768,
  half: 720,
  grid: 340,
  thumb: 96,
};
/** Presets whose images are thumbnails: their srcset stops at the largest bucket (1500w). */
const THUMBNAIL_PRESETS = new Set(['grid', 'thumb']);

/** Value of an engine node as plain JS (undefined when missing). */
function valueOf(v: Variable): unknown {
  return v.node.isMissing() ? undefined : (v.node.value as unknown);
}

function fmt(apply: (args: string[], first: Variable, ctx: Context) => void): Formatter {
  return new (class extends Formatter {
    apply(args: string[], vars: Variable[], ctx: Context): void {
      const first = vars[0];
      if (first) apply(args, first, ctx);
    }
  })();
}

function pred(test: (args: string[], ctx: Context) => boolean): PredicatePlugin {
  return new (class extends PredicatePlugin {
    apply(args: string[], ctx: Context): boolean {
      return test(args, ctx);
    }
  })();
}

interface ImageNode {
  assetUrl?: string;
  originalSize?: string;
  altText?: string;
  mediaFocalPoint?: { x: number; y: number };
}

/**
 * The image's size from `originalSize`, or SPEC 8.6's "Invalid source parameter. Pass in
 * 'originalSize'" (what the engine's own width/height helpers give) when it is not 'WxH'.
 */
function sizeOf(image: ImageNode): { width: number; height: number } | string {
  const width = imageWidth(image.originalSize);
  const height = imageHeight(image.originalSize);
  if (typeof width === 'string') return width;
  if (typeof height === 'string') return height;
  return { width, height };
}

/**
 * `<img>` with srcset of SPEC 9.2 widths, sizes, explicit width/height and loading hints; nothing
 * without an asset, SPEC 8.6's message when the size is not 'WxH'.
 */
export function imgTag(image: ImageNode, args: string[]): string {
  if (!image.assetUrl) return '';
  const size = sizeOf(image);
  // The SPEC text is a constant with nothing to escape, so it reads the same in the source.
  if (typeof size === 'string') return size;
  let sizes = SIZES_PRESETS.full!;
  let preset = 'full';
  let loading = 'lazy';
  let priority = '';
  let cls = '';
  for (const a of args) {
    if (a === 'eager' || a === 'lazy') loading = a;
    else if (a === 'high') priority = ' fetchpriority="high"';
    else if (a.startsWith('class=')) cls = ` class="${escapeHtml(a.slice(6))}"`;
    else if (SIZES_PRESETS[a]) [sizes, preset] = [SIZES_PRESETS[a], a];
    else if (a) [sizes, preset] = [a, ''];
  }
  const fp = image.mediaFocalPoint;
  const style = fp
    ? ` style="object-position:${Math.round(fp.x * 100)}% ${Math.round(fp.y * 100)}%"`
    : '';
  // SPEC 9.2's bucket decides the width (issue 14): the src is the bucket of the slot's width;
  // browsers pick from srcset by the slot's device pixels, which for thumbnails (srcset up to
  // the largest bucket) is the same rule.
  const src = imageUrl(image.assetUrl, thumbnailWidth(slotWidthOf(preset, sizes), size.width));
  const set = THUMBNAIL_PRESETS.has(preset)
    ? thumbnailSrcset(image.assetUrl, size.width)
    : srcset(image.assetUrl, size.width);
  return (
    `<img src="${escapeHtml(src)}" srcset="${escapeHtml(set)}"` +
    ` sizes="${escapeHtml(sizes)}" width="${size.width}" height="${size.height}"` +
    ` alt="${escapeHtml(image.altText ?? '')}" loading="${loading}" decoding="${loading === 'eager' ? 'sync' : 'async'}"` +
    `${priority}${cls}${style}>`
  );
}

/**
 * A slot's widest CSS width: the preset's, else the largest fixed length (`36rem`, `640px`) in
 * a custom `sizes`, else 750 px.
 */
export function slotWidthOf(preset: string, sizes: string): number {
  if (PRESET_SLOTS[preset]) return PRESET_SLOTS[preset];
  const lengths: number[] = [];
  for (const part of sizes.split(',')) {
    // '(min-width: 62rem) 60rem' → '60rem': the media condition is not the slot.
    const m = /^(\d+(?:\.\d+)?)(rem|px)$/.exec(part.trim().replace(/^\([^)]*\)\s*/, ''));
    if (m) lengths.push(m[2] === 'rem' ? Number(m[1]) * 16 : Number(m[1]));
  }
  return lengths.length ? Math.max(...lengths) : 750;
}

/** Currency of the website (store settings), for amounts given in minor units. */
function siteCurrency(ctx: Context): string {
  const store = ctx.resolve(['websiteSettings', 'storeSettings', 'currencyCode']);
  if (!store.isMissing()) return store.asString();
  const site = ctx.resolve(['website', 'currency']);
  return site.isMissing() ? 'USD' : site.asString();
}

/** Formats Money JSON, or a number of minor units in the site's currency, with CLDR. */
export function formatMoneyNode(value: unknown, ctx: Context): string {
  let amount: string;
  let currency: string;
  if (typeof value === 'number') {
    currency = siteCurrency(ctx);
    amount = minorToDecimalString(Math.round(value), currency);
  } else if (value && typeof value === 'object') {
    const m = value as {
      value?: string;
      decimalValue?: string;
      currency?: string;
      currencyCode?: string;
    };
    currency = m.currency ?? m.currencyCode ?? siteCurrency(ctx);
    amount = minorToDecimalString(moneyToMinor({ ...m, currency }), currency);
  } else {
    return '';
  }
  if (!ctx.cldr) return `${amount} ${currency}`;
  // SPEC 3.11's digits, not CLDR's: CLDR gives COP and IDR 0 digits, the SPEC gives them 2.
  const digits = fractionDigits(currency);
  return ctx.cldr.Numbers.formatCurrency(amount, currency as never, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function productOf(value: unknown): ProductJson | undefined {
  const sc = (value as { structuredContent?: ProductJson } | undefined)?.structuredContent;
  return sc && Array.isArray(sc.variants) ? sc : undefined;
}

/** A SPEC 9.1 text from the site's localizedStrings, else its default. */
function localized(ctx: Context, key: string, fallback: string): string {
  const node = ctx.resolve(['localizedStrings', key]);
  return (!node.isMissing() && node.asString()) || fallback;
}

const HIDDEN = 'visually-hidden v6-visually-hidden';

/**
 * The price block of a product item by the shared SPEC 4.7 rules (`displayPrice`, as the product
 * island shows it), in the engine's markup: 'from {fromPrice}', or the sale price and the original
 * with visually hidden 'Sale Price:' / 'Original Price:' labels, or the one price.
 */
export function productPriceHtml(product: ProductJson, ctx: Context): string {
  const view = displayPrice(product);
  const currency = product.priceMoney.currency || siteCurrency(ctx);
  const money = (minor: number) => escapeHtml(formatMoneyNode(moneyJson(minor, currency), ctx));
  let inner: string;
  if (view.from) {
    const text = localized(ctx, 'productPriceFromText', ProductTexts.FROM_PRICE);
    const template = text.includes('{fromPrice}') ? text : ProductTexts.FROM_PRICE;
    // The text is escaped around the placeholder; the price put into it is escaped already.
    inner = escapeHtml(template).replace('{fromPrice}', money(view.price));
  } else if (view.originalPrice !== null) {
    const sale = localized(ctx, 'salePriceText', ProductTexts.SALE_PRICE);
    const original = localized(ctx, 'originalPriceText', ProductTexts.ORIGINAL_PRICE);
    inner =
      `<span class="${HIDDEN}">${escapeHtml(sale)}</span>${money(view.price)} ` +
      `<span class="${HIDDEN}">${escapeHtml(original)}</span>` +
      `<span class="original-price">${money(view.originalPrice)}</span>`;
  } else {
    inner = money(view.price);
  }
  return `<div class="product-price">${inner}</div>`;
}

/** The engine's own `product-price`, kept for subscription prices ('$20.00 every month'). */
const engineProductPrice = EngineFormatters['product-price'];

/**
 * Our template helpers, beside the engine's built-ins (docs/rendering.md lists them). They never
 * throw for bad input: a missing node renders nothing.
 */
export function createFormatters(islands: IslandRenderer): FormatterMap {
  return {
    /** `{productIsland|island product-form [load|idle|visible|interaction]}` */
    island: fmt((args, first) => {
      const name = args[0] ?? '';
      if (!islands.isIsland(name)) {
        // Not registered (yet): a neutral mount point instead of a broken page.
        first.set(`<div data-island-pending="${escapeHtml(name)}"></div>`);
        return;
      }
      const props = valueOf(first);
      const when = args[1] && HYDRATE.has(args[1]) ? (args[1] as HydrateWhen) : undefined;
      first.set(islands.render(name, props && typeof props === 'object' ? props : {}, when));
    }),
    /** `{mainImage|img grid}` / `{mainImage|img;(min-width: 40rem) 50vw, 100vw;eager;high}` */
    img: fmt((args, first) => {
      const v = valueOf(first);
      first.set(v && typeof v === 'object' ? imgTag(v as ImageNode, args) : '');
    }),
    /** `{mainImage|srcset}` → '…/100w.webp 100w, …' (SPEC 8.6's message for a bad size). */
    srcset: fmt((args, first) => {
      const v = valueOf(first) as ImageNode | undefined;
      if (!v?.assetUrl) return first.set('');
      const size = sizeOf(v);
      first.set(
        typeof size === 'string'
          ? size
          : srcset(v.assetUrl, size.width, args[0] === 'jpg' ? 'jpg' : 'webp'),
      );
    }),
    /** `{mainImage|image-url 500}` → the stored width that covers a 500 px slot. */
    'image-url': fmt((args, first) => {
      const v = valueOf(first) as ImageNode | undefined;
      if (!v?.assetUrl) return first.set('');
      const size = sizeOf(v);
      const slot = Number(args[0]) || 750;
      first.set(
        typeof size === 'string' ? size : imageUrl(v.assetUrl, bestWidth(slot, size.width)),
      );
    }),
    /** `{mainImage|focal-point}` → '50% 30%' for object-position. */
    'focal-point': fmt((_args, first) => {
      const fp = (valueOf(first) as ImageNode | undefined)?.mediaFocalPoint;
      first.set(fp ? `${Math.round(fp.x * 100)}% ${Math.round(fp.y * 100)}%` : '50% 50%');
    }),
    // `site-money` lives in helpers/money-formatter.ts (with its free-if-zero option).
    /** `{@|status-mark}` on a product item: SPEC 4.7 'sold out' / 'sale' mark, or nothing. */
    'status-mark': fmt((_args, first, ctx) => {
      const item = valueOf(first) as { id?: string } | undefined;
      const product = productOf(item);
      const mark = product ? statusMark(product) : null;
      if (!mark) {
        first.set('');
        return;
      }
      let text: string;
      if (mark === 'sold-out') {
        const custom = item?.id
          ? ctx.resolve(['productMerchandisingContext', item.id, 'customSoldOutText'])
          : undefined;
        text =
          (custom && !custom.isMissing() && custom.asString()) ||
          localized(ctx, 'productSoldOutText', ProductTexts.SOLD_OUT);
      } else {
        text = localized(ctx, 'productSaleText', ProductTexts.SALE);
      }
      first.set(`<div class="product-mark ${mark}">${escapeHtml(text)}</div>`);
    }),
    /**
     * `{@|product-price}` on a product item: replaces the engine's built-in, which treats gift
     * cards with several denominations as 'from' priced against SPEC 4.7. Subscriptions keep the
     * engine's billing-period phrases.
     */
    'product-price': new (class extends Formatter {
      apply(args: string[], vars: Variable[], ctx: Context): void {
        const first = vars[0];
        if (!first) return;
        const product = productOf(valueOf(first));
        if (product?.isSubscribable && engineProductPrice) {
          engineProductPrice.apply(args, vars, ctx);
          return;
        }
        first.set(product ? productPriceHtml(product, ctx) : '');
      }
    })(),
    /** `{@|add-button-label}` on a product item: SPEC 4.7 label, in the site's language. */
    'add-button-label': fmt((_args, first, ctx) => {
      const product = productOf(valueOf(first));
      const texts = {
        subscribe: localized(ctx, 'subscribeText', ProductTexts.SUBSCRIBE),
        addToCart: localized(ctx, 'addToCartText', ProductTexts.ADD_TO_CART),
      };
      first.set(product ? escapeHtml(addButtonLabel(product, texts)) : '');
    }),
  };
}

export function createPredicates(islands: IslandRenderer): PredicateMap {
  return {
    /** `{.island? form-block}` — the island is registered (server and browser). */
    'island?': pred((args) => islands.isIsland(String(args[0] ?? ''))),
  };
}
