import { useState } from 'react';
import {
  describeDiscount,
  discountStatus,
  usageText,
  type DiscountJson,
  type DiscountListResponse,
  type DiscountStatus,
} from '../../../shared/checkout/discounts.js';
import { formatMoney } from '../../../shared/money.js';
import { DataTable } from '../data-table.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { discountHref } from '../routes.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { DISCOUNTS_API, loadStoreCurrency } from './discounts-api.js';
import './discounts.css';

const STATUS: Record<DiscountStatus, { text: string; pill: string }> = {
  active: { text: 'Active', pill: 'ed-pill ed-pill-good' },
  scheduled: { text: 'Scheduled', pill: 'ed-pill ed-pill-warn' },
  expired: { text: 'Expired', pill: 'ed-pill' },
  'used-up': { text: 'Used up', pill: 'ed-pill' },
  disabled: { text: 'Disabled', pill: 'ed-pill ed-pill-bad' },
};

/**
 * `#/discounts`: every discount code and automatic discount with what it takes off, how often it
 * was used (from the orders that used it) and where it stands; enable or disable in place.
 */
export function DiscountsScreen() {
  const state = useLoad(
    (signal) =>
      Promise.all([
        editorFetch<DiscountListResponse>(DISCOUNTS_API, { signal }),
        loadStoreCurrency(signal),
      ]).then(([list, currency]) => ({ discounts: list.discounts, currency })),
    'discounts',
  );
  return (
    <>
      <ScreenHeading
        title="Discounts"
        intro="Codes shoppers type at the cart or checkout, and automatic discounts that apply by themselves."
      >
        <a className="ed-button ed-button-primary" href={discountHref(null)}>
          Create discount
        </a>
      </ScreenHeading>
      <LoadView state={state}>
        {(d) => (
          <DiscountList discounts={d.discounts} currency={d.currency} onChanged={state.reload} />
        )}
      </LoadView>
    </>
  );
}

function DiscountList({
  discounts,
  currency,
  onChanged,
}: {
  discounts: DiscountJson[];
  currency: string;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const now = Date.now();

  const toggle = async (d: DiscountJson) => {
    setBusy(d.id);
    setNote(null);
    try {
      const { id: _id, timesUsed: _t, totalDiscounted: _s, created: _c, updated: _u, ...input } = d;
      await editorFetch(`${DISCOUNTS_API}/${encodeURIComponent(d.id)}`, {
        method: 'PUT',
        json: { ...input, enabled: !d.enabled },
      });
      setNote(`${d.code ?? d.title} ${d.enabled ? 'disabled' : 'enabled'}.`);
      onChanged();
    } catch (err) {
      setNote(actionFailureText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="ed-section ed-discount-list" aria-label="Discounts">
      <p role="status" className="ed-small">
        {note}
      </p>
      <DataTable
        caption="Discount codes and automatic discounts"
        isEmpty={discounts.length === 0}
        empty="No discounts yet. Create a code such as WELCOME10 for first-time shoppers."
        head={
          <tr>
            <th scope="col">Discount</th>
            <th scope="col">Takes off</th>
            <th scope="col">Usage</th>
            <th scope="col" className="ed-num">
              Discounted
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="ed-visually-hidden">Actions</span>
            </th>
          </tr>
        }
      >
        {discounts.map((d) => {
          const status = STATUS[discountStatus(d, now)];
          return (
            <tr key={d.id}>
              <td>
                <a href={discountHref(d.id)}>
                  <strong>{d.code ?? d.title}</strong>
                </a>
                <div className="ed-small ed-muted">
                  {d.code === null ? 'Automatic' : d.title || 'Code'}
                  {d.minimumSubtotal > 0 && ` · from ${formatMoney(d.minimumSubtotal, currency)}`}
                  {d.oncePerEmail && ' · once per email'}
                  {d.productIds.length > 0 &&
                    ` · ${d.productIds.length} product${d.productIds.length === 1 ? '' : 's'}`}
                </div>
              </td>
              <td data-label="Takes off">{describeDiscount(d, currency)}</td>
              <td data-label="Usage" className="ed-nowrap">
                {usageText(d)}
              </td>
              <td data-label="Discounted" className="ed-num">
                {formatMoney(d.totalDiscounted, currency)}
              </td>
              <td>
                <span className={status.pill}>{status.text}</span>
              </td>
              <td className="ed-nowrap">
                <a className="ed-button" href={discountHref(d.id)}>
                  Edit
                </a>{' '}
                <button
                  type="button"
                  className="ed-button"
                  disabled={busy === d.id}
                  onClick={() => void toggle(d)}
                >
                  {d.enabled ? 'Disable' : 'Enable'}
                </button>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
