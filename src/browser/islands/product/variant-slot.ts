import { useEffect, useState } from 'react';
import type { VariantSelectors } from './variant-selectors.js';

/**
 * The option choosers (swatches, buttons, dropdowns) as their own chunk, like the restock slot
 * (restock-slot.ts): a product without options — a one-of-a-kind vase, a sold-out page already
 * carrying the restock sign-up — does not download them (issue 13's 50 KB budget). The server
 * gets the component from ssr-components.ts; in the browser the island's `prepare` fetches it
 * before hydrating when the product has options, so hydration matches; the quick view renders
 * the form on the client and shows them when they arrive.
 */
type Component = typeof VariantSelectors;

let component: Component | undefined;
let loading: Promise<Component> | undefined;

/** For the server (ssr-components.ts): every render has the choosers at hand. */
export function provideVariantSelectors(c: Component): void {
  component = c;
}

/** Fetches the choosers' chunk once; a failed fetch is forgotten, so the next need tries again. */
export function loadVariantSelectors(): Promise<Component> {
  if (component) return Promise.resolve(component);
  loading ??= import('./variant-selectors.js').then(
    (m) => (component = m.VariantSelectors),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The choosers while `needed`: at once when their chunk is here, else once it arrives. */
export function useVariantSelectors(needed: boolean): Component | undefined {
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (!needed || component) return;
    let live = true;
    loadVariantSelectors()
      .then(() => {
        if (live) setArrived((n) => n + 1);
      })
      .catch((err: unknown) => console.warn('product form: could not load the options', err));
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? component : undefined;
}
