/**
 * SPEC 4.1's add-to-cart flow with every side effect injected, so the order (selection → stock →
 * quantity → custom form after a stock check → subscription / gift card / add / express checkout)
 * and every SPEC 5.1 / 8.1 outcome is unit-tested without a browser. The islands supply effects
 * that call the API, the cart store and `location`.
 */
import { Messages } from '../errors.js';
import {
  findVariant,
  isGiftCard,
  parseQuantity,
  stockSufficientForForm,
  usesFormStyle,
  validateAddToCart,
  type AddToCartFailureKind,
  type OptionSelection,
} from '../product/rules.js';
import type { ProductJson, VariantJson } from '../product/types.js';
import {
  EXPRESS_CHECKOUT_PATH,
  giftCardCheckoutUrl,
  subscriptionCheckoutUrl,
} from './checkout-urls.js';

/** SPEC 8.1 recorded error kinds (validation's own plus those of the later steps). */
export type AddToCartErrorKind =
  | AddToCartFailureKind
  | 'SUB_WITH_FORM_FAILURE'
  | 'SUB_API_FAILURE'
  | 'EXPRESS_CHECKOUT_FAILURE'
  | 'CUSTOM_FORM_RENDER_ERROR'
  | 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK'
  | 'API_FAILURE';

export interface StockResult {
  unlimited: boolean;
  qtyInStock: number;
  variantId?: string;
  sku?: string;
}

export interface AddToCartRequest {
  itemId: string;
  product: ProductJson;
  selection: OptionSelection;
  /** The quantity input's raw value; products without the input send 1. */
  quantity: unknown;
  /** Units of the chosen variant already in the cart. */
  qtyInCart: (variant: VariantJson) => number;
  expressCheckout: boolean;
  /** Buying as a subscription (subscribable product, subscription price chosen). */
  subscription: boolean;
  subscriptionOptionId?: string;
  websiteId: string;
}

export interface AddToCartEffects {
  fetchStock(itemId: string): Promise<StockResult[]>;
  /** Resolves with data.cartToken; rejects with an Error whose message is the server's. */
  createSubscriptionCart(payload: {
    itemId: string;
    sku: string;
    qty: number;
    additionalFields: string | null;
    subscriptionOptionId?: string;
  }): Promise<string>;
  addEntry(payload: {
    itemId: string;
    sku: string;
    quantity: number;
    additionalFields: string | null;
  }): Promise<void>;
  hasCartCookie(): boolean;
  /** `top`: leave an editor frame for the gift-card checkout (SPEC 2). */
  navigate(url: string, opts?: { top?: boolean }): void;
}

export type AddToCartOutcome =
  | { status: 'added'; variant: VariantJson; quantity: number }
  | { status: 'redirected'; url: string; variant: VariantJson; quantity: number }
  | { status: 'needs-form'; variant: VariantJson; quantity: number }
  | {
      status: 'failed';
      kind: AddToCartErrorKind;
      /** What the alert says; '' for the blank alert of a form that failed to render. */
      message: string;
      unselectedOptions?: string[];
    };

function messageOf(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

export type AddToCartCheck =
  | { status: 'ok'; variant: VariantJson; quantity: number; qtyInCart: number }
  | Extract<AddToCartOutcome, { status: 'failed' }>;

/**
 * The synchronous checks of SPEC 4.1 (selection, variant, stock, quantity), run once the button
 * shows 'Adding…' (a failure returns it to idle after 1 s like any other; see
 * browser/islands/product/add-to-cart-click.ts).
 */
export function checkAddToCart(req: AddToCartRequest): AddToCartCheck {
  const { product } = req;
  const variant = findVariant(product, req.selection);
  const qtyInCart = variant ? req.qtyInCart(variant) : 0;
  const failure = validateAddToCart(product, req.selection, req.quantity, qtyInCart, {
    subscription: req.subscription,
  });
  if (failure) return { status: 'failed', ...failure };
  const parsed = parseQuantity(req.quantity);
  // validateAddToCart guarantees a variant and a valid quantity here.
  return { status: 'ok', variant: variant!, quantity: parsed.ok ? parsed.quantity : 1, qtyInCart };
}

/**
 * Runs the checks and, unless a custom form must be filled in first ('needs-form', after the
 * stock check of SPEC 5.1), the add itself.
 */
export async function startAddToCart(
  req: AddToCartRequest,
  fx: AddToCartEffects,
): Promise<AddToCartOutcome> {
  const check = checkAddToCart(req);
  if (check.status === 'failed') return check;
  const { variant: chosen, quantity, qtyInCart } = check;

  if (usesFormStyle(req.product)) {
    let results: StockResult[];
    try {
      results = await fx.fetchStock(req.itemId);
    } catch {
      return { status: 'failed', kind: 'CUSTOM_FORM_RENDER_ERROR', message: '' };
    }
    const own = results.filter(
      (r) => (r.variantId ?? chosen.id) === chosen.id && (r.sku ?? chosen.sku) === chosen.sku,
    );
    if (!stockSufficientForForm(own.length > 0 ? own : results, qtyInCart)) {
      return {
        status: 'failed',
        kind: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
        message: Messages.OUT_OF_STOCK,
      };
    }
    return { status: 'needs-form', variant: chosen, quantity };
  }
  return finishAddToCart(req, { variant: chosen, quantity, additionalFields: null }, fx);
}

/** The three paths of SPEC 4.1 once the checks (and any custom form) are done. */
export async function finishAddToCart(
  req: AddToCartRequest,
  chosen: { variant: VariantJson; quantity: number; additionalFields: string | null },
  fx: AddToCartEffects,
): Promise<AddToCartOutcome> {
  const { variant, quantity, additionalFields } = chosen;
  const { product } = req;

  if (req.subscription) {
    try {
      const token = await fx.createSubscriptionCart({
        itemId: req.itemId,
        sku: variant.sku,
        qty: quantity,
        additionalFields,
        ...(req.subscriptionOptionId ? { subscriptionOptionId: req.subscriptionOptionId } : {}),
      });
      const url = subscriptionCheckoutUrl(token);
      fx.navigate(url);
      return { status: 'redirected', url, variant, quantity };
    } catch (err) {
      return {
        status: 'failed',
        kind: additionalFields !== null ? 'SUB_WITH_FORM_FAILURE' : 'SUB_API_FAILURE',
        message: messageOf(err, Messages.PLEASE_TRY_AGAIN),
      };
    }
  }

  if (isGiftCard(product.productType)) {
    const url = giftCardCheckoutUrl(req.websiteId, req.itemId, variant.sku);
    fx.navigate(url, { top: true });
    return { status: 'redirected', url, variant, quantity };
  }

  try {
    await fx.addEntry({ itemId: req.itemId, sku: variant.sku, quantity, additionalFields });
  } catch (err) {
    return {
      status: 'failed',
      kind: 'API_FAILURE',
      message: messageOf(err, Messages.PLEASE_TRY_AGAIN),
    };
  }
  if (!req.expressCheckout) return { status: 'added', variant, quantity };
  if (!fx.hasCartCookie()) {
    return {
      status: 'failed',
      kind: 'EXPRESS_CHECKOUT_FAILURE',
      message: Messages.EXPRESS_CHECKOUT_NO_CART,
    };
  }
  fx.navigate(EXPRESS_CHECKOUT_PATH);
  return { status: 'redirected', url: EXPRESS_CHECKOUT_PATH, variant, quantity };
}
