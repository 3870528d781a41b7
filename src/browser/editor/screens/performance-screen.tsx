import type { ErrorsSummaryJson, PerformanceSummaryJson } from '../api-types.js';
import { DataTable } from '../data-table.js';
import { DistributionBar } from '../distribution-bar.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import {
  deviceLabel,
  formatCount,
  formatDateTime,
  formatMetric,
  metricLabel,
  metricTitle,
} from '../format.js';
import { LoadView } from '../load-view.js';
import { CORE_METRICS, performanceRows, RATING_LABELS } from '../performance-rows.js';
import { RangePicker, rangeFrom, type RangeDays } from '../range-picker.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from './screen-heading.js';

/** Which pages are slow for real visitors, on which devices, and why; plus script errors. */
export function PerformanceScreen({
  days,
  onDays,
}: {
  days: RangeDays;
  onDays: (d: RangeDays) => void;
}) {
  const perf = useLoad(
    (signal) =>
      editorFetch<PerformanceSummaryJson>(
        withQuery('/api/performance/summary', { from: rangeFrom(days) }),
        { signal },
      ),
    `perf-${days}`,
  );
  const errors = useLoad(
    (signal) =>
      editorFetch<ErrorsSummaryJson>(withQuery('/api/errors/summary', { from: rangeFrom(days) }), {
        signal,
      }),
    `errors-${days}`,
  );

  return (
    <>
      <ScreenHeading
        title="Performance"
        intro="Measured in your visitors' browsers. Slowest pages first; values are the 75th percentile."
      >
        <RangePicker days={days} onChange={onDays} />
      </ScreenHeading>

      <section aria-labelledby="pf-speed" className="ed-section">
        <h2 id="pf-speed">Page speed</h2>
        <LoadView state={perf}>
          {(p) => {
            const rows = performanceRows(p.pages);
            return (
              <DataTable
                caption="Page speed by page and device (75th percentile, share of good / needs improvement / poor loads)"
                isEmpty={rows.length === 0}
                empty="No measurements in this period yet. They arrive as visitors browse the site."
                head={
                  <tr>
                    <th scope="col">Page</th>
                    <th scope="col">Device</th>
                    {CORE_METRICS.map((m) => (
                      <th scope="col" key={m}>
                        <abbr title={metricTitle(m)}>{metricLabel(m)}</abbr>
                      </th>
                    ))}
                    <th scope="col" className="ed-num">
                      Loads
                    </th>
                    <th scope="col">Largest element (LCP)</th>
                  </tr>
                }
              >
                {rows.map((r) => (
                  <tr key={r.key}>
                    <th scope="row" className="ed-path">
                      {r.pagePath}
                    </th>
                    <td>{deviceLabel(r.deviceClass)}</td>
                    {CORE_METRICS.map((m) => {
                      const s = r.metrics[m];
                      if (!s)
                        return (
                          <td key={m} className="ed-muted">
                            –
                          </td>
                        );
                      return (
                        <td key={m} className="ed-metric">
                          <span className={`ed-rating ed-rating-${s.rating}`}>
                            {formatMetric(m, s.p75)}
                          </span>
                          <span className="ed-rating-text">{RATING_LABELS[s.rating]}</span>
                          <DistributionBar
                            good={s.good}
                            needsImprovement={s.needsImprovement}
                            poor={s.poor}
                          />
                        </td>
                      );
                    })}
                    <td className="ed-num">{formatCount(r.samples)}</td>
                    <td>
                      {r.lcpElements.length === 0 ? (
                        <span className="ed-muted">–</span>
                      ) : (
                        <ul className="ed-plain-list">
                          {r.lcpElements.map((e) => (
                            <li key={e.element}>
                              <code>{e.element}</code>{' '}
                              <span className="ed-muted">× {formatCount(e.count)}</span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            );
          }}
        </LoadView>
      </section>

      <section aria-labelledby="pf-errors" className="ed-section">
        <h2 id="pf-errors">Script errors</h2>
        <LoadView state={errors}>
          {(e) => (
            <DataTable
              caption="Script errors in visitors' browsers, grouped by message"
              isEmpty={e.errors.length === 0}
              empty="No script errors in this period."
              head={
                <tr>
                  <th scope="col">Message</th>
                  <th scope="col" className="ed-num">
                    Count
                  </th>
                  <th scope="col">Last seen</th>
                  <th scope="col">Page</th>
                </tr>
              }
            >
              {e.errors.map((g) => (
                <tr key={g.message}>
                  <th scope="row" className="ed-error-msg">
                    {g.message}
                    {g.stack && (
                      <details>
                        <summary>Stack</summary>
                        <pre>{g.stack}</pre>
                      </details>
                    )}
                  </th>
                  <td className="ed-num">{formatCount(g.count)}</td>
                  <td>{formatDateTime(g.lastSeen)}</td>
                  <td className="ed-path">{g.pageUrl ?? '–'}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </LoadView>
      </section>
    </>
  );
}
