import { useSyncExternalStore } from 'react';
import { cartStore, type CartState, type CartStore } from './store.js';

const SERVER_STATE: CartState = { status: 'idle', cart: null };
const serverSnapshot = () => SERVER_STATE;

/**
 * The cart for React islands. The server (and hydration) always sees 'idle' with no cart, so the
 * SSR markup never depends on the visitor and hydrates cleanly; subscribing starts the store.
 */
export function useCart(store: CartStore = cartStore): CartState {
  return useSyncExternalStore(store.subscribe, store.getState, serverSnapshot);
}
