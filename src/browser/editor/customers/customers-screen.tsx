import { useState } from 'react';
import { CUSTOMER_API, type CustomerListResponse } from '../../../shared/customers/api.js';
import { formatMoney } from '../../../shared/money.js';
import { DataTable } from '../data-table.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { Pager } from '../pager.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { SearchForm } from '../search-form.js';
import { useLoad } from '../use-load.js';

/**
 * `#/customers` (issue 14): the shoppers who made an account (signed in once), newest first,
 * with their orders count, what they spent (net of refunds) and their last order; search by
 * email or name.
 */
export function CustomersScreen() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) =>
      editorFetch<CustomerListResponse>(
        `${CUSTOMER_API.list}?${new URLSearchParams({ q, page: String(page) })}`,
        { signal },
      ),
    `customers|${q}|${page}`,
  );
  return (
    <>
      <ScreenHeading
        title="Customers"
        intro="Shoppers with an account: they sign in with an emailed code to see their orders, addresses and sign-ups."
      />
      <section className="ed-section" aria-label="Customers">
        <SearchForm
          id="customers-search"
          label="Search customers"
          placeholder="Email or name"
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <LoadView state={list}>
          {(data) => (
            <>
              <p className="ed-muted ed-small" role="status">
                {q
                  ? `${data.total} ${data.total === 1 ? 'customer matches' : 'customers match'} “${q}”`
                  : `${data.total} ${data.total === 1 ? 'customer' : 'customers'}`}
              </p>
              <DataTable
                caption="Customers"
                isEmpty={data.customers.length === 0}
                empty={
                  q
                    ? 'No customers match.'
                    : 'No customers yet. Turn on Customer accounts in Settings; shoppers appear here after their first sign-in.'
                }
                head={
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Name</th>
                    <th scope="col" className="ed-num">
                      Orders
                    </th>
                    <th scope="col" className="ed-num">
                      Total spent
                    </th>
                    <th scope="col">Last order</th>
                  </tr>
                }
              >
                {data.customers.map((c) => (
                  <tr key={c.id}>
                    <td>{c.email}</td>
                    <td>{c.name || '—'}</td>
                    <td className="ed-num">{c.ordersCount}</td>
                    <td className="ed-num">{formatMoney(c.totalSpent, c.currency)}</td>
                    <td>{c.lastOrderAt ? new Date(c.lastOrderAt).toLocaleDateString() : '—'}</td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                page={page}
                hasNextPage={page * data.pageSize < data.total}
                onPage={setPage}
                label="Customer pages"
              />
            </>
          )}
        </LoadView>
      </section>
    </>
  );
}
