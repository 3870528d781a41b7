import { lazy, Suspense } from 'react';
import type { StripeCardProps } from './stripe-card.js';

const Card = lazy(() => import('./stripe-card.js').then((m) => ({ default: m.StripeCard })));

/**
 * Stripe's card form (`StripeCard`), its code fetched when a checkout first shows it: only a
 * store that takes cards through Stripe shows it, and only on the last step, so the page's first
 * load leaves it out (the JS budget). Until it is there it says what it says while Stripe.js loads.
 */
export function LazyStripeCard(props: StripeCardProps) {
  return (
    <Suspense fallback={<p className="co-hint">{props.texts.stripeLoading}</p>}>
      <Card {...props} />
    </Suspense>
  );
}
