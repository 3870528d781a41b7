import { useState } from 'react';
import { SearchForm } from '../search-form.js';
import { cursorPaging, Pager } from '../pager.js';
import type { OrderListResponse } from '../../../shared/checkout/api.js';
import { formatMoney } from '../../../shared/money.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { ORDER_FILTERS, ORDERS_API, ORDERS_CSV, orderNumberText } from '../orders/order-labels.js';
import { StatusBadges } from '../orders/status-badges.js';
import { orderHref } from '../routes.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from './screen-heading.js';

/**
 * The store's orders, newest first: number, date, customer, the three states and the total;
 * search by number or email, a status filter, cursor paging and the CSV export.
 */
export function OrdersScreen() {
  const [status, setStatus] = useState('');
  const [query, setQuery] = useState('');
  /** Cursors of the pages before this one; the last is this page's. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const list = useLoad(
    (signal) =>
      editorFetch<OrderListResponse>(
        withQuery(ORDERS_API, { status: status || undefined, q: query || undefined, cursor }),
        { signal },
      ),
    `orders|${status}|${query}|${cursor ?? ''}`,
  );

  const search = (text: string) => {
    setQuery(text);
    setCursors([null]);
  };
  const csv = withQuery(ORDERS_CSV, { status: status || undefined, q: query || undefined });

  return (
    <>
      <ScreenHeading title="Orders" intro="What shoppers bought, and what is left to do.">
        <a className="ed-button" href={csv} download>
          Export CSV
        </a>
      </ScreenHeading>
      <section className="ed-section" aria-label="Orders">
        <div className="ed-toolbar ed-orders-toolbar">
          <SearchForm
            id="ed-order-search"
            label="Search orders"
            placeholder="Order number or email"
            onSearch={search}
          />
          <fieldset className="ed-segmented ed-filters">
            <legend>Status</legend>
            {ORDER_FILTERS.map((f) => (
              <label key={f.value}>
                <input
                  type="radio"
                  name="order-status"
                  value={f.value}
                  checked={status === f.value}
                  onChange={() => {
                    setStatus(f.value);
                    setCursors([null]);
                  }}
                />
                <span>{f.label}</span>
              </label>
            ))}
          </fieldset>
        </div>
        <LoadView state={list}>
          {(data) => (
            <>
              <p className="ed-muted ed-small" role="status">
                {data.total === 1 ? '1 order' : `${data.total} orders`}
                {query ? ` matching “${query}”` : ''}
              </p>
              {data.orders.length === 0 ? (
                <p className="ed-empty">
                  {query || status ? 'No orders match.' : 'No orders yet.'}
                </p>
              ) : (
                <ul className="ed-order-list" role="list">
                  {data.orders.map((o) => (
                    <li key={o.id}>
                      <a className="ed-order-row" href={orderHref(o.id)}>
                        <span className="ed-order-num">{orderNumberText(o.orderNumber)}</span>
                        <span className="ed-order-who">
                          <span className="ed-order-email">{o.email}</span>
                          <span className="ed-muted ed-small">
                            {new Date(o.createdOn).toLocaleString()}
                          </span>
                        </span>
                        <StatusBadges order={o} />
                        <span className="ed-order-total">
                          {formatMoney(o.grandTotal, o.currency)}
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                page={cursors.length}
                hasNextPage={Boolean(data.nextCursor)}
                onPage={cursorPaging(cursors.length, data.nextCursor, setCursors)}
                label="Order pages"
              />
            </>
          )}
        </LoadView>
      </section>
    </>
  );
}
