import { useEffect, useState } from 'react';
import type RestockForm from '../restock/restock-form.js';

/**
 * The product form's restock slot loads the sign-up (with its bot check) as its own chunk: most
 * products are in stock, so product pages, blocks and quick views fetch it only when a sold-out
 * variant shows it (issue 13's JS budget). The server renders synchronously, so
 * `ssr-components.ts` hands the component over at import; in the browser the island's `prepare`
 * fetches it before hydrating when the server's markup has it, so hydration matches.
 */
type RestockFormComponent = typeof RestockForm;

let component: RestockFormComponent | undefined;
let loading: Promise<RestockFormComponent> | undefined;

/** For the server (ssr-components.ts): every render has the form at hand. */
export function provideRestockForm(c: RestockFormComponent): void {
  component = c;
}

/** Fetches the sign-up's chunk once; a failed fetch is forgotten, so the next need tries again. */
export function loadRestockForm(): Promise<RestockFormComponent> {
  if (component) return Promise.resolve(component);
  // Its words are the product form's (storefront texts, loaded before the island hydrated).
  loading ??= import('../restock/restock-form.js').then(
    (m) => (component = m.default),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * The sign-up component while `needed`: at once when its chunk is here, else undefined until it
 * arrives (the visitor just chose a sold-out variant), then the slot re-renders with it.
 */
export function useRestockForm(needed: boolean): RestockFormComponent | undefined {
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (!needed || component) return;
    let live = true;
    loadRestockForm()
      .then(() => {
        if (live) setArrived((n) => n + 1);
      })
      .catch((err: unknown) => console.warn('product form: could not load the restock form', err));
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? component : undefined;
}
