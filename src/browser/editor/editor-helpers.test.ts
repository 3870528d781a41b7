import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.js';
import type { PageDeviceSummaryJson } from './api-types.js';
import { fetchAllPages } from './fetch-all-pages.js';
import { fieldValueText, labelledAnswers } from './field-value-text.js';
import {
  deviceLabel,
  formatCount,
  formatDateTime,
  formatMetric,
  formatPercent,
  formatShare,
} from './format.js';
import { funnelSteps } from './funnel-steps.js';
import { inventoryProducts, parseStockInput } from './inventory-rows.js';
import { actionFailureText, EditorText, loadFailureDetail } from './messages.js';
import { performanceRows } from './performance-rows.js';
import { variantName } from './restock-api.js';
import { navNameOf, restockGroupHref, routeFromHash } from './routes.js';
import { combinedProgress, progressText, sendAllBatches } from './send-requests.js';
import { jsonUrl } from './shop-products.js';

describe('format', () => {
  it('formats counts, shares and ratios', () => {
    expect(formatCount(12345, 'en-US')).toBe('12,345');
    expect(formatShare(0.834, 'en-US')).toBe('83%');
    expect(formatShare(0.004, 'en-US')).toBe('<1%');
    expect(formatShare(0, 'en-US')).toBe('0%');
    expect(formatPercent(3 / 7, 'en-US')).toBe('42.9%');
    expect(formatPercent(1.5, 'en-US')).toBe('150%');
  });

  it('shows timings in ms under a second, in seconds above, and CLS unitless', () => {
    expect(formatMetric('lcp', 812.4, 'en-US')).toBe('812 ms');
    expect(formatMetric('lcp', 2534, 'en-US')).toBe('2.53 s');
    expect(formatMetric('ttfb', 1000, 'en-US')).toBe('1.00 s');
    expect(formatMetric('cls', 0.12345, 'en-US')).toBe('0.123');
  });

  it('formats dates in the given zone and device names', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 2, 15, 4), 'en-US', 'UTC')).toBe(
      'Jan 2, 2026, 3:04 PM',
    );
    expect(deviceLabel('mobile')).toBe('Mobile');
    expect(deviceLabel('')).toBe('Unknown');
  });
});

describe('performanceRows', () => {
  const metric = (metric: string, p75: number, count = 10) => ({
    metric,
    p75,
    count,
    good: 0.5,
    needsImprovement: 0.3,
    poor: 0.2,
  });
  const page = (pagePath: string, deviceClass: string, metrics: ReturnType<typeof metric>[]) =>
    ({ pagePath, deviceClass, metrics, lcpElements: [] }) as PageDeviceSummaryJson;

  it('rates each p75 and puts the slowest page first', () => {
    const rows = performanceRows([
      page('/fast', 'desktop', [metric('lcp', 900), metric('cls', 0.01)]),
      page('/slow', 'mobile', [metric('lcp', 4500, 12), metric('inp', 250), metric('fid', 20)]),
      page('/meh', 'mobile', [metric('lcp', 3000), metric('ttfb', 900, 14)]),
    ]);
    expect(rows.map((r) => r.pagePath)).toEqual(['/slow', '/meh', '/fast']);
    expect(rows[0]!.metrics.lcp?.rating).toBe('poor');
    expect(rows[0]!.metrics.inp?.rating).toBe('needs-improvement');
    // FID is stored but not a column.
    expect(Object.keys(rows[0]!.metrics)).toEqual(['lcp', 'inp']);
    expect(rows[0]!.samples).toBe(12);
    expect(rows[1]!.samples).toBe(14);
    expect(rows[1]!.needsImprovement).toBe(2);
    expect(rows[2]!.metrics.cls?.rating).toBe('good');
  });

  it('breaks ties by LCP, then path', () => {
    const rows = performanceRows([
      page('/b', 'desktop', [metric('lcp', 1000)]),
      page('/a', 'desktop', [metric('lcp', 1000)]),
      page('/c', 'desktop', [metric('lcp', 2000)]),
    ]);
    expect(rows.map((r) => r.pagePath)).toEqual(['/c', '/a', '/b']);
  });
});

describe('funnelSteps', () => {
  it('counts sessions with each step’s conversion from the one before', () => {
    const steps = funnelSteps({
      from: 0,
      to: 1,
      steps: [
        { step: 'product_views', events: 40, sessions: 20 },
        { step: 'add_to_cart', events: 6, sessions: 5 },
        { step: 'cart_views', events: 9, sessions: 4 },
      ],
    });
    expect(steps.map((s) => [s.label, s.ofFirst, s.fromPrevious])).toEqual([
      ['Product views', 1, null],
      ['Added to cart', 0.25, 0.25],
      ['Cart views', 0.2, 0.8],
    ]);
  });

  it('an empty funnel has no ratios to divide by zero', () => {
    const steps = funnelSteps({
      from: 0,
      to: 1,
      steps: [
        { step: 'product_views', events: 0, sessions: 0 },
        { step: 'add_to_cart', events: 0, sessions: 0 },
      ],
    });
    expect(steps.map((s) => [s.ofFirst, s.fromPrevious])).toEqual([
      [0, null],
      [0, null],
    ]);
  });
});

describe('inventory', () => {
  const variant = (id: string, attributes: Record<string, string>, qty: number) => ({
    id,
    sku: id.toUpperCase(),
    attributes,
    qtyInStock: qty,
    unlimited: false,
  });

  it('keeps stocked products once each, in order, with their options named', () => {
    const products = inventoryProducts([
      {
        items: [
          {
            id: 'mug',
            title: 'Mug',
            fullUrl: '/shop/p/mug',
            structuredContent: {
              productType: 1,
              variants: [variant('m1', { Glaze: 'Sea', Size: 'L' }, 0)],
            },
          },
          {
            id: 'ebook',
            title: 'eBook',
            fullUrl: '/shop/p/ebook',
            structuredContent: { productType: 2, variants: [variant('e1', {}, 0)] },
          },
          { id: 'post', title: 'Not a product', fullUrl: '/blog/post' },
        ],
      },
      {
        items: [
          {
            id: 'class',
            title: 'Class',
            fullUrl: '/shop/p/class',
            structuredContent: { productType: 3, variants: [variant('c1', {}, 4)] },
          },
          {
            id: 'mug',
            title: 'Mug again',
            fullUrl: '/shop/p/mug',
            structuredContent: { productType: 1, variants: [] },
          },
        ],
      },
    ]);
    expect(products.map((p) => p.productId)).toEqual(['mug', 'class']);
    expect(products[0]!.variants[0]).toEqual({
      variantId: 'm1',
      sku: 'M1',
      options: 'Glaze: Sea · Size: L',
      qtyInStock: 0,
      unlimited: false,
    });
    expect(products[1]!.variants[0]!.options).toBe('');
  });

  it('accepts whole numbers from 0 up to the catalog limit', () => {
    expect(parseStockInput(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseStockInput('0')).toEqual({ ok: true, value: 0 });
    for (const bad of ['', '-1', '1.5', 'abc', '1e3'])
      expect(parseStockInput(bad)).toMatchObject({ ok: false });
    expect(parseStockInput('1000000001')).toEqual({
      ok: false,
      message: 'Enter at most 1000000000.',
    });
  });

  it('asks for the JSON context of a list page, keeping its query', () => {
    expect(jsonUrl('/shop')).toBe('/shop?format=json');
    expect(jsonUrl('/shop?offset=24')).toBe('/shop?offset=24&format=json');
  });
});

describe('form answers', () => {
  it('turns every value shape into text, N/A when empty', () => {
    expect(fieldValueText('hello')).toBe('hello');
    expect(fieldValueText('  ')).toBe('N/A');
    expect(fieldValueText(undefined)).toBe('N/A');
    expect(fieldValueText(['Ada', 'Lovelace'])).toBe('Ada, Lovelace');
    expect(fieldValueText(['', ''])).toBe('N/A');
    expect(fieldValueText({ 'Service was quick': '2', Price: '-1' })).toBe(
      'Service was quick: Strongly Agree\nPrice: Disagree',
    );
    expect(fieldValueText({})).toBe('N/A');
    // Markup stays text: React escapes it when rendering.
    expect(fieldValueText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });

  it('labels answers in form order and keeps unknown fields under their ids', () => {
    const answers = labelledAnswers({ extra: 'x', email: 'a@b.co', name: ['A', 'B'] }, [
      { id: 'name', label: 'Name', type: 'name' },
      { id: 'intro', label: 'About you', type: 'section' },
      { id: 'email', label: 'Email', type: 'email' },
      { id: 'missing', label: 'Missing', type: 'text' },
    ]);
    expect(answers).toEqual([
      { id: 'name', label: 'Name', text: 'A, B' },
      { id: 'email', label: 'Email', text: 'a@b.co' },
      { id: 'extra', label: 'extra', text: 'x' },
    ]);
    expect(labelledAnswers({ a: '1' }, undefined)).toEqual([{ id: 'a', label: 'a', text: '1' }]);
  });

  it('leaves empty answers out instead of listing N/A rows', () => {
    const answers = labelledAnswers(
      { name: ['', ''], email: 'a@b.co', note: '  ', pick: [], rate: {} },
      [
        { id: 'name', label: 'Name', type: 'name' },
        { id: 'email', label: 'Email', type: 'email' },
        { id: 'note', label: 'Note', type: 'text' },
        { id: 'pick', label: 'Pick', type: 'checkbox' },
        { id: 'rate', label: 'Rate', type: 'likert' },
      ],
    );
    expect(answers).toEqual([{ id: 'email', label: 'Email', text: 'a@b.co' }]);
  });
});

describe('restock helpers', () => {
  const group = (variantId: string, pendingCount: number) => ({
    productId: 'p',
    productName: 'P',
    variantId,
    sku: 'SKU-' + variantId,
    attributes: {},
    count: pendingCount + 1,
    pendingCount,
    soldOut: false,
  });

  it('follows cursors until hasNextPage is false', async () => {
    const seen: (string | undefined)[] = [];
    const pages = [
      { items: [1, 2], hasNextPage: true, nextPageCursor: 'c1' },
      { items: [3], hasNextPage: true, nextPageCursor: 'c2' },
      { items: [4], hasNextPage: false, nextPageCursor: null },
    ];
    const all = await fetchAllPages(
      async (cursor) => {
        seen.push(cursor);
        return pages[seen.length - 1]!;
      },
      (p) => p.items,
    );
    expect(all).toEqual([1, 2, 3, 4]);
    expect(seen).toEqual([undefined, 'c1', 'c2']);
    // A server that never ends the list is stopped.
    const endless = await fetchAllPages(
      async () => ({ items: [0], hasNextPage: true, nextPageCursor: 'again' }),
      (p) => p.items,
      3,
    );
    expect(endless).toHaveLength(3);
  });

  it('sends all waiting variants in calls of at most 500', () => {
    const groups = [group('a', 2), group('b', 0), group('c', 1), group('d', 5)];
    expect(sendAllBatches(groups, 2)).toEqual([
      [
        { productId: 'p', variantId: 'a' },
        { productId: 'p', variantId: 'c' },
      ],
      [{ productId: 'p', variantId: 'd' }],
    ]);
    expect(sendAllBatches([group('x', 0)])).toEqual([]);
  });

  it('adds up several sends’ progress and words it', () => {
    const send = (
      status: 'running' | 'done' | 'failed',
      total: number,
      sent: number,
      failed = 0,
    ) => ({
      sendId: 's',
      productId: 'p',
      variantId: 'v',
      status,
      total,
      sent,
      failed,
      started: 0,
      finished: null,
      error: status === 'failed' ? 'SMTP down' : null,
    });
    const p = combinedProgress([send('done', 3, 3), send('running', 5, 1)]);
    expect(p).toEqual({ total: 8, sent: 4, failed: 0, running: true, errors: [] });
    expect(progressText(p)).toBe('Sending… 4 of 8 sent');
    const q = combinedProgress([send('done', 3, 3), send('failed', 2, 0, 2)]);
    expect(progressText(q)).toBe('Sent 3 of 5 · 2 failed');
    expect(q.errors).toEqual(['SMTP down']);
  });

  it('names a variant by its options, else its SKU', () => {
    expect(variantName({ attributes: { Size: 'S', Color: 'Red' }, sku: 'X' })).toBe(
      'Size: S · Color: Red',
    );
    expect(variantName({ attributes: {}, sku: 'SM-VASE' })).toBe('SM-VASE');
  });
});

describe('routes', () => {
  it('reads screens from the hash', () => {
    expect(routeFromHash('')).toEqual({ name: 'overview' });
    expect(routeFromHash('#/')).toEqual({ name: 'overview' });
    expect(routeFromHash('#/performance/')).toEqual({ name: 'performance' });
    expect(routeFromHash('#/inventory')).toEqual({ name: 'inventory' });
    expect(routeFromHash('#/pages')).toEqual({ name: 'pages' });
    expect(routeFromHash('#/nope')).toEqual({ name: 'not-found', path: '/nope' });
    expect(routeFromHash('#/restock/a%2Fb/%E0%A4%A')).toMatchObject({ name: 'not-found' });
  });

  it('round-trips restock group links, whatever the ids hold', () => {
    const href = restockGroupHref('demo/vase', 'v 1');
    const route = routeFromHash(href);
    expect(route).toEqual({ name: 'restock-group', productId: 'demo/vase', variantId: 'v 1' });
    expect(navNameOf(route)).toBe('restock');
  });
});

describe('messages', () => {
  it('uses the SPEC 8.7 texts', () => {
    expect(EditorText.LOAD_FAILED).toBe('Unable to load. Try again.');
    expect(
      actionFailureText(new ApiError(0, 'NETWORK', 'Please check your internet connection.')),
    ).toBe('Network error');
    expect(actionFailureText(new ApiError(500, 'INTERNAL', 'boom at db.ts:12'))).toBe(
      'Something went wrong',
    );
    expect(actionFailureText(new ApiError(400, 'VALIDATION', 'qtyInStock must be…'))).toBe(
      'qtyInStock must be…',
    );
    expect(actionFailureText(new Error('x'))).toBe('Something went wrong');
    expect(loadFailureDetail(new ApiError(0, 'NETWORK', ''))).toBe('Network error');
    expect(loadFailureDetail(new ApiError(503, 'X', ''))).toBe('Something went wrong');
  });
});
