import type { AddToCartEffects, StockResult } from '../../../shared/cart/add-to-cart-flow.js';
import { ApiError, apiFetch } from '../../lib/api.js';
import { hasCookie } from '../../lib/cookies.js';
import { CART_COOKIE, cartStore } from '../cart/store.js';

/** The subscription API reports its failures in `data.message` (SPEC 7). */
function subscriptionMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const body = err.body as { data?: { message?: unknown } } | null;
  return typeof body?.data?.message === 'string' && body.data.message
    ? body.data.message
    : undefined;
}

/** The real side effects of the add-to-cart flow in the page. */
export const browserEffects: AddToCartEffects = {
  async fetchStock(itemId) {
    const body = await apiFetch<{ results?: StockResult[] }>(
      `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`,
    );
    return Array.isArray(body?.results) ? body.results : [];
  },
  async createSubscriptionCart(payload) {
    try {
      const body = await apiFetch<{ data?: { cartToken?: string } }>(
        '/api/3/commerce/cart/subscription',
        {
          method: 'POST',
          json: payload,
        },
      );
      const token = body?.data?.cartToken;
      if (!token) throw new Error(subscriptionMessage(null) ?? 'Please try again.');
      return token;
    } catch (err) {
      const message = subscriptionMessage(err);
      throw message ? new Error(message) : err;
    }
  },
  async addEntry(payload) {
    await cartStore.addEntry(payload);
  },
  hasCartCookie: () => hasCookie(CART_COOKIE),
  navigate(url, opts) {
    let target: Window = window;
    if (opts?.top && window.top && window.top !== window) {
      try {
        // Reading location throws when the top window is another origin: stay in the frame then.
        void window.top.location.href;
        target = window.top;
      } catch {
        target = window;
      }
    }
    target.location.assign(url);
  },
};
