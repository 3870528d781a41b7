import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  createAddToCartMachine,
  type AddToCartMachine,
  type AddToCartState,
  type AddToCartTexts,
} from '../../../shared/cart/add-to-cart-machine.js';

/** One machine per mounted button; its idle label and sold-out state follow the props. */
export function useAddToCartMachine(opts: {
  idleText: string;
  soldOut: boolean;
  /** Read once, like the machine: a page's language never changes. */
  texts?: AddToCartTexts;
  onAdded?: () => void;
}): [AddToCartState, AddToCartMachine] {
  const [onAddedRef] = useState<{ current: (() => void) | undefined }>(() => ({
    current: undefined,
  }));
  onAddedRef.current = opts.onAdded;
  const [machine] = useState(() =>
    createAddToCartMachine({
      idleText: opts.idleText,
      soldOut: opts.soldOut,
      ...(opts.texts ? { texts: opts.texts } : {}),
      onAdded: () => onAddedRef.current?.(),
    }),
  );
  useEffect(() => machine.setIdleText(opts.idleText), [machine, opts.idleText]);
  useEffect(() => machine.setSoldOut(opts.soldOut), [machine, opts.soldOut]);
  useEffect(() => () => machine.dispose(), [machine]);
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  return [state, machine];
}
