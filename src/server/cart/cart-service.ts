import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import {
  availableToAdd,
  parseQuantity,
  QUANTITY_MAX,
  unitsPerCart,
  usesFormStyle,
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
  addEntryBody,
  cartJson,
  entryJson,
  type AddEntryBody,
  type CartEntryJson,
  type CartJson,
  type EntryRow,
} from './cart-json.js';
import { findOpenCart, heldOf, listEntries, lockCart } from './cart-queries.js';
import { newCartId } from './cart-cookie.js';
import { addLine, type AddLineInput } from './add-line.js';
import type { AddLineBatcher } from './add-line-batcher.js';
import { findReplay, liveAfter, replayOf, type IdempotencyClaim } from './idempotency.js';
import type { CartStore } from './store.js';

export interface CartDeps {
  db: Db;
  now: () => number;
  /** Products by content version; without it every call reads the catalog. */
  products?: CartProductCache;
  /** Sends concurrent adds together; without it every add is a statement of its own. */
  lines?: AddLineBatcher;
}

export interface AddEntryInput {
  itemId: string;
  sku?: string | null | undefined;
  quantity?: unknown;
  additionalFields?: unknown;
}

export type { AddEntryBody } from './cart-json.js';

export interface AddEntryResult {
  cartId: string;
  body: AddEntryBody;
  /** True when an Idempotency-Key matched and the stored response was returned. */
  replayed: boolean;
}

/**
 * POST /api/commerce/shopping-cart/entries. Validates as the islands do (SPEC 4.1 order:
 * selection, stock, quantity; SPEC 5.1 texts) against the catalog, then — in one statement, one
 * implicit transaction (`cart_add_entry`, add-line-function.ts; concurrent adds share it, see
 * add-line-batcher.ts) — locks the cart, checks what it already holds against the limits derived
 * here, merges the line (same variant + same form answers → quantity grows) and, for a first
 * add, creates the cart. Nothing is written when anything fails.
 */
export async function addEntry(
  deps: CartDeps,
  store: CartStore,
  input: AddEntryInput,
  cartId: string | undefined,
  claim?: IdempotencyClaim,
): Promise<AddEntryResult> {
  const { db } = deps;
  let add: PreparedAdd;
  try {
    add = await prepareAdd(deps, store, input);
  } catch (err) {
    // A retry of a stored add answers as the first one did even when the catalog has changed
    // since (and a reused key is reported before the request's own faults).
    if (claim) {
      const hit = await findReplay(db, store.siteId, claim, cartId, deps.now());
      if (hit) return { ...hit, replayed: true };
    }
    throw err;
  }
  const { found, variant, quantity, answered } = add;
  const now = deps.now();
  const line: AddLineInput = {
    siteId: store.siteId,
    cartId,
    newCartId: newCartId(),
    now: new Date(now),
    entryId: crypto.randomUUID(),
    itemId: found.itemId,
    variantId: variant.id,
    sku: variant.sku,
    quantity,
    additionalFields: answered?.values ?? null,
    additionalFieldAnswers: answered?.answers ?? null,
    additionalFieldsKey: additionalFieldsKey(answered?.values ?? null),
    unitPriceCents: unitPriceCents(found.product, variant),
    title: found.title,
    attributes: variant.attributes,
    productType: found.product.productType,
    maxHeld: maxHeldOf(store, found.product, variant),
    maxLine: QUANTITY_MAX,
    currency: store.currency,
    claim,
    liveAfter: liveAfter(now),
  };
  const outcome = await (deps.lines ? deps.lines.add(line) : addLine(db, line));
  switch (outcome.status) {
    case 'added':
      return {
        cartId: outcome.cartId,
        body: addEntryBody(store.siteId, outcome.snapshot),
        replayed: false,
      };
    case 'replay':
      if (!claim) throw new Error('cart_add_entry replayed an add sent without a key');
      return { ...replayOf(store.siteId, claim, cartId, outcome), replayed: true };
    case 'rejected':
      return rejectAdd(store, add, outcome.held, outcome.lineQuantity);
  }
}

/** An add checked against the catalog, before it meets the cart. */
interface PreparedAdd {
  found: CartProduct;
  variant: VariantJson;
  selectionProduct: ProductJson;
  selection: Record<string, string>;
  quantityInput: unknown;
  quantity: number;
  answered: CheckedAnswers | null;
}

/** Every check that needs no cart: the rules with nothing held catch most bad requests. */
async function prepareAdd(
  deps: CartDeps,
  store: CartStore,
  input: AddEntryInput,
): Promise<PreparedAdd> {
  const { db } = deps;
  const found = deps.products
    ? await deps.products.get(db, store.siteId, store.contentVersion, input.itemId)
    : await loadCartProduct(db, store.siteId, input.itemId);
  if (!found) throw appError(ErrorCode.VARIANT_UNAVAILABLE);
  const { product } = found;
  if (product.isSubscribable && !product.oneTimePurchaseAllowed) {
    throw appError(ErrorCode.SUBSCRIPTION_ONLY);
  }
  const { variant, selectionProduct, selection } = chooseVariant(product, input.sku);
  // A missing quantity is one (the input is hidden for some products, SPEC 5.2).
  const quantityInput = input.quantity === undefined ? 1 : input.quantity;
  const early = validateAddToCart(selectionProduct, selection, quantityInput, 0);
  if (early) throw failureError(early, variant, 0, product.productType);
  // The rules passed, so a variant was chosen and the quantity is a valid one.
  const parsed = parseQuantity(quantityInput);
  // A product whose variants cannot be chosen from (none, or several without options) passes the
  // rules with no variant: it cannot be added (found by the fuzz suite).
  if (!variant) throw appError(ErrorCode.VARIANT_UNAVAILABLE);
  if (!parsed.ok) throw new Error('add-to-cart rules passed without a valid quantity');
  const answered = await answersFor(db, store.siteId, product, input.additionalFields);
  return {
    found,
    variant,
    selectionProduct,
    selection,
    quantityInput,
    quantity: parsed.quantity,
    answered,
  };
}

/**
 * The most units of the variant one cart may hold: its stock (SPEC 4.7: none for unlimited
 * variants, digital goods and gift cards), and one for a service when the store allows only one.
 * Null for no limit. The database checks it under the cart's lock.
 */
function maxHeldOf(store: CartStore, product: ProductJson, variant: VariantJson): number | null {
  const max = Math.min(
    availableToAdd(variant, 0, product.productType),
    unitsPerCart(product.productType, store),
  );
  return Number.isFinite(max) ? max : null;
}

/**
 * The error of an add the database refused, from what the cart holds: the same rules, in the
 * same order, as an add checked against the cart's lines (stock, services, the line's cap).
 */
function rejectAdd(store: CartStore, add: PreparedAdd, held: number, lineQuantity: number): never {
  const { product } = add.found;
  const failure = validateAddToCart(add.selectionProduct, add.selection, add.quantityInput, held);
  if (failure) throw failureError(failure, add.variant, held, product.productType);
  checkServiceQuantity(store, product, held + add.quantity, held);
  if (lineQuantity + add.quantity > QUANTITY_MAX) {
    throw appError(ErrorCode.QUANTITY_OUT_OF_RANGE, Messages.QUANTITY_OUT_OF_RANGE, {
      available: QUANTITY_MAX - lineQuantity,
    });
  }
  throw new Error(`cart_add_entry refused an add the rules allow (held ${held})`);
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
        throw appError(ErrorCode.VARIANT_UNAVAILABLE);
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
    if (!found) throw appError(ErrorCode.VARIANT_UNAVAILABLE);
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

/** GET …/entries/{entryId}/additionalFields: which form the line's answers belong to. */
export interface EntryFormJson {
  entryId: string;
  itemId: string;
  sku: string;
  formId: string;
  additionalFields: CartEntryJson['additionalFields'];
}

/**
 * The custom form of a cart line's product, for editing its answers on the cart page. The form
 * id is not part of the cart JSON (it would cost a product read per line on every cart read, and
 * the add's snapshot has no product), so the page asks for it when the shopper opens the editor.
 * The product is read now: a form the owner removed since the add cannot be edited (SPEC 8.3
 * 'Unable to open form').
 */
export async function entryForm(
  deps: CartDeps,
  store: CartStore,
  cartId: string | undefined,
  entryId: string,
): Promise<EntryFormJson> {
  const cart = cartId ? await findOpenCart(deps.db, store.siteId, cartId) : undefined;
  const entry = cart
    ? (await listEntries(deps.db, cart.id)).find((e) => e.id === entryId)
    : undefined;
  if (!entry) throw appError(ErrorCode.CART_ENTRY_NOT_FOUND, Messages.UNABLE_OPEN_FORM);
  const found = await loadCartProduct(deps.db, store.siteId, entry.item_id);
  const formId = found?.product.additionalFieldsFormId;
  if (!formId) throw appError(ErrorCode.FORM_NOT_CONFIGURED, Messages.UNABLE_OPEN_FORM);
  return {
    entryId: entry.id,
    itemId: entry.item_id,
    sku: entry.sku,
    formId,
    additionalFields: entry.additional_fields,
  };
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
  if (!variant) throw appError(ErrorCode.VARIANT_UNAVAILABLE);
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

function quantityError(reason: 'not-a-number' | 'not-whole' | 'out-of-range'): AppError {
  switch (reason) {
    case 'not-a-number':
      return appError(ErrorCode.QUANTITY_NOT_A_NUMBER);
    case 'not-whole':
      return appError(ErrorCode.QUANTITY_NOT_WHOLE);
    default:
      return appError(ErrorCode.QUANTITY_OUT_OF_RANGE);
  }
}

/**
 * SPEC 3.3: a store without multipleQuantityAllowedForServices takes one unit of a service; every
 * path that puts units in a cart (adds, quantity changes, subscription carts) checks it.
 */
export function checkServiceQuantity(
  store: CartStore,
  product: ProductJson,
  total: number,
  before: number,
): void {
  const limit = unitsPerCart(product.productType, store);
  if (total > limit) {
    throw appError(ErrorCode.QUANTITY_OUT_OF_RANGE, Messages.SERVICE_SINGLE_QUANTITY, {
      available: Math.max(0, limit - before),
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
  if (!usesFormStyle(product)) return null;
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
