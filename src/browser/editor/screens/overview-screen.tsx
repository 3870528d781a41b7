import type { AnalyticsSummaryJson, CartAdditionsJson, FunnelJson } from '../api-types.js';
import { DataTable } from '../data-table.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { deviceLabel, formatCount, formatPercent, formatShare } from '../format.js';
import { funnelSteps } from '../funnel-steps.js';
import { LoadView } from '../load-view.js';
import { RangePicker, rangeFrom, type RangeDays } from '../range-picker.js';
import { dailyRows } from '../revenue-series.js';
import { SalesSection } from '../sales-section.js';
import { StatList } from '../stat-card.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from './screen-heading.js';

/** Visits, visitors and views, where they came from, and the shopping funnel. */
export function OverviewScreen({
  days,
  onDays,
}: {
  days: RangeDays;
  onDays: (d: RangeDays) => void;
}) {
  const summary = useLoad(
    (signal) =>
      editorFetch<AnalyticsSummaryJson>(
        withQuery('/api/analytics/summary', { from: rangeFrom(days) }),
        { signal },
      ),
    `summary-${days}`,
  );
  const funnel = useLoad(
    (signal) =>
      editorFetch<FunnelJson>(withQuery('/api/analytics/funnel', { from: rangeFrom(days) }), {
        signal,
      }),
    `funnel-${days}`,
  );
  const additions = useLoad(
    (signal) =>
      editorFetch<CartAdditionsJson>(
        withQuery('/api/analytics/cart-additions', { from: rangeFrom(days) }),
        { signal },
      ),
    `additions-${days}`,
  );

  return (
    <>
      <ScreenHeading
        title="Overview"
        intro="What sold, how many people visited, and what they shopped for."
      >
        <RangePicker days={days} onChange={onDays} />
      </ScreenHeading>

      {/* Sales come with the summary: its loading and failure show once, under Traffic. */}
      {summary.data?.commerce && (
        <section
          aria-labelledby="ov-sales"
          className="ed-section"
          aria-busy={summary.status === 'loading'}
        >
          <h2 id="ov-sales">Sales</h2>
          <SalesSection
            commerce={summary.data.commerce}
            days={dailyRows(
              summary.data.commerce.days,
              summary.data.visitsPerDay ?? [],
              summary.data.from,
              summary.data.to,
            )}
          />
        </section>
      )}

      <section aria-labelledby="ov-traffic" className="ed-section">
        <h2 id="ov-traffic">Traffic</h2>
        <LoadView state={summary}>
          {(s) => (
            <>
              <StatList
                items={[
                  { label: 'Visits', value: formatCount(s.visits) },
                  { label: 'Unique visitors', value: formatCount(s.uniqueVisitors) },
                  { label: 'Page views', value: formatCount(s.pageViews) },
                ]}
              />
              {s.bots.hits > 0 && (
                <p className="ed-note">
                  {formatCount(s.bots.hits)} hits from known bots are not counted above.
                </p>
              )}
              <div className="ed-grid">
                <DataTable
                  caption="Most viewed pages"
                  isEmpty={s.pages.length === 0}
                  empty="No page views in this period yet."
                  head={
                    <tr>
                      <th scope="col">Page</th>
                      <th scope="col" className="ed-num">
                        Views
                      </th>
                    </tr>
                  }
                >
                  {s.pages.slice(0, 10).map((p) => (
                    <tr key={p.path}>
                      <th scope="row" className="ed-path">
                        {p.path}
                      </th>
                      <td className="ed-num">{formatCount(p.views)}</td>
                    </tr>
                  ))}
                </DataTable>
                <DataTable
                  caption="Devices"
                  isEmpty={s.devices.length === 0}
                  empty="No visitors in this period yet."
                  head={
                    <tr>
                      <th scope="col">Device</th>
                      <th scope="col" className="ed-num">
                        Visitors
                      </th>
                      <th scope="col" className="ed-num">
                        Views
                      </th>
                      <th scope="col" className="ed-num">
                        Share
                      </th>
                    </tr>
                  }
                >
                  {s.devices.map((d) => (
                    <tr key={d.deviceClass}>
                      <th scope="row">{deviceLabel(d.deviceClass)}</th>
                      <td className="ed-num">{formatCount(d.visitors)}</td>
                      <td className="ed-num">{formatCount(d.views)}</td>
                      <td className="ed-num">
                        {s.pageViews > 0 ? formatShare(d.views / s.pageViews) : '–'}
                      </td>
                    </tr>
                  ))}
                </DataTable>
                <DataTable
                  caption="Referring sites"
                  isEmpty={s.referrers.length === 0}
                  empty="No visits from other sites in this period."
                  head={
                    <tr>
                      <th scope="col">Site</th>
                      <th scope="col" className="ed-num">
                        Visits
                      </th>
                    </tr>
                  }
                >
                  {s.referrers.slice(0, 10).map((r) => (
                    <tr key={r.referrer}>
                      <th scope="row" className="ed-path">
                        {r.referrer}
                      </th>
                      <td className="ed-num">{formatCount(r.visits)}</td>
                    </tr>
                  ))}
                </DataTable>
              </div>
            </>
          )}
        </LoadView>
      </section>

      <section aria-labelledby="ov-funnel" className="ed-section">
        <h2 id="ov-funnel">Shopping funnel</h2>
        <p className="ed-intro">Shopping sessions that reached each step.</p>
        <LoadView state={funnel}>
          {(f) => {
            const steps = funnelSteps(f);
            return (
              <ol className="ed-funnel">
                {steps.map((s) => (
                  <li key={s.step}>
                    <div className="ed-funnel-label">
                      <span>{s.label}</span>
                      <span className="ed-funnel-count">
                        <strong>{formatCount(s.sessions)}</strong>{' '}
                        {s.sessions === 1 ? 'session' : 'sessions'}
                        <span className="ed-muted"> · {formatCount(s.events)} events</span>
                      </span>
                    </div>
                    <div className="ed-bar" aria-hidden="true">
                      <span style={{ width: `${Math.round(s.ofFirst * 100)}%` }} />
                    </div>
                    {s.fromPrevious !== null && (
                      <p className="ed-funnel-rate">
                        {formatPercent(s.fromPrevious)} of the step before
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            );
          }}
        </LoadView>
        <LoadView state={additions}>
          {(a) => (
            <DataTable
              caption="Most added to carts"
              isEmpty={a.products.length === 0}
              empty="Nothing was added to a cart in this period yet."
              head={
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="ed-num">
                    Units
                  </th>
                  <th scope="col" className="ed-num">
                    Adds
                  </th>
                  <th scope="col" className="ed-num">
                    Sessions
                  </th>
                </tr>
              }
            >
              {a.products.map((p) => (
                <tr key={p.productId}>
                  <th scope="row">{p.productName ?? p.productId}</th>
                  <td className="ed-num">{formatCount(p.units)}</td>
                  <td className="ed-num">{formatCount(p.adds)}</td>
                  <td className="ed-num">{formatCount(p.sessions)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </LoadView>
      </section>
    </>
  );
}
