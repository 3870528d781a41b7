import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleCollector, VitalsSplit } from './vitals-split.js';

/** Issue 11: the 30-second flush went out empty; the first data left at 60 s. */
describe('collector timing (SPEC 7.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function run(since: number) {
    const vitals = new VitalsSplit();
    const sent: Record<string, unknown>[] = [];
    const send = (d: Record<string, unknown>) => {
      if (Object.keys(d).length) sent.push(d);
    };
    const hide = () => send(vitals.rest());
    scheduleCollector(
      since,
      () => send(vitals.early()),
      () => hide(),
    );
    return { vitals, sent, hide };
  }

  it('sends what was gathered at 30 s, the late metrics at 60 s, each once', () => {
    const { vitals, sent } = run(1000);
    vitals.set('time_to_first_byte_ms', 120);
    vitals.set('first_contentful_paint_ms', 800);
    vitals.set('largest_contentful_paint_ms', 1500);
    vitals.set('cumulative_layout_shift', 0.01);
    vi.advanceTimersByTime(28_999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      {
        time_to_first_byte_ms: 120,
        first_contentful_paint_ms: 800,
        largest_contentful_paint_ms: 1500,
      },
    ]);
    // After the first flush: layout shifts grow, an interaction comes, LCP reports again.
    vitals.set('cumulative_layout_shift', 0.2);
    vitals.set('interaction_to_next_paint_ms', 300);
    vitals.set('largest_contentful_paint_ms', 1600);
    vi.advanceTimersByTime(30_000);
    expect(sent).toEqual([
      {
        time_to_first_byte_ms: 120,
        first_contentful_paint_ms: 800,
        largest_contentful_paint_ms: 1500,
      },
      { cumulative_layout_shift: 0.2, interaction_to_next_paint_ms: 300 },
    ]);
    // Nothing after gathering ended.
    vitals.set('interaction_to_next_paint_ms', 900);
    vi.advanceTimersByTime(120_000);
    expect(sent).toHaveLength(2);
  });

  it('sends everything once when the page hides before 30 s', () => {
    const { vitals, sent, hide } = run(0);
    vitals.set('first_contentful_paint_ms', 800);
    vitals.set('cumulative_layout_shift', 0.05);
    vi.advanceTimersByTime(10_000);
    hide();
    expect(sent).toEqual([{ first_contentful_paint_ms: 800, cumulative_layout_shift: 0.05 }]);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
  });

  it('counts the time since navigation: a collector started late flushes sooner', () => {
    const { vitals, sent } = run(25_000);
    vitals.set('first_contentful_paint_ms', 800);
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([{ first_contentful_paint_ms: 800 }]);
  });
});
