import { describe, expect, it } from 'vitest';
import { eventSchemas } from '../analytics/event-schemas.js';
import { IngestQueues } from './ingest-queues.js';
import type { IngestTable } from './record-rows.js';

const T0 = Date.UTC(2026, 10, 22, 12);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0';

const record = (eventName: string, data: Record<string, unknown>) => ({
  appName: 'website-rum',
  eventName,
  pageLoadId: 'abcdefghijklmnopqrstu',
  timestamp: T0,
  data: { path: '/p', ...data },
});
const speed = record('page_speed', {
  collector_version: '4.13.1',
  first_contentful_paint_ms: 900,
  time_to_first_byte_ms: 90,
});
const a11y = record('a11y', { contrast: 'more' });

describe('IngestQueues', () => {
  function queues(maxQueued: number) {
    const written: [IngestTable, unknown[][]][] = [];
    const q = new IngestQueues(eventSchemas(), {
      maxQueued,
      write: async (table, columns) => void written.push([table, columns]),
    });
    return { q, written };
  }

  it('maps a body to column batches: one metric row per observation, other records whole', async () => {
    const { q, written } = queues(100);
    expect(q.accept('s1', UA, T0, JSON.stringify([speed, a11y]))).toEqual({
      ok: true,
      accepted: 2,
    });
    expect(q.queued()).toEqual({ metrics: 2, details: 1 });
    await q.flush();
    const byTable = Object.fromEntries(written);
    expect(byTable.performance_metrics![3]).toEqual(['fcp', 'ttfb']);
    expect(byTable.performance_metrics![8]).toEqual([T0, T0]);
    expect(byTable.performance_details![2]).toEqual(['a11y']);
    expect(JSON.parse(byTable.performance_details![4]![0] as string)).toEqual(a11y.data);
  });

  it('refuses a request whole when either queue is full, keeping nothing of it', () => {
    // Room for 2 metric rows and 2 detail rows.
    const { q } = queues(2);
    expect(q.accept('s1', UA, T0, JSON.stringify([a11y, a11y]))).toEqual({ ok: true, accepted: 2 });
    // Its metrics would fit, its detail row would not: nothing of it is queued.
    expect(q.accept('s1', UA, T0, JSON.stringify([speed, a11y]))).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
    });
    expect(q.queued()).toEqual({ metrics: 0, details: 2 });
  });

  it('answers why a body is refused', () => {
    const { q } = queues(100);
    expect(q.accept('s1', UA, T0, '{')).toMatchObject({ ok: false, code: 'VALIDATION' });
    const invalid = q.accept('s1', UA, T0, JSON.stringify([{ ...speed, pageLoadId: 'x' }]));
    expect(invalid).toMatchObject({ ok: false, code: 'EVENT_INVALID' });
    expect(
      invalid.ok === false && invalid.code === 'EVENT_INVALID' && invalid.errors[0],
    ).toMatchObject({
      instancePath: '/0/pageLoadId',
    });
    expect(q.queued()).toEqual({ metrics: 0, details: 0 });
  });
});
