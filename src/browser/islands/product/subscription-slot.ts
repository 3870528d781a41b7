import { useEffect, useState } from 'react';
import { ensureTexts } from '../page-texts.js';
import type { purchaseChoices, SubscriptionChoice } from './subscription-choice.js';

/**
 * The purchase options of a product sold by subscription (SPEC 9.2's phrases and the one-time
 * choice) as their own chunk, like the option choosers (variant-slot.ts): a product not sold by
 * subscription — nearly every one — does not download the phrases' code and words (issue 13's
 * 50 KB budget). The server gets them from ssr-components.ts; in the browser the island's
 * `prepare` (and the quick view before it opens the form) fetches them, with the words in the
 * page's language, before the form renders, so the button never reads 'Add To Cart' for a
 * subscription.
 */
export interface SubscriptionParts {
  purchaseChoices: typeof purchaseChoices;
  SubscriptionChoice: typeof SubscriptionChoice;
}

let parts: SubscriptionParts | undefined;
let loading: Promise<SubscriptionParts> | undefined;

/** For the server (ssr-components.ts): every render has them at hand. */
export function provideSubscriptionChoice(p: SubscriptionParts): void {
  parts = p;
}

/** Fetches the chunk and the words once; a failed fetch is forgotten, so the next need tries again. */
export function loadSubscriptionChoice(): Promise<SubscriptionParts> {
  if (parts) return Promise.resolve(parts);
  loading ??= Promise.all([
    import('./subscription-choice.js'),
    ensureTexts(['subscriptions']),
  ]).then(
    ([m]) =>
      (parts = { purchaseChoices: m.purchaseChoices, SubscriptionChoice: m.SubscriptionChoice }),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The parts while `needed`: at once when here (prepared), else once they arrive. */
export function useSubscriptionChoice(needed: boolean): SubscriptionParts | undefined {
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (!needed || parts) return;
    let live = true;
    loadSubscriptionChoice()
      .then(() => {
        if (live) setArrived((n) => n + 1);
      })
      .catch((err: unknown) =>
        console.warn('product form: could not load the purchase options', err),
      );
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? parts : undefined;
}
