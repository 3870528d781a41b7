// LCP from the attribution build (element, render delay, resource load delay and time); the
// others from the standard build, whose internals the attribution module shares. The full
// attribution build would add 1.4 KB gzip (INP's long-animation-frame analysis) that the
// 10 KB budget cannot carry, for attribution we do not send.
import { onLCP } from 'web-vitals/attribution/onLCP.js';
import { onCLS } from 'web-vitals/onCLS.js';
import { onFCP } from 'web-vitals/onFCP.js';
import { onINP } from 'web-vitals/onINP.js';
import { onTTFB } from 'web-vitals/onTTFB.js';
import {
  ANALYTICS_ID_COOKIE,
  COLLECTOR_APP_NAME,
  COLLECTOR_ENDPOINT,
  COLLECTOR_VERSION,
  MARKETING_ID_COOKIE,
  MIN_INTERACTION_MS,
  PERFORMANCE_ACTION,
  PERFORMANCE_EVENT_OWNER,
  SLOW_INTERACTIONS_KEPT,
  USER_TIMING_PREFIX,
} from '../../shared/telemetry/constants.js';
import {
  cutElementPath,
  keepTiming,
  pageLoadId,
  type PerformanceEventName,
  type PerformanceRecord,
} from '../../shared/telemetry/performance-records.js';
import type { SiteContext } from '../../shared/telemetry/page-context.js';
import { getCookie } from './browser-env.js';
import { scheduleCollector, VitalsSplit } from './vitals-split.js';

export interface CollectorOptions {
  context: SiteContext | null;
  /** The collector endpoint (SPEC 7: configurable). */
  endpoint?: string;
  /** false turns the collector off (SPEC 7.1). */
  enabled?: boolean;
  /** Leave out the analytics and marketing ids (Do-Not-Track, restrictive cookie policy). */
  anonymous?: boolean;
  /** The error reporter's hook; console.warn when absent (SPEC 8.6). */
  reportError?: (error: unknown) => void;
}

type Data = Record<string, unknown>;

/** Old iOS web views lose beacons: they get XHR (SPEC 3.12). */
export function prefersXhr(ua: string): boolean {
  const ios = /(iPhone|iPad|iPod).* OS (\d+)_/.exec(ua);
  return !!ios && !/Safari\//.test(ua) && Number(ios[2]) < 13;
}

/** Images of the platform's own image and static hosts (same origin). */
export function isPlatformImage(url: string, origin: string): boolean {
  try {
    const u = new URL(url, origin);
    return u.origin === origin && /^\/(static\/images|assets)\//.test(u.pathname);
  } catch {
    return false;
  }
}

const KEYS = /^(Tab|Arrow(Up|Down|Left|Right)|Home|End|PageUp|PageDown| |Spacebar|Enter)$/;

/** SPEC 9.3: keyboard use counts outside inputs and textareas only. */
export function isKeyboardNavigation(key: string, target: EventTarget | null): boolean {
  const tag = (target as Element | null)?.tagName;
  return KEYS.test(key) && tag !== 'INPUT' && tag !== 'TEXTAREA';
}

const round = (v: number, d = 0) => Math.round(v * 10 ** d) / 10 ** d;

/**
 * The real-user performance collector (SPEC 3.12, 7.1, 9.3). Gathers web-vitals (attribution
 * build) and our own FID, slow interactions, navigation, device, network, image, a11y and `rum-`
 * user-timing data for at most 60 s or until the page hides, and sends queued records as a
 * text/plain JSON array by sendBeacon (XHR on old iOS web views) 30 s after load and when the
 * page hides. Nothing here throws into the page.
 */
export function startCollector(opts: CollectorOptions): void {
  if (opts.enabled === false || opts.context?.collector?.enabled === false) return;
  const warn = opts.reportError ?? ((e: unknown) => console.warn('[telemetry]', e));
  const guard =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      try {
        fn(...a);
      } catch (e) {
        warn(e);
      }
    };
  const endpoint = opts.endpoint ?? opts.context?.collector?.endpoint ?? COLLECTOR_ENDPOINT;
  const id = pageLoadId(crypto.getRandomValues(new Uint8Array(21)));
  const xhr = prefersXhr(navigator.userAgent) || !navigator.sendBeacon;
  const queue: PerformanceRecord[] = [];
  const vitals = new VitalsSplit();
  const slow: { name: string; target?: string; duration_ms: number; start_time_ms: number }[] = [];
  let keyboard = false;
  let gathering = true;
  const path = location.pathname.slice(0, 1000);

  const record = (eventName: PerformanceEventName, data: Data) =>
    queue.push({
      appName: COLLECTOR_APP_NAME,
      data,
      eventName,
      pageLoadId: id,
      timestamp: Date.now(),
    });
  const set = (k: string, v: unknown) => vitals.set(k, v);
  const all = { reportAllChanges: true };

  onFCP(guard((m) => set('first_contentful_paint_ms', round(m.value))));
  onTTFB(guard((m) => set('time_to_first_byte_ms', round(m.value))));
  onCLS(
    guard((m) => set('cumulative_layout_shift', round(m.value, 4))),
    all,
  );
  onINP(
    guard((m) => {
      set('interaction_to_next_paint_ms', round(m.value));
      const target = (m.entries[0]?.target as Element | null | undefined)?.tagName;
      set('interaction_to_next_paint_target', target?.toLowerCase());
    }),
    all,
  );
  onLCP(
    guard((m) => {
      const a = m.attribution;
      const el = a.lcpEntry?.element;
      set('largest_contentful_paint_ms', round(m.value));
      set('largest_contentful_paint_element', el ? el.tagName.toLowerCase() : undefined);
      set('largest_contentful_paint_element_path', cutElementPath(a.target));
      set('largest_contentful_paint_render_delay_ms', round(a.elementRenderDelay));
      set('largest_contentful_paint_resource_load_delay_ms', round(a.resourceLoadDelay));
      set('largest_contentful_paint_resource_load_time_ms', round(a.resourceLoadDuration));
    }),
    all,
  );

  const observe = (type: string, fn: (e: PerformanceEntry) => void, extra: object = {}) => {
    try {
      new PerformanceObserver(guard((l) => l.getEntries().forEach(fn))).observe({
        type,
        buffered: true,
        ...extra,
      } as PerformanceObserverInit);
    } catch {
      // Not supported by this browser: that metric is simply absent.
    }
  };
  observe('first-input', (e) => {
    const fi = e as PerformanceEventTiming;
    if (!vitals.has('first_input_delay_ms'))
      set('first_input_delay_ms', round(fi.processingStart - fi.startTime));
  });
  observe(
    'event',
    (e) => {
      const ev = e as PerformanceEventTiming;
      if (!ev.interactionId || ev.duration < MIN_INTERACTION_MS || !gathering) return;
      slow.push({
        name: ev.name.slice(0, 40),
        target: cutElementPath(
          ev.target ? (ev.target as Element).tagName?.toLowerCase() : undefined,
        ),
        duration_ms: round(ev.duration),
        start_time_ms: round(ev.startTime),
      });
      slow.sort((a, b) => b.duration_ms - a.duration_ms).splice(SLOW_INTERACTIONS_KEPT);
    },
    { durationThreshold: MIN_INTERACTION_MS },
  );
  addEventListener(
    'keydown',
    guard((e: KeyboardEvent) => (keyboard ||= isKeyboardNavigation(e.key, e.target))),
    true,
  );

  /** A page_speed record: the page's facts, and the vitals given (each sent once). */
  const pageSpeed = (metrics: Data): Data => {
    const nav = performance.getEntriesByType('navigation')[0];
    const c = (navigator as Navigator & { connection?: Data }).connection;
    const n = navigator as Navigator & { deviceMemory?: number };
    const d: Data = {
      event_owner_team: PERFORMANCE_EVENT_OWNER,
      action: PERFORMANCE_ACTION,
      collector_version: COLLECTOR_VERSION,
      website_id: opts.context?.websiteId,
      page_type: opts.context?.pageType,
      collection_id: opts.context?.collectionId ?? null,
      item_id: opts.context?.itemId ?? null,
      analytics_id: opts.anonymous ? null : getCookie(ANALYTICS_ID_COOKIE),
      marketing_id: opts.anonymous ? null : getCookie(MARKETING_ID_COOKIE),
      delivery_type: xhr ? 'xhr' : 'beacon',
      host_name: location.hostname,
      path,
      url_hash: location.hash.slice(0, 500),
      network_downlink_mbps: c?.downlink,
      network_effective_type: c?.effectiveType,
      network_rtt_ms: c?.rtt,
      network_save_data: c?.saveData,
      device_pixel_ratio: round(devicePixelRatio, 2),
      screen_width: screen.width,
      screen_height: screen.height,
      viewport_width: innerWidth,
      viewport_height: innerHeight,
      device_memory_gb: n.deviceMemory,
      hardware_concurrency: navigator.hardwareConcurrency,
      ...metrics,
    };
    if (nav) {
      const t = (k: string, v: number) => (d[k] = keepTiming(v));
      t('domain_lookup_ms', nav.domainLookupEnd - nav.domainLookupStart);
      t('tcp_connection_ms', nav.connectEnd - nav.connectStart);
      if (nav.secureConnectionStart > 0)
        t('tls_negotiation_ms', nav.connectEnd - nav.secureConnectionStart);
      const st = nav.serverTiming?.reduce((s, x) => s + x.duration, 0);
      if (st) t('server_timing_ms', st);
      t('redirect_ms', nav.redirectEnd - nav.redirectStart);
      t('request_ms', nav.responseStart - nav.requestStart);
      t('response_ms', nav.responseEnd - nav.responseStart);
      t('dom_interactive_ms', nav.domInteractive);
      t('dom_content_loaded_ms', nav.domContentLoadedEventEnd);
      t('load_event_ms', nav.loadEventEnd);
      t('transfer_size_bytes', nav.transferSize);
      t('encoded_body_size_bytes', nav.encodedBodySize);
      t('decoded_body_size_bytes', nav.decodedBodySize);
      d.navigation_type = nav.type;
    }
    for (const k in d) if (d[k] === undefined) delete d[k];
    return d;
  };

  const images = () => {
    const seen = new Set<string>();
    for (const r of performance.getEntriesByType('resource')) {
      if (
        r.initiatorType !== 'img' ||
        seen.has(r.name) ||
        !isPlatformImage(r.name, location.origin)
      )
        continue;
      seen.add(r.name);
      const matches = [...document.images].filter((i) => i.currentSrc === r.name);
      if (matches.length !== 1) continue;
      const img = matches[0]!;
      const box = img.getBoundingClientRect();
      const visH = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
      const visW = Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0));
      const area = box.width * box.height;
      record('image', {
        path,
        url: r.name.slice(0, 1000),
        visible_on_load: visH * visW > 0,
        observation_time_ms: round(performance.now()),
        intersection_ratio: area ? round((visH * visW) / area, 3) : 0,
        image_type: img.dataset.loader ? 2 : img.dataset.src ? 1 : 0,
        ...(img.dataset.loader ? { loader_type: img.dataset.loader.slice(0, 20) } : {}),
        element_timing_ms: keepTiming(r.responseEnd),
        natural_width: img.naturalWidth,
        natural_height: img.naturalHeight,
        rendered_width: Math.round(box.width),
        rendered_height: Math.round(box.height),
      });
    }
  };

  const mq = (q: string) => matchMedia(q).matches;
  // 30 s: what has been gathered by then goes out (SPEC 7.1), the late metrics wait.
  const early = guard(() => {
    if (!gathering) return;
    const metrics = vitals.early();
    if (Object.keys(metrics).length) record('page_speed', pageSpeed(metrics));
    flush();
  });
  const finish = guard(() => {
    if (!gathering) return;
    if (slow.length) set('slow_interactions', slow);
    const metrics = vitals.rest();
    gathering = false;
    if (Object.keys(metrics).length) record('page_speed', pageSpeed(metrics));
    images();
    record('a11y', {
      path,
      forced_colors: mq('(forced-colors: active)'),
      network_type: String(
        (navigator as Navigator & { connection?: Data }).connection?.type ?? 'unknown',
      ).slice(0, 20),
      contrast:
        (['more', 'less', 'custom'] as const).find((v) => mq(`(prefers-contrast: ${v})`)) ??
        'no-preference',
      reduced_motion: mq('(prefers-reduced-motion: reduce)'),
      primary_input_hover: mq('(hover: hover)'),
      keyboard_used: keyboard,
    });
    for (const e of [
      ...performance.getEntriesByType('mark'),
      ...performance.getEntriesByType('measure'),
    ]) {
      if (!e.name.startsWith(USER_TIMING_PREFIX)) continue;
      const detail = (e as PerformanceMark).detail;
      record('user', {
        path,
        name: e.name.slice(0, 200),
        entry_type: e.entryType as 'mark' | 'measure',
        duration_ms: round(e.duration),
        start_time_ms: round(e.startTime),
        detail: detail == null ? null : JSON.stringify(detail).slice(0, 1000),
      });
    }
  });

  const flush = guard(() => {
    if (!queue.length) return;
    const body = JSON.stringify(queue.splice(0, 100));
    if (!xhr && navigator.sendBeacon(endpoint, body)) return;
    const r = new XMLHttpRequest();
    r.open('POST', endpoint);
    r.setRequestHeader('content-type', 'text/plain;charset=UTF-8');
    r.send(body);
  });

  scheduleCollector(performance.now(), early, () => (finish(), flush()));
  const hidden = () => {
    if (document.visibilityState === 'hidden') {
      finish();
      flush();
    }
  };
  addEventListener('visibilitychange', hidden, true);
  addEventListener('pagehide', () => (finish(), flush()), true);
}
