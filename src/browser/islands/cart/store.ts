import {
  AUTH_HINT_COOKIE,
  CART_HINT_COOKIE,
  SITE_USER_COOKIE,
} from '../../../shared/wire-names.js';
import { apiFetch } from '../../lib/api.js';
import { hasCookie } from '../../lib/cookies.js';
import { emit as emitPageEvent, type PageEventName, type PageEvents } from '../../lib/events.js';
import type { AddEntryResponse, CartJson, CartResponse, EntryFormResponse } from './cart-json.js';

/**
 * The visitor's cart in the browser: one store per page, shared by every island through the
 * module singleton `cartStore` (islands are separate chunks but share this module).
 *
 * No React here: the product islands, the cart indicator and plain scripts all use it, and
 * `useCart()` (use-cart.ts) adapts it for React. The cart is never part of the page HTML (pages
 * stay cacheable), so it is fetched after the page loads, and only when there can be one: a cart
 * cookie exists or the visitor is signed in (SPEC 4.2, 6). The session cookie is HttpOnly, so the
 * server leaves a readable `ss_auth=1` hint beside it.
 */

/**
 * The cart cookie as scripts can see it. The real `cart` cookie is HttpOnly (it opens the cart),
 * so the server sets this readable companion `ss_cart=1` beside it (src/server/cart/cart-cookie.ts).
 * Check it through `hasCartCookie()` (express checkout needs it too, SPEC 2).
 */
export const CART_COOKIE = CART_HINT_COOKIE;
/** Readable 'signed in' hint beside the HttpOnly session cookie (src/server/owners). */
export { AUTH_HINT_COOKIE };

/** SPEC 2 / 4.2: whether a cart cookie exists. */
export function hasCartCookie(cookies?: string): boolean {
  return hasCookie(CART_COOKIE, cookies);
}
export const CART_PATH = '/api/commerce/shopping-cart';
export const CART_CHANNEL = 'cart';

export type CartStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CartState {
  /** idle: nothing known yet (SSR, before start); ready: `cart` is the truth (null = no cart). */
  status: CartStatus;
  cart: CartJson | null;
}

export interface AddEntryInput {
  itemId: string;
  sku: string;
  quantity: number;
  /** SPEC 3.2: the custom-form answers as JSON text; objects are serialised here. */
  additionalFields?: string | unknown[] | Record<string, unknown> | null;
}

export interface CartStoreDeps {
  fetchJson: <T>(
    path: string,
    opts?: {
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
      json?: unknown;
      idempotencyKey?: string;
      signal?: AbortSignal;
    },
  ) => Promise<T>;
  /** Whether a cart can exist (cart cookie or signed-in hint). */
  mayHaveCart: () => boolean;
  /** Where page events go (document in the browser). */
  events?: EventTarget;
  /** Tab sync; undefined where BroadcastChannel is missing. */
  channel?: () => BroadcastChannel | undefined;
  /** Where `pageshow` comes from (window in the browser). */
  window?: EventTarget;
  randomId?: () => string;
}

interface SyncMessage {
  type: 'cart';
  cart: CartJson | null;
}

const EMPTY: CartState = { status: 'idle', cart: null };

export class CartStore {
  private state: CartState = EMPTY;
  private readonly listeners = new Set<(s: CartState) => void>();
  private started = false;
  private channel: BroadcastChannel | undefined;
  private loadController: AbortController | undefined;
  /** Bumped by every applied change, so a slower GET cannot overwrite a newer mutation's cart. */
  private version = 0;

  constructor(private readonly deps: CartStoreDeps) {}

  getState = (): CartState => this.state;

  /** The current cart; null while unknown or when the visitor has none. */
  getCart(): CartJson | null {
    return this.state.cart;
  }

  /** Count of items (SPEC 3.1 totalQuantity); 0 without a cart. */
  getCount(): number {
    return this.state.cart?.totalQuantity ?? 0;
  }

  /** Quantity already in the cart for one item/variant (SPEC 5.1's stock check). */
  quantityInCart(itemId: string, sku: string): number {
    let n = 0;
    for (const e of this.state.cart?.entries ?? []) {
      if (e.itemId === itemId && e.chosenVariant?.sku === sku) n += e.quantity;
    }
    return n;
  }

  /** Listens for changes; the first subscriber starts the store (so SSR never starts it). */
  subscribe = (listener: (s: CartState) => void): (() => void) => {
    this.listeners.add(listener);
    this.start();
    return () => this.listeners.delete(listener);
  };

  /** Loads the cart (when one may exist), joins the tab channel, and watches back/forward. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.channel = this.deps.channel?.();
    this.channel?.addEventListener('message', (e: MessageEvent<SyncMessage>) => {
      if (e.data?.type !== 'cart') return;
      this.apply(e.data.cart);
      this.emit('cart:loaded', { cart: e.data.cart, source: 'other-tab' });
    });
    this.deps.window?.addEventListener('pageshow', this.onPageShow);
    this.loadQuietly();
  }

  /** Leaves the tab channel and stops listening (tests; a page never needs it). */
  stop(): void {
    this.channel?.close();
    this.channel = undefined;
    this.deps.window?.removeEventListener('pageshow', this.onPageShow);
    this.loadController?.abort();
    this.started = false;
  }

  /** A page restored from the back/forward cache kept its old cart in memory: ask again. */
  private readonly onPageShow = (e: Event): void => {
    if ((e as PageTransitionEvent).persisted) this.loadQuietly();
  };

  /** Background loads never reject into the page: the cart simply stays as it was. */
  private loadQuietly(): void {
    this.load().catch((err: unknown) => console.warn('cart: could not load the cart', err));
  }

  /** Fetches the cart; without a cart cookie or sign-in the cart is simply empty (SPEC 4.2). */
  async load(): Promise<CartJson | null> {
    if (!this.deps.mayHaveCart()) {
      this.apply(null);
      this.emit('cart:loaded', { cart: null, source: 'fetch' });
      return null;
    }
    this.loadController?.abort();
    const controller = new AbortController();
    this.loadController = controller;
    const versionAtStart = this.version;
    this.emit('cart:loading', {});
    if (this.state.status !== 'ready') this.set({ status: 'loading', cart: this.state.cart });
    try {
      const body = await this.deps.fetchJson<unknown>(CART_PATH, { signal: controller.signal });
      const cart = cartFromBody(body);
      // A mutation answered while this GET was in flight: its cart is newer.
      if (this.version !== versionAtStart) return this.state.cart;
      this.apply(cart);
      this.emit('cart:loaded', { cart, source: 'fetch' });
      return cart;
    } catch (err) {
      if (controller.signal.aborted) return this.state.cart;
      if (this.state.status !== 'ready') this.set({ status: 'error', cart: null });
      throw err;
    } finally {
      if (this.loadController === controller) this.loadController = undefined;
    }
  }

  /** SPEC 7: POST …/entries with an Idempotency-Key; resolves with the new entry. */
  async addEntry(input: AddEntryInput): Promise<AddEntryResponse> {
    const res = await this.deps.fetchJson<AddEntryResponse>(`${CART_PATH}/entries`, {
      method: 'POST',
      json: {
        itemId: input.itemId,
        sku: input.sku,
        quantity: input.quantity,
        additionalFields: serialiseFields(input.additionalFields),
      },
      idempotencyKey: this.randomId(),
    });
    this.commit(res.shoppingCart);
    this.emit('cart:item-added', { cart: res.shoppingCart, newlyAdded: res.newlyAdded ?? null });
    return res;
  }

  /** PUT …/entries/{id}/quantity (docs/contracts.md). */
  async setQuantity(entryId: string, quantity: number): Promise<CartJson> {
    const res = await this.recalculate(entryId, () =>
      this.deps.fetchJson<CartResponse>(`${entryPath(entryId)}/quantity`, {
        method: 'PUT',
        json: { quantity },
      }),
    );
    return res.shoppingCart;
  }

  /** DELETE …/entries/{id} (docs/contracts.md). */
  async removeEntry(entryId: string): Promise<CartJson> {
    const before = this.state.cart?.entries.find((e) => e.id === entryId);
    const { shoppingCart: cart } = await this.recalculate(entryId, () =>
      this.deps.fetchJson<CartResponse>(entryPath(entryId), { method: 'DELETE' }),
    );
    if (before) this.emit('cart:item-removed', { entry: before, cart });
    return cart;
  }

  /**
   * PUT …/coupon with a discount code, DELETE it with null (docs/cart-api.md, issue 15). The
   * answer says whether it applies (validCoupons/invalidCoupons): a code that does not is kept,
   * with its reason, until the shopper removes it.
   */
  async setCoupon(code: string | null): Promise<CartJson> {
    const { shoppingCart } = await this.deps.fetchJson<CartResponse>(`${CART_PATH}/coupon`, {
      method: code === null ? 'DELETE' : 'PUT',
      ...(code === null ? {} : { json: { code } }),
    });
    this.commit(shoppingCart);
    return shoppingCart;
  }

  /**
   * GET …/entries/{id}/additionalFields: the form a line's answers belong to (docs/cart-api.md).
   * Only a read: no recalculation, the cart is untouched.
   */
  entryForm(entryId: string): Promise<EntryFormResponse> {
    return this.deps.fetchJson<EntryFormResponse>(`${entryPath(entryId)}/additionalFields`);
  }

  /**
   * SPEC 7: PUT …/entries/{id}/additionalFields with itemId, sku, additionalFields. Resolves with
   * the cart and `updatedEntry`: another line, when the new answers equal that line's and the
   * server merged the two (docs/cart-api.md).
   */
  updateAdditionalFields(
    entryId: string,
    input: { itemId: string; sku: string; additionalFields: AddEntryInput['additionalFields'] },
  ): Promise<CartResponse> {
    return this.recalculate(entryId, () =>
      this.deps.fetchJson<CartResponse>(`${entryPath(entryId)}/additionalFields`, {
        method: 'PUT',
        json: {
          itemId: input.itemId,
          sku: input.sku,
          additionalFields: serialiseFields(input.additionalFields),
        },
      }),
    );
  }

  /**
   * The cart was bought (checkout placed an order): nothing is in it any more, here and in the
   * other tabs, without another request.
   */
  clear(): void {
    this.apply(null);
    this.channel?.postMessage({ type: 'cart', cart: null } satisfies SyncMessage);
    this.emit('cart:loaded', { cart: null, source: 'fetch' });
  }

  private async recalculate(
    entryId: string,
    call: () => Promise<CartResponse>,
  ): Promise<CartResponse> {
    this.emit('cart:recalculate-start', { entryId });
    try {
      const res = await call();
      this.commit(res.shoppingCart);
      this.emit('cart:recalculate-end', { entryId, cart: res.shoppingCart });
      return res;
    } catch (err) {
      this.emit('cart:recalculate-end', { entryId, cart: null });
      throw err;
    }
  }

  /** A change made here: show it, and tell the other tabs. */
  private commit(cart: CartJson): void {
    this.apply(cart);
    this.channel?.postMessage({ type: 'cart', cart } satisfies SyncMessage);
  }

  private apply(cart: CartJson | null): void {
    this.version += 1;
    this.set({ status: 'ready', cart });
  }

  private set(state: CartState): void {
    this.state = state;
    for (const l of [...this.listeners]) l(state);
  }

  private emit<K extends PageEventName>(type: K, detail: PageEvents[K]): void {
    emitPageEvent(type, detail, this.deps.events);
  }

  private randomId(): string {
    return this.deps.randomId?.() ?? crypto.randomUUID();
  }
}

function entryPath(entryId: string): string {
  return `${CART_PATH}/entries/${encodeURIComponent(entryId)}`;
}

function serialiseFields(fields: AddEntryInput['additionalFields']): string | null {
  if (fields === undefined || fields === null) return null;
  return typeof fields === 'string' ? fields : JSON.stringify(fields);
}

/** GET answers with the cart itself; `{ cart }` / `{ shoppingCart }` wrappers are accepted too. */
export function cartFromBody(body: unknown): CartJson | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { entries?: unknown; cart?: unknown; shoppingCart?: unknown };
  if (Array.isArray(b.entries)) return body as CartJson;
  if (b.cart !== undefined) return cartFromBody(b.cart);
  if (b.shoppingCart !== undefined) return cartFromBody(b.shoppingCart);
  return null;
}

/** The store of this page, wired to the browser; inert until first subscribed or started. */
export const cartStore = new CartStore({
  fetchJson: (path, opts) => apiFetch(path, opts),
  // Signed in as an owner or (issue 14) as a customer, whose cart follows them: load it.
  mayHaveCart: () => hasCartCookie() || hasCookie(AUTH_HINT_COOKIE) || hasCookie(SITE_USER_COOKIE),
  events: typeof document === 'undefined' ? undefined : document,
  window: typeof window === 'undefined' ? undefined : window,
  channel: () =>
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CART_CHANNEL),
});

export type { CartJson, CartEntryJson } from './cart-json.js';
