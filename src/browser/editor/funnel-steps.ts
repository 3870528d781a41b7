import type { FunnelJson, FunnelStepName } from './api-types.js';

const LABELS: Record<FunnelStepName, string> = {
  product_views: 'Product views',
  add_to_cart: 'Added to cart',
  cart_views: 'Cart views',
  checkout: 'Checkout',
  purchase: 'Purchase',
};

export interface FunnelStepView {
  step: FunnelStepName;
  label: string;
  sessions: number;
  events: number;
  /** Sessions as a share of the first step's (0..1; 0 when the first step is empty): bar widths. */
  ofFirst: number;
  /** Sessions over the previous step's, null for the first step or an empty previous step. */
  fromPrevious: number | null;
}

/**
 * The commerce funnel counted in sessions (a shopper who views ten products is one shopper
 * deciding), with each step's conversion from the one before it.
 */
export function funnelSteps(funnel: FunnelJson): FunnelStepView[] {
  const first = funnel.steps[0]?.sessions ?? 0;
  return funnel.steps.map((s, i) => {
    const prev = i > 0 ? funnel.steps[i - 1]!.sessions : 0;
    return {
      step: s.step,
      label: LABELS[s.step] ?? s.step,
      sessions: s.sessions,
      events: s.events,
      ofFirst: first > 0 ? Math.min(1, s.sessions / first) : 0,
      fromPrevious: i > 0 && prev > 0 ? s.sessions / prev : null,
    };
  });
}
