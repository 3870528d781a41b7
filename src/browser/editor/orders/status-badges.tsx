import type { OrderJson } from '../../../shared/checkout/api.js';
import { orderBadges } from './order-labels.js';

/** Order, payment and fulfilment state as three labelled badges (the words carry the meaning). */
export function StatusBadges({
  order,
}: {
  order: Pick<OrderJson, 'status' | 'paymentStatus' | 'fulfillmentStatus' | 'testMode'>;
}) {
  return (
    <span className="ed-order-badges">
      {orderBadges(order).map((b) => (
        <span key={b.text} className={`ed-pill ed-pill-${b.tone}`}>
          {b.text}
        </span>
      ))}
      {order.testMode && <span className="ed-pill ed-pill-test">Test</span>}
    </span>
  );
}
