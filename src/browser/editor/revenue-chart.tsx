import { useEffect, useRef, useState } from 'react';
import type { DayRowJson } from './api-types.js';
import { formatMoney } from '../../shared/money.js';
import { chartSeries } from './revenue-series.js';

/**
 * Revenue, orders and visits per day, drawn with uPlot. uPlot and its stylesheet are a chunk of
 * their own, fetched when this chart first mounts (only /config, only the overview). The numbers
 * are also in a table below the chart for screen readers and for anyone who prefers to read them.
 */
export function RevenueChart({ days, currency }: { days: DayRowJson[]; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const data = chartSeries(days);
  // Redrawn when the numbers change, not on every render of the overview.
  const key = JSON.stringify(days);

  useEffect(() => {
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null =
      null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const el = box.current;
    if (!el) return;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([mod]) => {
        if (cancelled) return;
        const UPlot = mod.default;
        const money = (v: number) => formatMoney(Math.round(v), currency);
        const width = Math.max(280, el.clientWidth);
        plot = new UPlot(
          {
            width,
            height: 260,
            scales: { x: { time: true }, money: { auto: true }, count: { auto: true } },
            series: [
              {},
              {
                label: 'Revenue',
                scale: 'money',
                stroke: '#1f5f8b',
                fill: 'rgba(31,95,139,0.12)',
                width: 2,
                value: (_u: unknown, v: number | null) => (v === null ? '–' : money(v)),
              },
              { label: 'Orders', scale: 'count', stroke: '#0c7a43', width: 2, dash: [6, 4] },
              { label: 'Visits', scale: 'count', stroke: '#a05a00', width: 1.5 },
            ],
            axes: [
              {
                // Whole days only: the data are per day.
                incrs: [86_400, 7 * 86_400, 30 * 86_400],
                values: (_u: unknown, splits: number[]) =>
                  splits.map((t) =>
                    new Date(t * 1000).toLocaleDateString(undefined, {
                      month: 'short',
                      day: 'numeric',
                      timeZone: 'UTC',
                    }),
                  ),
              },
              {
                scale: 'money',
                values: (_u: unknown, vals: number[]) => vals.map(money),
                size: 70,
              },
              { scale: 'count', side: 1, grid: { show: false } },
            ],
          },
          [data.x, data.revenue, data.orders, data.visits],
          el,
        );
        observer = new ResizeObserver(() =>
          plot?.setSize({ width: Math.max(280, el.clientWidth), height: 260 }),
        );
        observer.observe(el);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // Redraw when the days change (the period switch).
  }, [key, currency]);

  return (
    <figure className="ed-chart">
      <div
        ref={box}
        className="ed-chart-box"
        role="img"
        aria-label="Revenue, orders and visits per day; the same numbers are in the table below."
      />
      {failed && <p className="ed-muted">The chart could not be drawn; the numbers are below.</p>}
      <figcaption className="ed-visually-hidden">Revenue, orders and visits per day</figcaption>
    </figure>
  );
}
