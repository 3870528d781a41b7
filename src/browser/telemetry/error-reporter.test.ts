import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type ErrorReport } from './error-reporter.js';

function errorEvent(error: unknown, message = ''): Event {
  return Object.assign(new Event('error'), { error, message });
}

describe('error reporter (SPEC 9.3 limits)', () => {
  let target: EventTarget;
  let sent: ErrorReport[][];
  beforeEach(() => {
    vi.useFakeTimers();
    target = new EventTarget();
    sent = [];
    createErrorReporter({
      target,
      send: (r) => sent.push(r),
      pageUrl: () => 'http://localhost/shop',
      now: () => 42,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('sends once, 1 s after the last error (debounced)', () => {
    target.dispatchEvent(errorEvent(new Error('boom')));
    vi.advanceTimersByTime(900);
    target.dispatchEvent(errorEvent(new Error('again')));
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((r) => r.data.message)).toEqual(['boom', 'again']);
    expect(sent[0]![0]).toMatchObject({
      event: 'javascript_error',
      timestamp: 42,
      data: { kind: 'error', url: 'http://localhost/shop' },
    });
  });

  it('reports unhandled rejections and cuts stacks at 5000 characters', () => {
    const err = new Error('rejected');
    err.stack = 's'.repeat(6000);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: err }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'plain' }));
    vi.advanceTimersByTime(1000);
    expect(sent[0]![0]!.data).toMatchObject({ kind: 'unhandledrejection', message: 'rejected' });
    expect(sent[0]![0]!.data.stack).toHaveLength(5000);
    expect(sent[0]![1]!.data.message).toBe('plain');
  });

  it('sends at once when the queue of 10 fills, and stops after 20 reports per page', () => {
    for (let i = 0; i < 10; i++) target.dispatchEvent(errorEvent(new Error(`e${i}`)));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(10);
    for (let i = 10; i < 30; i++) target.dispatchEvent(errorEvent(new Error(`e${i}`)));
    vi.advanceTimersByTime(5000);
    expect(sent.flat()).toHaveLength(20);
    expect(sent.flat().at(-1)!.data.message).toBe('e19');
  });

  it('never throws when sending fails', () => {
    const t = new EventTarget();
    createErrorReporter({
      target: t,
      send: () => {
        throw new Error('offline');
      },
    });
    t.dispatchEvent(errorEvent(new Error('x')));
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
  });
});
