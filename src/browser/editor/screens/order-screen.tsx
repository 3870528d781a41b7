import { useState, type FormEvent } from 'react';
import type { OrderJson } from '../../../shared/checkout/api.js';
import { fractionDigits, formatMoney } from '../../../shared/money.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import {
  orderAddressLines,
  orderActions,
  orderNumberText,
  orderPath,
  parseRefundAmount,
  refundable,
} from '../orders/order-labels.js';
import { StatusBadges } from '../orders/status-badges.js';
import { giftCardHref } from '../routes.js';
import { useLoad } from '../use-load.js';

type Action = 'mark-paid' | 'fulfill' | 'cancel' | 'refund';

const ACTION_TEXT: Record<Action, { button: string; confirm: string; done: string }> = {
  'mark-paid': {
    button: 'Mark as paid',
    confirm: 'Mark this order as paid? Do this once the money has arrived.',
    done: 'Marked as paid.',
  },
  fulfill: {
    button: 'Fulfil',
    confirm:
      'Mark every line as shipped? The shopper gets a shipping mail with the tracking number.',
    done: 'Fulfilled. The shopper was sent the tracking details.',
  },
  cancel: {
    button: 'Cancel order',
    confirm:
      'Cancel this order? Its stock goes back on sale and any payment is refunded. This cannot be undone.',
    done: 'Order cancelled.',
  },
  refund: {
    button: 'Refund',
    confirm: 'Refund through the payment provider?',
    done: 'Refund recorded.',
  },
};

/** Some answers wrap the order (`{ order }`), others are the order. */
function orderOf(body: unknown): OrderJson {
  const b = body as { order?: OrderJson };
  return b.order ?? (body as OrderJson);
}

/** One order: lines, answers, addresses, payment and fulfilment timeline, and the actions. */
export function OrderScreen({ orderId }: { orderId: string }) {
  const [fresh, setFresh] = useState<OrderJson | null>(null);
  const state = useLoad(
    (signal) => editorFetch<unknown>(orderPath(orderId), { signal }).then(orderOf),
    `order-${orderId}`,
  );
  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/orders">Orders</a>
      </p>
      <LoadView state={state}>
        {(loaded) => <OrderView order={fresh ?? loaded} onChanged={setFresh} />}
      </LoadView>
    </>
  );
}

function OrderView({ order, onChanged }: { order: OrderJson; onChanged: (o: OrderJson) => void }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const can = orderActions(order);
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [refundKind, setRefundKind] = useState<'full' | 'partial'>('full');
  const [refundText, setRefundText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const start = (a: Action) => {
    setOpen(a);
    setError(null);
    setDone(null);
    setFieldError(null);
  };

  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (!open || busy) return;
    let body: Record<string, unknown> = {};
    if (open === 'fulfill') body = { carrier: carrier.trim(), trackingNumber: tracking.trim() };
    if (open === 'refund') {
      if (refundKind === 'full') body = { amount: refundable(order) };
      else {
        const parsed = parseRefundAmount(
          refundText,
          fractionDigits(order.currency),
          refundable(order),
        );
        if (!parsed.ok) {
          setFieldError(parsed.message);
          document.getElementById('ed-refund-amount')?.focus();
          return;
        }
        body = { amount: parsed.amount };
      }
    }
    setBusy(true);
    setError(null);
    try {
      const res = await editorFetch<unknown>(orderPath(order.id, open), {
        method: 'POST',
        json: body,
      });
      onChanged(orderOf(res));
      setDone(ACTION_TEXT[open].done);
      setOpen(null);
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  const actions = (
    [
      ['mark-paid', can.markPaid],
      ['fulfill', can.fulfil],
      ['refund', can.refund],
      ['cancel', can.cancel],
    ] as const
  ).filter(([, ok]) => ok);

  return (
    <>
      <div className="ed-screen-head">
        <div>
          <h1 tabIndex={-1}>Order {orderNumberText(order.orderNumber)}</h1>
          <p className="ed-intro">
            {new Date(order.createdOn).toLocaleString()} · {order.email}
          </p>
          <StatusBadges order={order} />
        </div>
      </div>

      <section className="ed-section" aria-labelledby="od-actions">
        <h2 id="od-actions">Actions</h2>
        <div role="status" className="ed-saved">
          {done}
        </div>
        {actions.length === 0 && <p className="ed-muted">Nothing left to do for this order.</p>}
        <div className="ed-actions">
          {actions.map(([a]) => (
            <button
              key={a}
              type="button"
              className={a === 'cancel' ? 'ed-button ed-button-danger' : 'ed-button'}
              aria-expanded={open === a}
              onClick={() => start(a)}
              disabled={busy}
            >
              {ACTION_TEXT[a].button}
            </button>
          ))}
        </div>
        {open && (
          <form
            className="ed-confirm"
            onSubmit={(e) => void run(e)}
            aria-label={ACTION_TEXT[open].button}
          >
            <p>
              {ACTION_TEXT[open].confirm}
              {open === 'refund' && order.giftCardTotal > 0
                ? ' The gift cards that paid get their part back first.'
                : ''}
            </p>
            {open === 'fulfill' && (
              <div className="ed-form-grid">
                <label>
                  Carrier
                  <input
                    className="ed-input"
                    value={carrier}
                    onChange={(e) => setCarrier(e.target.value)}
                    placeholder="e.g. UPS"
                    maxLength={100}
                  />
                </label>
                <label>
                  Tracking number
                  <input
                    className="ed-input"
                    value={tracking}
                    onChange={(e) => setTracking(e.target.value)}
                    maxLength={100}
                  />
                </label>
              </div>
            )}
            {open === 'refund' && (
              <fieldset className="ed-refund">
                <legend>Amount</legend>
                <label className="ed-radio">
                  <input
                    type="radio"
                    name="refund-kind"
                    checked={refundKind === 'full'}
                    onChange={() => setRefundKind('full')}
                  />
                  Full refund ({money(refundable(order))})
                </label>
                <label className="ed-radio">
                  <input
                    type="radio"
                    name="refund-kind"
                    checked={refundKind === 'partial'}
                    onChange={() => setRefundKind('partial')}
                  />
                  Partial refund
                </label>
                {refundKind === 'partial' && (
                  <label>
                    Refund amount ({order.currency})
                    <input
                      id="ed-refund-amount"
                      className="ed-input"
                      inputMode="decimal"
                      value={refundText}
                      aria-invalid={fieldError ? true : undefined}
                      aria-describedby={fieldError ? 'ed-refund-error' : undefined}
                      onChange={(e) => {
                        setRefundText(e.target.value);
                        setFieldError(null);
                      }}
                    />
                  </label>
                )}
                {fieldError && (
                  <p className="ed-inline-error" id="ed-refund-error">
                    {fieldError}
                  </p>
                )}
              </fieldset>
            )}
            {error && (
              <p className="ed-inline-error" role="alert">
                {error}
              </p>
            )}
            <div className="ed-actions">
              <button type="submit" className="ed-button ed-button-primary" disabled={busy}>
                {busy ? 'Working…' : `Confirm: ${ACTION_TEXT[open].button}`}
              </button>
              <button type="button" className="ed-button" onClick={() => setOpen(null)}>
                Keep as is
              </button>
            </div>
          </form>
        )}
      </section>

      <div className="ed-order-grid">
        <section className="ed-section" aria-labelledby="od-lines">
          <h2 id="od-lines">Items</h2>
          <ul className="ed-order-lines" role="list">
            {order.lines.map((l) => (
              <li key={l.id}>
                <div className="ed-order-line-main">
                  <span>
                    <strong>{l.title}</strong>
                    <span className="ed-muted ed-small">
                      {' '}
                      {[
                        Object.entries(l.attributes)
                          .map(([k, v]) => `${k}: ${v}`)
                          .join(', '),
                        l.sku,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                  <span className="ed-nowrap">
                    {l.quantity} × {money(l.unitPrice)} = <strong>{money(l.lineTotal)}</strong>
                  </span>
                </div>
                {l.additionalFieldAnswers.length > 0 && (
                  <dl className="ed-answers">
                    {l.additionalFieldAnswers.map((a, i) => (
                      <div key={i} className="ed-answer">
                        <dt>{a.label}</dt>
                        <dd>{a.value || 'N/A'}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ul>
          <dl className="ed-order-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{money(order.subtotal)}</dd>
            </div>
            <div>
              <dt>Shipping{order.shippingOption ? ` (${order.shippingOption.name})` : ''}</dt>
              <dd>{money(order.shippingTotal)}</dd>
            </div>
            {order.taxLines.map((t) => (
              <div key={t.id}>
                <dt>
                  {t.included ? 'Includes ' : ''}
                  {t.name} ({t.rate}%)
                </dt>
                <dd>{money(t.amount)}</dd>
              </div>
            ))}
            {order.discountTotal > 0 && (
              <div>
                <dt>Discount</dt>
                <dd>−{money(order.discountTotal)}</dd>
              </div>
            )}
            <div className="ed-order-grand">
              <dt>Total</dt>
              <dd>{money(order.grandTotal + order.giftCardTotal)}</dd>
            </div>
            {/* Gift cards paid part of it (issue 15): each card, then what the provider took. */}
            {order.giftCardLines.map((g) => (
              <div key={g.giftCardId}>
                <dt>
                  <a href={giftCardHref(g.giftCardId)}>Gift card ••••{g.last4}</a>
                </dt>
                <dd>−{money(g.amount)}</dd>
              </div>
            ))}
            {order.giftCardLines.length > 0 && (
              <div>
                <dt>Paid by {order.paymentProvider === 'none' ? 'gift cards only' : 'card'}</dt>
                <dd>{money(order.grandTotal)}</dd>
              </div>
            )}
            {order.refundedTotal > 0 && (
              <div>
                <dt>Refunded</dt>
                <dd>−{money(order.refundedTotal)}</dd>
              </div>
            )}
          </dl>
        </section>

        <div className="ed-order-side">
          <section className="ed-section" aria-labelledby="od-customer">
            <h2 id="od-customer">Customer</h2>
            <p>
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </p>
            <h3>Shipping address</h3>
            {order.shippingAddress ? (
              <address>
                {orderAddressLines(order.shippingAddress).map((l, i) => (
                  <span key={i} className="ed-line">
                    {l}
                  </span>
                ))}
              </address>
            ) : (
              <p className="ed-muted">No shipping needed.</p>
            )}
            <h3>Billing address</h3>
            {order.billingAddress ? (
              <address>
                {orderAddressLines(order.billingAddress).map((l, i) => (
                  <span key={i} className="ed-line">
                    {l}
                  </span>
                ))}
              </address>
            ) : (
              <p className="ed-muted">Same as shipping.</p>
            )}
          </section>
          <section className="ed-section" aria-labelledby="od-payment">
            <h2 id="od-payment">Payment</h2>
            <p>
              {order.paymentProvider === 'test'
                ? 'Test card'
                : order.paymentProvider === 'manual'
                  ? 'Manual payment'
                  : 'Stripe'}
              {order.testMode && <span className="ed-pill ed-pill-test">Test</span>}
            </p>
            {order.paymentInstructions && (
              <p className="ed-muted ed-small">{order.paymentInstructions}</p>
            )}
            {order.fulfillments.length > 0 && (
              <>
                <h3>Shipments</h3>
                <ul className="ed-plain-list">
                  {order.fulfillments.map((f, i) => (
                    <li key={i}>
                      {f.carrier || 'Carrier not given'} · {f.trackingNumber || 'no tracking'} ·{' '}
                      {new Date(f.at).toLocaleDateString()}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section className="ed-section" aria-labelledby="od-timeline">
            <h2 id="od-timeline">Timeline</h2>
            {order.events.length === 0 ? (
              <p className="ed-muted">Nothing yet.</p>
            ) : (
              <ol className="ed-timeline">
                {[...order.events]
                  .sort((a, b) => b.at - a.at)
                  .map((ev, i) => (
                    <li key={i}>
                      <time dateTime={new Date(ev.at).toISOString()}>
                        {new Date(ev.at).toLocaleString()}
                      </time>
                      <span>{ev.message}</span>
                    </li>
                  ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
