import { actionFailureText } from '../messages.js';
import { useState } from 'react';
import {
  SUBSCRIPTION_STATUS_LABELS,
  actionAllowed,
  type SubscriptionJson,
  type SubscriptionListResponse,
  type SubscriptionStatus,
} from '../../../shared/checkout/subscriptions.js';
import { formatMoney } from '../../../shared/money.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { orderHref } from '../routes.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import './subscriptions.css';

export const SUBSCRIPTIONS_API = '/api/commerce/subscriptions';

const TONES: Record<SubscriptionStatus, string> = {
  active: 'good',
  past_due: 'warn',
  paused: 'warn',
  cancelled: 'bad',
  completed: 'neutral',
};
const FILTERS: { value: '' | SubscriptionStatus; label: string }[] = [
  { value: '', label: 'All' },
  ...(Object.keys(SUBSCRIPTION_STATUS_LABELS) as SubscriptionStatus[]).map((s) => ({
    value: s,
    label: SUBSCRIPTION_STATUS_LABELS[s],
  })),
];

interface SubscriptionOrder {
  id: string;
  orderNumber: number;
  createdOn: number;
  grandTotal: number;
  currency: string;
}

/** Revenue per month as CSS bars (height relative to the best month), newest 12 months. */
function RevenueBars({
  months,
  currency,
}: {
  months: SubscriptionListResponse['revenueByMonth'];
  currency: string;
}) {
  const shown = months.slice(-12);
  if (!shown.length) return <p className="ed-empty">No subscription revenue yet.</p>;
  const max = Math.max(1, ...shown.map((m) => m.amount));
  return (
    <figure className="ed-sub-bars" aria-label="Subscription revenue per month">
      <ol role="list">
        {shown.map((m) => (
          <li key={m.month}>
            <span className="ed-sub-bar-amount">{formatMoney(m.amount, currency)}</span>
            <span
              className="ed-sub-bar"
              style={{ height: `${Math.max(2, Math.round((m.amount / max) * 100))}%` }}
              aria-hidden="true"
            />
            <span className="ed-sub-bar-month">{m.month}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** One subscription's orders and the owner's actions, opened from its row. */
function SubscriptionDetail({ sub, onChanged }: { sub: SubscriptionJson; onChanged: () => void }) {
  const detail = useLoad(
    (signal) =>
      editorFetch<{ orders: SubscriptionOrder[] }>(
        `${SUBSCRIPTIONS_API}/${encodeURIComponent(sub.id)}`,
        {
          signal,
        },
      ),
    `sub|${sub.id}|${sub.status}`,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'pause' | 'resume' | 'cancel') => {
    if (
      action === 'cancel' &&
      !window.confirm(`Cancel ${sub.email}'s subscription? Nothing more will be charged.`)
    )
      return;
    setBusy(true);
    setError(null);
    try {
      await editorFetch(`${SUBSCRIPTIONS_API}/${encodeURIComponent(sub.id)}/${action}`, {
        method: 'POST',
        json: {},
      });
      onChanged();
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ed-sub-detail">
      <div className="ed-sub-actions">
        {actionAllowed('pause', sub.status) && (
          <button
            type="button"
            className="ed-button"
            disabled={busy}
            onClick={() => void act('pause')}
          >
            Pause
          </button>
        )}
        {actionAllowed('resume', sub.status) && (
          <button
            type="button"
            className="ed-button"
            disabled={busy}
            onClick={() => void act('resume')}
          >
            Resume
          </button>
        )}
        {actionAllowed('cancel', sub.status) && (
          <button
            type="button"
            className="ed-button ed-button-danger"
            disabled={busy}
            onClick={() => void act('cancel')}
          >
            Cancel subscription
          </button>
        )}
      </div>
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
      <LoadView state={detail}>
        {(data) =>
          data.orders.length === 0 ? (
            <p className="ed-muted ed-small">No orders.</p>
          ) : (
            <ul className="ed-sub-orders" role="list">
              {data.orders.map((o) => (
                <li key={o.id}>
                  <a href={orderHref(o.id)}>#{o.orderNumber}</a>
                  <span className="ed-muted ed-small">
                    {new Date(o.createdOn).toLocaleDateString()}
                  </span>
                  <span>{formatMoney(o.grandTotal, o.currency)}</span>
                </li>
              ))}
            </ul>
          )
        }
      </LoadView>
    </div>
  );
}

/**
 * `#/subscriptions`: counts by status, revenue per month, and the list with status badges;
 * a row opens its orders and the owner's pause / resume / cancel.
 */
export function SubscriptionsScreen() {
  const [status, setStatus] = useState<'' | SubscriptionStatus>('');
  const [open, setOpen] = useState<string | null>(null);
  const all = useLoad(
    (signal) => editorFetch<SubscriptionListResponse>(SUBSCRIPTIONS_API, { signal }),
    'subscriptions',
  );
  return (
    <>
      <ScreenHeading
        title="Subscriptions"
        intro="Recurring orders: who subscribes, what renews next, and what it brings in."
      />
      <LoadView state={all}>
        {(data) => {
          const counts = new Map<SubscriptionStatus, number>();
          for (const s of data.subscriptions) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
          const currency = data.subscriptions[0]?.currency ?? 'USD';
          const shown = status
            ? data.subscriptions.filter((s) => s.status === status)
            : data.subscriptions;
          return (
            <>
              <section className="ed-section" aria-label="Summary">
                <dl className="ed-sub-counts">
                  {(['active', 'past_due', 'paused', 'cancelled', 'completed'] as const).map(
                    (s) => (
                      <div key={s}>
                        <dt>{SUBSCRIPTION_STATUS_LABELS[s]}</dt>
                        <dd>{counts.get(s) ?? 0}</dd>
                      </div>
                    ),
                  )}
                </dl>
                <h2 className="ed-sub-heading">Revenue per month</h2>
                <RevenueBars months={data.revenueByMonth} currency={currency} />
              </section>
              <section className="ed-section" aria-label="Subscriptions">
                <fieldset className="ed-segmented ed-filters">
                  <legend>Status</legend>
                  {FILTERS.map((f) => (
                    <label key={f.value}>
                      <input
                        type="radio"
                        name="subscription-status"
                        value={f.value}
                        checked={status === f.value}
                        onChange={() => setStatus(f.value)}
                      />
                      <span>{f.label}</span>
                    </label>
                  ))}
                </fieldset>
                {shown.length === 0 ? (
                  <p className="ed-empty">
                    {status ? 'No subscriptions match.' : 'No subscriptions yet.'}
                  </p>
                ) : (
                  <ul className="ed-sub-list" role="list">
                    {shown.map((s) => (
                      <li key={s.id}>
                        <button
                          type="button"
                          className="ed-sub-row"
                          aria-expanded={open === s.id}
                          onClick={() => setOpen(open === s.id ? null : s.id)}
                        >
                          <span className="ed-sub-who">
                            <span className="ed-sub-email">{s.email}</span>
                            <span className="ed-muted ed-small">
                              {s.quantity > 1 ? `${s.quantity} × ` : ''}
                              {s.title} · {s.pricePhrase}
                            </span>
                          </span>
                          <span className={`ed-pill ed-pill-${TONES[s.status]}`}>
                            {SUBSCRIPTION_STATUS_LABELS[s.status]}
                          </span>
                          <span className="ed-sub-next ed-small">
                            {s.nextChargeOn ? `Next ${s.nextChargeOn}` : '—'}
                          </span>
                        </button>
                        {open === s.id && <SubscriptionDetail sub={s} onChanged={all.reload} />}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          );
        }}
      </LoadView>
    </>
  );
}
