import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.js';
import type { PageEvents } from '../../lib/events.js';
import type { CartEntryJson, CartJson } from './cart-json.js';
import { CartStore, cartFromBody, type CartStoreDeps } from './store.js';

function entry(id: string, quantity: number, sku = 'SKU-1'): CartEntryJson {
  return {
    id,
    itemId: 'item-1',
    chosenVariant: { sku, attributes: {} },
    quantity,
    title: 'Mug',
    subTotal: quantity * 1000,
    purchasePriceCents: 1000,
  };
}
function cart(...entries: CartEntryJson[]): CartJson {
  const totalQuantity = entries.reduce((n, e) => n + e.quantity, 0);
  return { id: 'cart-1', entries, totalQuantity, subtotalCents: totalQuantity * 1000 };
}

type Call = { path: string; opts: Parameters<CartStoreDeps['fetchJson']>[1] };

/** A store on fakes: `answers` are handed out in call order (a function may answer late). */
function setup(opts: { mayHaveCart?: boolean; channelName?: string } = {}) {
  const calls: Call[] = [];
  const answers: Array<unknown | (() => Promise<unknown>)> = [];
  const events = new EventTarget();
  const win = new EventTarget();
  const seen: Array<{ type: string; detail: unknown }> = [];
  for (const type of [
    'cart:loading',
    'cart:loaded',
    'cart:item-added',
    'cart:recalculate-start',
    'cart:recalculate-end',
  ] as Array<keyof PageEvents>) {
    events.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
  }
  let may = opts.mayHaveCart ?? true;
  const store = new CartStore({
    fetchJson: async <T>(path: string, o?: Call['opts']) => {
      calls.push({ path, opts: o });
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return (typeof a === 'function' ? await (a as () => Promise<unknown>)() : a) as T;
    },
    mayHaveCart: () => may,
    events,
    window: win,
    channel: opts.channelName ? () => new BroadcastChannel(opts.channelName!) : undefined,
    randomId: () => 'uuid-1',
  });
  stores.push(store);
  return { store, calls, answers, seen, win, setMay: (v: boolean) => (may = v) };
}

const stores: CartStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.stop();
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('cart store', () => {
  it('without a cart cookie or sign-in the cart is empty and nothing is fetched (SPEC 4.2)', async () => {
    const { store, calls, seen } = setup({ mayHaveCart: false });
    const listener = vi.fn();
    store.subscribe(listener);
    await flush();
    expect(calls).toEqual([]);
    expect(store.getState()).toEqual({ status: 'ready', cart: null });
    expect(store.getCount()).toBe(0);
    expect(seen).toEqual([{ type: 'cart:loaded', detail: { cart: null, source: 'fetch' } }]);
    expect(listener).toHaveBeenCalledWith({ status: 'ready', cart: null });
  });

  it('with one, loads GET /api/commerce/shopping-cart with loading/loaded events', async () => {
    const { store, calls, answers, seen } = setup();
    const c = cart(entry('e1', 2));
    answers.push(c);
    store.start();
    store.start(); // once only
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['/api/commerce/shopping-cart']);
    expect(store.getState()).toEqual({ status: 'ready', cart: c });
    expect(store.getCount()).toBe(2);
    expect(seen.map((e) => e.type)).toEqual(['cart:loading', 'cart:loaded']);
    expect(seen[1]!.detail).toEqual({ cart: c, source: 'fetch' });
  });

  it('a failed load is an error state without a cart', async () => {
    const { store, answers } = setup();
    answers.push(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    await expect(store.load()).rejects.toThrow('Something went wrong');
    expect(store.getState()).toEqual({ status: 'error', cart: null });
  });

  it('addEntry posts SPEC 7 fields with an Idempotency-Key and shows the new cart at once', async () => {
    const { store, calls, answers, seen } = setup({ mayHaveCart: false });
    const after = cart(entry('e1', 3));
    answers.push({ shoppingCart: after, newlyAdded: after.entries[0] });
    const res = await store.addEntry({
      itemId: 'item-1',
      sku: 'SKU-1',
      quantity: 3,
      additionalFields: [{ rawTitle: 'Engraving', value: 'Hi' }],
    });
    expect(res.newlyAdded?.id).toBe('e1');
    expect(calls[0]).toEqual({
      path: '/api/commerce/shopping-cart/entries',
      opts: {
        method: 'POST',
        json: {
          itemId: 'item-1',
          sku: 'SKU-1',
          quantity: 3,
          additionalFields: '[{"rawTitle":"Engraving","value":"Hi"}]',
        },
        idempotencyKey: 'uuid-1',
      },
    });
    expect(store.getCount()).toBe(3);
    expect(store.quantityInCart('item-1', 'SKU-1')).toBe(3);
    expect(store.quantityInCart('item-1', 'OTHER')).toBe(0);
    expect(seen).toEqual([
      { type: 'cart:item-added', detail: { cart: after, newlyAdded: after.entries[0] } },
    ]);
  });

  it('a failed add leaves the cart as it was and rejects with the ApiError', async () => {
    const { store, answers, seen } = setup({ mayHaveCart: false });
    answers.push(new ApiError(429, 'RATE_LIMITED', 'Please try again in a few seconds.'));
    await expect(store.addEntry({ itemId: 'i', sku: 's', quantity: 1 })).rejects.toMatchObject({
      status: 429,
    });
    expect(store.getState().cart).toBeNull();
    expect(seen).toEqual([]);
  });

  it('quantity, removal and form updates use their paths and recalculate events', async () => {
    const { store, calls, answers, seen } = setup({ mayHaveCart: false });
    const one = cart(entry('e/1', 5));
    const updatedEntry = entry('e/2', 5);
    answers.push(
      { shoppingCart: one },
      { shoppingCart: cart() },
      { shoppingCart: one, updatedEntry },
      { entryId: 'e/1', formId: 'f' },
    );
    expect(await store.setQuantity('e/1', 5)).toBe(one);
    expect(store.getCount()).toBe(5);
    await store.removeEntry('e/1');
    expect(store.getCount()).toBe(0);
    const updated = await store.updateAdditionalFields('e/1', {
      itemId: 'i',
      sku: 's',
      additionalFields: '[]',
    });
    expect(updated).toEqual({ shoppingCart: one, updatedEntry });
    expect(store.getCount()).toBe(5);
    // Reading the line's form is no change: no recalculation events.
    expect(await store.entryForm('e/1')).toEqual({ entryId: 'e/1', formId: 'f' });
    expect(calls).toEqual([
      {
        path: '/api/commerce/shopping-cart/entries/e%2F1/quantity',
        opts: { method: 'PUT', json: { quantity: 5 } },
      },
      { path: '/api/commerce/shopping-cart/entries/e%2F1', opts: { method: 'DELETE' } },
      {
        path: '/api/commerce/shopping-cart/entries/e%2F1/additionalFields',
        opts: { method: 'PUT', json: { itemId: 'i', sku: 's', additionalFields: '[]' } },
      },
      { path: '/api/commerce/shopping-cart/entries/e%2F1/additionalFields', opts: undefined },
    ]);
    expect(seen.map((e) => e.type)).toEqual([
      'cart:recalculate-start',
      'cart:recalculate-end',
      'cart:recalculate-start',
      'cart:recalculate-end',
      'cart:recalculate-start',
      'cart:recalculate-end',
    ]);
    expect(seen[0]!.detail).toEqual({ entryId: 'e/1' });
    expect(seen[1]!.detail).toEqual({ entryId: 'e/1', cart: one });
  });

  it('a failed change ends the recalculation without a cart and keeps the old one', async () => {
    const { store, answers, seen } = setup({ mayHaveCart: false });
    const one = cart(entry('e1', 1));
    answers.push({ shoppingCart: one }, new ApiError(0, 'NETWORK', 'x'));
    await store.setQuantity('e1', 1);
    await expect(store.setQuantity('e1', 2)).rejects.toMatchObject({ status: 0 });
    expect(store.getCart()).toBe(one);
    expect(seen.at(-1)).toEqual({
      type: 'cart:recalculate-end',
      detail: { entryId: 'e1', cart: null },
    });
  });

  it('a slow load does not overwrite the cart a later change returned', async () => {
    const { store, answers } = setup();
    let release!: (v: unknown) => void;
    const stale = cart(entry('e1', 1));
    const fresh = cart(entry('e1', 7));
    answers.push(() => new Promise((r) => (release = r)), { shoppingCart: fresh });
    const loading = store.load();
    await store.setQuantity('e1', 7);
    release(stale);
    await loading;
    expect(store.getCount()).toBe(7);
  });

  it('reloads on pageshow from the back/forward cache only', async () => {
    const { store, calls, answers, win } = setup();
    answers.push(cart(entry('e1', 1)), cart(entry('e1', 4)));
    store.start();
    await flush();
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    await flush();
    expect(calls).toHaveLength(1);
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await flush();
    expect(calls).toHaveLength(2);
    expect(store.getCount()).toBe(4);
  });

  it("another tab's change reaches this tab over BroadcastChannel('cart')", async () => {
    const name = `cart-test-${Math.random()}`;
    const a = setup({ mayHaveCart: false, channelName: name });
    const b = setup({ mayHaveCart: false, channelName: name });
    a.store.start();
    b.store.start();
    await flush();
    const after = cart(entry('e1', 2));
    a.answers.push({ shoppingCart: after, newlyAdded: after.entries[0] });
    await a.store.addEntry({ itemId: 'item-1', sku: 'SKU-1', quantity: 2 });
    await vi.waitFor(() => expect(b.store.getCount()).toBe(2));
    expect(b.seen.at(-1)).toEqual({
      type: 'cart:loaded',
      detail: { cart: after, source: 'other-tab' },
    });
    expect(b.calls).toEqual([]);
  });

  it('reads the cart from the GET body or a wrapper', () => {
    const c = cart();
    expect(cartFromBody(c)).toBe(c);
    expect(cartFromBody({ cart: c })).toBe(c);
    expect(cartFromBody({ shoppingCart: c })).toBe(c);
    expect(cartFromBody(null)).toBeNull();
    expect(cartFromBody({})).toBeNull();
  });
});
