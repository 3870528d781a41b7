import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { ProductType } from '../../shared/enums.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import {
  availableToAdd,
  parseQuantity,
  QUANTITY_MAX,
  validateAddToCart,
  type AddToCartFailure,
} from '../../shared/product/rules.js';
import type { ProductJson, VariantJson } from '../../shared/product/types.js';
import { appError, type AppError } from '../errors/app-error.js';
import { additionalFieldsKey, parseAdditionalFields } from './additional-fields.js';
import { checkFormAnswers, type CheckedAnswers } from './form-answers.js';
import { loadCartProduct, unitPriceCents, type CartProduct } from './catalog-port.js';
import type { CartProductCache } from './cart-product-cache.js';
import {
  cartJson,
  entryJson,
  type CartEntryJson,
  type CartJson,
  type EntryRow,
} from './cart-json.js';
import { findOpenCart, heldOf, listEntries, lockCart } from './cart-queries.js';
import { newCartId } from './cart-cookie.js';
import {
  DuplicateInFlight,
  findReplay,
  storeResponse,
  type IdempotencyClaim,
} from './idempotency.js';
import type { CartStore } from './store.js';

export interface CartDeps {
  db: Db;
  now: () => number;
  /** Products by content version; without it every call reads the catalog. */
  products?: CartProductCache;
}

export interface AddEntryInput {
  itemId: string;
  sku?: string | null | undefined;
  quantity?: unknown;
  additionalFields?: unknown;
}

export interface AddEntryBody {
  shoppingCart: CartJson;
  newlyAdded: CartEntryJson;
}

export interface AddEntryResult {
  cartId: string;
  body: AddEntryBody;
  /** True when an Idempotency-Key matched and the stored response was returned. */
  replayed: boolean;
}

/**
 * POST /api/commerce/shopping-cart/entries. Validates as the islands do (SPEC 4.1 order:
 * selection, stock, quantity; SPEC 5.1 texts) against the catalog, then — in one transaction —
 * locks the cart, merges the line (same variant + same form answers → quantity grows) and, for a
 * first add, creates the cart. Nothing is written when anything fails.
 */
export async function addEntry(
  deps: CartDeps,
  store: CartStore,
  input: AddEntryInput,
  cartId: string | undefined,
  claim?: IdempotencyClaim,
): Promise<AddEntryResult> {
  const { db } = deps;
  if (claim) {
    const hit = await findReplay(db, store.siteId, claim, cartId, deps.now());
    if (hit) return { cartId: hit.cartId, body: hit.response as AddEntryBody, replayed: true };
  }
  const found = deps.products
    ? await deps.products.get(db, store.siteId, store.contentVersion, input.itemId)
    : await loadCartProduct(db, store.siteId, input.itemId);
  if (!found) throw appError(ErrorCode.VARIANT_UNAVAILABLE, Messages.VARIANT_UNAVAILABLE);
  const { product } = found;
  if (product.isSubscribable && !product.oneTimePurchaseAllowed) {
    throw appError(ErrorCode.SUBSCRIPTION_ONLY, Messages.SUBSCRIPTION_ONLY);
  }
  const { variant, selectionProduct, selection } = chooseVariant(product, input.sku);
  // A missing quantity is one (the input is hidden for some products, SPEC 5.2).
  const quantityInput = input.quantity === undefined ? 1 : input.quantity;
  // Cheap checks before any lock: the rules with nothing held yet catch most bad requests.
  const early = validateAddToCart(selectionProduct, selection, quantityInput, 0);
  if (early) throw failureError(early, variant, 0, product.productType);
  const answered = await answersFor(db, store.siteId, product, input.additionalFields);
  const fields = answered?.values ?? null;

  try {
    return await db.transaction().execute(async (trx) => {
      const now = new Date(deps.now());
      let cart = cartId ? await lockCart(trx, store.siteId, cartId, now) : undefined;
      const entries = cart ? await listEntries(trx, cart.id) : [];
      const held = heldOf(entries, variant!.id);
      const failure = validateAddToCart(selectionProduct, selection, quantityInput, held);
      if (failure) throw failureError(failure, variant, held, product.productType);
      const quantity = (parseQuantity(quantityInput) as { quantity: number }).quantity;
      checkServiceQuantity(store, product, held + quantity, held);

      const key = additionalFieldsKey(fields);
      const same = entries.find(
        (e) => e.variant_id === variant!.id && e.additional_fields_key === key,
      );
      if (same && same.quantity + quantity > QUANTITY_MAX) {
        throw appError(ErrorCode.QUANTITY_OUT_OF_RANGE, Messages.QUANTITY_OUT_OF_RANGE, {
          available: QUANTITY_MAX - same.quantity,
        });
      }
      if (!cart) {
        cart = await trx
          .insertInto('carts')
          .values({
            id: newCartId(),
            site_id: store.siteId,
            created: now,
            updated: now,
            order_id: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      const line = await upsertLine(trx, cart.id, found, variant!, quantity, answered, key, now);
      const lines = same ? entries.map((e) => (e.id === line.id ? line : e)) : [...entries, line];
      const body: AddEntryBody = {
        shoppingCart: cartJson(store.siteId, store.currency, cart, lines),
        newlyAdded: entryJson(line, store.currency),
      };
      if (claim && !(await storeResponse(trx, store.siteId, claim, cart.id, body, deps.now()))) {
        throw new DuplicateInFlight();
      }
      return { cartId: cart.id, body, replayed: false };
    });
  } catch (err) {
    // A concurrent request with the same key committed first: answer as it did.
    if (err instanceof DuplicateInFlight && claim) {
      const hit = await findReplay(db, store.siteId, claim, cartId, deps.now());
      if (hit) return { cartId: hit.cartId, body: hit.response as AddEntryBody, replayed: true };
    }
    throw err;
  }
}

/** GET /api/commerce/shopping-cart: the visitor's cart, or an empty one. */
export async function getCart(
  deps: CartDeps,
  store: CartStore,
  cartId: string | undefined,
): Promise<CartJson> {
  const cart = cartId ? await findOpenCart(deps.db, store.siteId, cartId) : undefined;
  const entries = cart ? await listEntries(deps.db, cart.id) : [];
  return cartJson(store.siteId, store.currency, cart, entries);
}

/** PUT …/entries/{entryId}/quantity. Lowering always works; raising is checked like an add. */
export async function updateQuantity(
  deps: CartDeps,
  store: CartStore,
  cartId: string | undefined,
  entryId: string,
  quantityInput: unknown,
): Promise<CartJson> {
  const parsed = parseQuantity(quantityInput);
  if (!parsed.ok) throw quantityError(parsed.reason);
  const quantity = parsed.quantity;
  return deps.db.transaction().execute(async (trx) => {
    const { cart, entries, entry } = await lockEntry(
      trx,
      store,
      cartId,
      entryId,
      deps.now(),
      Messages.UNABLE_UPDATE_QUANTITY,
    );
    if (quantity > entry.quantity) {
      const found = await loadCartProduct(trx, store.siteId, entry.item_id);
      const variant = found?.product.variants.find((v) => v.id === entry.variant_id);
      if (!found || !variant) {
        throw appError(ErrorCode.VARIANT_UNAVAILABLE, Messages.VARIANT_UNAVAILABLE);
      }
      const held = heldOf(entries, variant.id, entry.id);
      const available = availableToAdd(variant, held, found.product.productType);
      if (quantity > available) {
        throw appError(ErrorCode.OUT_OF_STOCK, Messages.OUT_OF_STOCK, {
          available: Math.max(0, available - entry.quantity),
          maxQuantity: available,
        });
      }
      checkServiceQuantity(store, found.product, held + quantity, held + entry.quantity);
    }
    const now = new Date(deps.now());
    const updated = await trx
      .updateTable('cart_entries')
      .set({ quantity, updated: now })
      .where('id', '=', entry.id)
      .where('cart_id', '=', cart.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const lines = entries.map((e) => (e.id === updated.id ? updated : e));
    return cartJson(store.siteId, store.currency, cart, lines);
  });
}

/** DELETE …/entries/{entryId}. */
export async function removeEntry(
  deps: CartDeps,
  store: CartStore,
  cartId: string | undefined,
  entryId: string,
): Promise<CartJson> {
  return deps.db.transaction().execute(async (trx) => {
    const { cart, entries, entry } = await lockEntry(
      trx,
      store,
      cartId,
      entryId,
      deps.now(),
      Messages.UNABLE_REMOVE_ITEM,
    );
    await trx
      .deleteFrom('cart_entries')
      .where('id', '=', entry.id)
      .where('cart_id', '=', cart.id)
      .execute();
    const lines = entries.filter((e) => e.id !== entry.id);
    return cartJson(store.siteId, store.currency, cart, lines);
  });
}

export interface UpdateFieldsInput {
  itemId: string;
  sku: string;
  additionalFields: unknown;
}

/**
 * PUT …/entries/{entryId}/additionalFields: new form answers for a line. When another line of
 * the same variant already has exactly these answers, the two lines become one.
 */
export async function updateAdditionalFields(
  deps: CartDeps,
  store: CartStore,
  cartId: string | undefined,
  entryId: string,
  input: UpdateFieldsInput,
): Promise<{ shoppingCart: CartJson; updatedEntry: CartEntryJson }> {
  return deps.db.transaction().execute(async (trx) => {
    const { cart, entries, entry } = await lockEntry(
      trx,
      store,
      cartId,
      entryId,
      deps.now(),
      Messages.UNABLE_UPDATE_FORM,
    );
    if (entry.item_id !== input.itemId || entry.sku !== (input.sku ?? '')) {
      throw appError(ErrorCode.VARIANT_UNAVAILABLE, Messages.UNABLE_UPDATE_FORM);
    }
    const found = await loadCartProduct(trx, store.siteId, entry.item_id);
    if (!found) throw appError(ErrorCode.VARIANT_UNAVAILABLE, Messages.VARIANT_UNAVAILABLE);
    const answered = await answersFor(trx, store.siteId, found.product, input.additionalFields);
    const fields = answered?.values ?? null;
    const key = additionalFieldsKey(fields);
    const now = new Date(deps.now());
    const twin = entries.find(
      (e) =>
        e.id !== entry.id && e.variant_id === entry.variant_id && e.additional_fields_key === key,
    );
    let updated: EntryRow;
    let lines: EntryRow[];
    if (twin) {
      if (twin.quantity + entry.quantity > QUANTITY_MAX) {
        throw appError(ErrorCode.QUANTITY_OUT_OF_RANGE, Messages.QUANTITY_OUT_OF_RANGE, {
          available: QUANTITY_MAX - twin.quantity,
        });
      }
      await trx.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
      updated = await trx
        .updateTable('cart_entries')
        .set({ quantity: twin.quantity + entry.quantity, updated: now })
        .where('id', '=', twin.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      lines = entries.filter((e) => e.id !== entry.id).map((e) => (e.id === twin.id ? updated : e));
    } else {
      updated = await trx
        .updateTable('cart_entries')
        .set({
          additional_fields: fields ? JSON.stringify(fields) : null,
          additional_field_answers: answered ? JSON.stringify(answered.answers) : null,
          additional_fields_key: key,
          updated: now,
        })
        .where('id', '=', entry.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      lines = entries.map((e) => (e.id === entry.id ? updated : e));
    }
    return {
      shoppingCart: cartJson(store.siteId, store.currency, cart, lines),
      updatedEntry: entryJson(updated, store.currency),
    };
  });
}

// ---------------------------------------------------------------------------------------------

/**
 * The variant the request names. The shared rules choose by option values, so the SKU's variant
 * goes first and its attributes become the selection; no SKU means nothing was selected (a
 * single-variant product needs no choice).
 */
export function chooseVariant(
  product: ProductJson,
  sku: string | null | undefined,
): {
  variant: VariantJson | undefined;
  selectionProduct: ProductJson;
  selection: Record<string, string>;
} {
  const wanted = sku?.trim() ?? '';
  if (!wanted) {
    const only = product.variants.length === 1 ? product.variants[0] : undefined;
    return { variant: only, selectionProduct: product, selection: {} };
  }
  const variant = product.variants.find((v) => v.sku === wanted);
  if (!variant) throw appError(ErrorCode.VARIANT_UNAVAILABLE, Messages.VARIANT_UNAVAILABLE);
  const others = product.variants.filter((v) => v !== variant);
  return {
    variant,
    selectionProduct: { ...product, variants: [variant, ...others] },
    selection: { ...variant.attributes },
  };
}

export function failureError(
  failure: AddToCartFailure,
  variant: VariantJson | undefined,
  held: number,
  productType: number,
): AppError {
  const details: Record<string, unknown> = {};
  if (failure.unselectedOptions) details.unselectedOptions = failure.unselectedOptions;
  if (failure.kind === 'OUT_OF_STOCK' && variant) {
    details.available = availableToAdd(variant, held, productType);
  }
  return appError(ErrorCode[failure.kind], failure.message, details);
}

export function quantityError(reason: 'not-a-number' | 'not-whole' | 'out-of-range'): AppError {
  switch (reason) {
    case 'not-a-number':
      return appError(ErrorCode.QUANTITY_NOT_A_NUMBER, Messages.QUANTITY_NOT_A_NUMBER);
    case 'not-whole':
      return appError(ErrorCode.QUANTITY_NOT_WHOLE, Messages.QUANTITY_NOT_WHOLE);
    default:
      return appError(ErrorCode.QUANTITY_OUT_OF_RANGE, Messages.QUANTITY_OUT_OF_RANGE);
  }
}

/** SPEC 3.3 storeSettings.multipleQuantityAllowedForServices: otherwise one unit per service. */
function checkServiceQuantity(
  store: CartStore,
  product: ProductJson,
  total: number,
  before: number,
): void {
  if (product.productType !== ProductType.SERVICE || store.multipleQuantityAllowedForServices) {
    return;
  }
  if (total > 1) {
    throw appError(ErrorCode.QUANTITY_OUT_OF_RANGE, Messages.SERVICE_SINGLE_QUANTITY, {
      available: Math.max(0, 1 - before),
    });
  }
}

/** Form answers are kept only for products with a custom form, and checked against it. */
export async function answersFor(
  db: Db,
  siteId: string,
  product: ProductJson,
  raw: unknown,
): Promise<CheckedAnswers | null> {
  if (!product.additionalFieldsFormId) return null;
  const checked = await checkFormAnswers(
    db,
    siteId,
    product.additionalFieldsFormId,
    parseAdditionalFields(raw) ?? {},
  );
  return Object.keys(checked.values).length > 0 ? checked : null;
}

async function lockEntry(
  db: Db,
  store: CartStore,
  cartId: string | undefined,
  entryId: string,
  now: number,
  notFoundMessage: string,
) {
  const cart = cartId ? await lockCart(db, store.siteId, cartId, new Date(now)) : undefined;
  if (!cart) throw appError(ErrorCode.CART_ENTRY_NOT_FOUND, notFoundMessage);
  const entries = await listEntries(db, cart.id);
  const entry = entries.find((e) => e.id === entryId);
  if (!entry) throw appError(ErrorCode.CART_ENTRY_NOT_FOUND, notFoundMessage);
  return { cart, entries, entry };
}

async function upsertLine(
  db: Db,
  cartId: string,
  found: CartProduct,
  variant: VariantJson,
  quantity: number,
  answered: CheckedAnswers | null,
  key: string,
  now: Date,
): Promise<EntryRow> {
  return db
    .insertInto('cart_entries')
    .values({
      id: crypto.randomUUID(),
      cart_id: cartId,
      item_id: found.itemId,
      variant_id: variant.id,
      sku: variant.sku,
      quantity,
      additional_fields: answered ? JSON.stringify(answered.values) : null,
      additional_field_answers: answered ? JSON.stringify(answered.answers) : null,
      additional_fields_key: key,
      unit_price_cents: unitPriceCents(found.product, variant),
      title: found.title,
      attributes: JSON.stringify(variant.attributes),
      product_type: found.product.productType,
      created: now,
      updated: now,
    })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'variant_id', 'additional_fields_key']).doUpdateSet((eb) => ({
        quantity: eb('cart_entries.quantity', '+', eb.ref('excluded.quantity')),
        // A merge re-prices the line at today's price.
        unit_price_cents: eb.ref('excluded.unit_price_cents'),
        title: eb.ref('excluded.title'),
        sku: eb.ref('excluded.sku'),
        attributes: eb.ref('excluded.attributes'),
        updated: eb.ref('excluded.updated'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
