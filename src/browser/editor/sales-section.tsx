import type { DayRowJson, CommerceSummaryJson } from './api-types.js';
import { formatMoney } from '../../shared/money.js';
import { DataTable } from './data-table.js';
import { formatCount } from './format.js';
import { RevenueChart } from './revenue-chart.js';
import { averageOrderValue } from './revenue-series.js';
import { StatList } from './stat-card.js';

/** Revenue, orders and average order value, and per day as a chart beside the visits. */
export function SalesSection({
  commerce,
  days,
}: {
  commerce: CommerceSummaryJson;
  days: DayRowJson[];
}) {
  const money = (minor: number) => formatMoney(minor, commerce.currency);
  const aov = commerce.averageOrderValue ?? averageOrderValue(commerce.revenue, commerce.orders);
  return (
    <>
      <StatList
        items={[
          {
            label: 'Revenue',
            value: money(commerce.revenue),
            ...(commerce.discounts ? { note: `after ${money(commerce.discounts)} discounts` } : {}),
          },
          {
            label: 'Orders',
            value: formatCount(commerce.orders),
            ...(commerce.testOrders
              ? { note: `${formatCount(commerce.testOrders)} in test mode` }
              : {}),
          },
          { label: 'Average order value', value: commerce.orders ? money(aov) : '–' },
          ...(commerce.recurringRevenue
            ? [{ label: 'Recurring revenue', value: money(commerce.recurringRevenue) }]
            : []),
        ]}
      />
      {days.length > 0 && <RevenueChart days={days} currency={commerce.currency} />}
      <details className="ed-details">
        <summary>Numbers per day</summary>
        <DataTable
          caption="Revenue, orders and visits per day"
          isEmpty={days.length === 0}
          empty="No days in this period."
          head={
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="ed-num">
                Revenue
              </th>
              <th scope="col" className="ed-num">
                Orders
              </th>
              <th scope="col" className="ed-num">
                Visits
              </th>
            </tr>
          }
        >
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td className="ed-num">{money(d.revenue)}</td>
              <td className="ed-num">{formatCount(d.orders)}</td>
              <td className="ed-num">{formatCount(d.visits)}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </>
  );
}
