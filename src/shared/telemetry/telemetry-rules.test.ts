import { describe, expect, it } from 'vitest';
import { PageType, Role } from '../enums.js';
import {
  ANALYTICS_ID_MAX_AGE_MS,
  VISITOR_COOKIE_MAX_AGE_MS,
  VISIT_COOKIE_MAX_AGE_MS,
  trackingWarning,
} from './constants.js';
import {
  formatVisitorCookie,
  nextVisit,
  parseVisitCookie,
  parseVisitorCookie,
  sessionIdOf,
} from './visitor-cookies.js';
import {
  SKIPPED_PAGE_TYPES,
  VIEWER_ROLE,
  analyticsSkipReason,
  memberIsSkipped,
  mustClearPerformanceCookies,
} from './skip-rules.js';
import { parseSiteContext, type SiteContext } from './page-context.js';
import { rate } from './ratings.js';
import { environmentFromHost, environmentShortName } from './environment.js';
import { deviceClassOf, isBot } from './device.js';
import { cutElementPath, keepTiming, observationsOf, pageLoadId } from './performance-records.js';

const MIN = 60_000;
const T = 1_790_000_000_000;
let n = 0;
const ids = () => `id-${String(++n).padStart(8, '0')}`;

describe('visitor cookies (SPEC 3.12, 9.3)', () => {
  it('has the SPEC lifetimes', () => {
    expect(VISITOR_COOKIE_MAX_AGE_MS).toBe(2 * 365 * 24 * 60 * MIN);
    expect(VISIT_COOKIE_MAX_AGE_MS).toBe(30 * MIN);
    expect(ANALYTICS_ID_MAX_AGE_MS).toBe(390 * 24 * 60 * MIN);
  });

  it('gives a new visitor a fresh id and count 1', () => {
    const d = nextVisit(null, null, T, () => 'new-visitor-1');
    expect(d).toEqual({
      state: { id: 'new-visitor-1', first: T, previous: T, current: T, visitCount: 1 },
      newVisitor: true,
      newVisit: true,
    });
    expect(formatVisitorCookie(d.state)).toBe(`new-visitor-1|${T}|${T}|${T}|1`);
  });

  it('keeps the visit while the 30-minute visit cookie lives', () => {
    const cvr = `abcdefgh-1|${T}|${T}|${T}|1`;
    const d = nextVisit(cvr, String(T + 10 * MIN), T + 39 * MIN, ids);
    expect(d.newVisit).toBe(false);
    expect(formatVisitorCookie(d.state)).toBe(cvr);
  });

  it('starts a new visit when the visit cookie lapsed: count + 1, times shifted', () => {
    const cvr = `abcdefgh-1|${T}|${T}|${T + 5}|3`;
    const now = T + 40 * MIN;
    for (const cvt of [String(T + 10 * MIN), null, 'garbage', String(now + 10 * MIN)]) {
      const d = nextVisit(cvr, cvt, now, ids);
      expect(d.newVisitor).toBe(false);
      expect(d.newVisit).toBe(true);
      expect(d.state).toEqual({
        id: 'abcdefgh-1',
        first: T,
        previous: T + 5,
        current: now,
        visitCount: 4,
      });
    }
    // Exactly 30 minutes of silence ends the visit.
    expect(nextVisit(cvr, String(now - 30 * MIN), now, ids).newVisit).toBe(true);
    expect(nextVisit(cvr, String(now - 30 * MIN + 1), now, ids).newVisit).toBe(false);
  });

  it('treats malformed visitor cookies as a new visitor', () => {
    for (const bad of [
      '',
      'x|1|2|3|4',
      `abcdefgh|1|2|3`,
      `abcdefgh|1|2|3|0`,
      `abcdefgh|1|-2|3|4`,
      `abcdefgh|1|2|3|4|5`,
      `abc def!|1|2|3|4`,
    ]) {
      expect(parseVisitorCookie(bad), bad).toBeNull();
    }
    expect(parseVisitCookie('0')).toBeNull();
    expect(parseVisitCookie('12')).toBe(12);
    expect(sessionIdOf(parseVisitorCookie('abcdefgh|1|2|3|4')!)).toBe('abcdefgh.4');
  });
});

describe('analytics skip rules (SPEC 2, 6, 9.3)', () => {
  const ctx = (o: Partial<SiteContext> = {}) =>
    parseSiteContext(JSON.stringify({ websiteId: 's1', pageType: 2, ...o }))!;
  const open = { doNotTrack: false, globalPrivacyControl: false, consented: false };

  it('uses the enum values of SPEC 2.1 and 3.10', () => {
    expect(SKIPPED_PAGE_TYPES).toEqual([
      PageType.NOT_FOUND,
      PageType.LOCK_SCREEN,
      PageType.MEMBER_AREA_ACCESS_DENIED,
    ]);
    expect(VIEWER_ROLE).toBe(Role.VIEWER);
  });

  it('records an ordinary page for an anonymous visitor', () => {
    expect(analyticsSkipReason(ctx(), '/shop', open)).toBeNull();
  });

  it('skips members unless their only role is viewer outside /config', () => {
    expect(memberIsSkipped(false, [], '/config')).toBe(false);
    expect(memberIsSkipped(true, [Role.VIEWER], '/shop')).toBe(false);
    expect(memberIsSkipped(true, [Role.VIEWER], '/config')).toBe(true);
    expect(memberIsSkipped(true, [Role.VIEWER], '/config/pages')).toBe(true);
    expect(memberIsSkipped(true, [Role.VIEWER, Role.EDITOR], '/shop')).toBe(true);
    expect(memberIsSkipped(true, [Role.ADMIN], '/shop')).toBe(true);
    expect(memberIsSkipped(true, [], '/shop')).toBe(true);
    expect(analyticsSkipReason(ctx({ isMember: true, roles: [Role.ADMIN] }), '/', open)).toBe(
      'member',
    );
  });

  it('skips not-found, lock-screen and access-denied pages, /search and the global flag', () => {
    for (const pageType of [100, 103, 106])
      expect(analyticsSkipReason(ctx({ pageType }), '/x', open)).toBe('page-type');
    for (const pageType of [1, 2, 50, 101, 102, 105])
      expect(analyticsSkipReason(ctx({ pageType }), '/x', open)).toBeNull();
    expect(analyticsSkipReason(ctx(), '/search', open)).toBe('search');
    expect(analyticsSkipReason(ctx(), '/searching', open)).toBeNull();
    expect(analyticsSkipReason(ctx({ analyticsDisabled: true }), '/', open)).toBe('disabled');
  });

  it('honours Do-Not-Track and Global Privacy Control', () => {
    expect(analyticsSkipReason(ctx(), '/', { ...open, doNotTrack: true })).toBe('do-not-track');
    expect(analyticsSkipReason(ctx(), '/', { ...open, globalPrivacyControl: true })).toBe(
      'do-not-track',
    );
  });

  it('clears performance cookies under the restrictive policy with the banner off or no consent', () => {
    const policy = (restrictive: boolean, bannerEnabled: boolean) =>
      ctx({ cookiePolicy: { restrictive, bannerEnabled } });
    expect(mustClearPerformanceCookies(policy(true, false), true)).toBe(true);
    expect(mustClearPerformanceCookies(policy(true, true), false)).toBe(true);
    expect(mustClearPerformanceCookies(policy(true, true), true)).toBe(false);
    expect(mustClearPerformanceCookies(policy(false, false), false)).toBe(false);
    expect(mustClearPerformanceCookies(ctx(), false)).toBe(false);
    expect(analyticsSkipReason(policy(true, true), '/', open)).toBe('cookie-policy');
  });

  it('reads the site-context JSON, rejecting junk', () => {
    expect(parseSiteContext(null)).toBeNull();
    expect(parseSiteContext('{')).toBeNull();
    expect(parseSiteContext('{"websiteId":1}')).toBeNull();
    expect(parseSiteContext('{"websiteId":"s1","pageType":50}')).toMatchObject({
      websiteId: 's1',
      pageType: 50,
      roles: [],
      isMember: false,
    });
  });
});

describe('ratings (SPEC 9.3 thresholds)', () => {
  it.each([
    ['fcp', 1800, 'good'],
    ['fcp', 1801, 'needs-improvement'],
    ['fcp', 3000, 'needs-improvement'],
    ['fcp', 3001, 'poor'],
    ['lcp', 2500, 'good'],
    ['lcp', 4000, 'needs-improvement'],
    ['lcp', 4000.5, 'poor'],
    ['cls', 0.1, 'good'],
    ['cls', 0.11, 'needs-improvement'],
    ['cls', 0.25, 'needs-improvement'],
    ['cls', 0.26, 'poor'],
    ['fid', 100, 'good'],
    ['fid', 300, 'needs-improvement'],
    ['fid', 301, 'poor'],
    ['inp', 200, 'good'],
    ['inp', 500, 'needs-improvement'],
    ['inp', 501, 'poor'],
  ] as const)('%s %d is %s', (metric, value, expected) => {
    expect(rate(metric, value)).toBe(expected);
  });
});

describe('environment from host (SPEC 9.3)', () => {
  it.each([
    ['localhost:3000', 'development'],
    ['127.0.0.1', 'development'],
    ['shop.dev.example.com', 'development'],
    ['dev-shop.example.com', 'development'],
    ['events.development.example.com', 'development'],
    ['qa.example.com', 'qa'],
    ['shop-qa.example.com', 'qa'],
    ['staging.example.com', 'staging'],
    ['example-staging.com', 'staging'],
    ['events.prod.example.com', 'production'],
    ['production.example.com', 'production'],
    ['shop.example.com', 'production'],
    ['devon-shop.co.uk', 'production'],
    ['QA.Example.COM:8443', 'qa'],
    ['', 'development'],
  ] as const)('%s → %s', (host, env) => {
    expect(environmentFromHost(host)).toBe(env);
  });
  it('has the short names dev, qa, staging, prod', () => {
    expect(
      ['development', 'qa', 'staging', 'production'].map((e) => environmentShortName(e as never)),
    ).toEqual(['dev', 'qa', 'staging', 'prod']);
  });
});

describe('devices and bots', () => {
  it('classes devices by user agent, then viewport', () => {
    expect(
      deviceClassOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'),
    ).toBe('mobile');
    expect(
      deviceClassOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari/537.36'),
    ).toBe('mobile');
    expect(deviceClassOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceClassOf('Mozilla/5.0 (Linux; Android 14; SM-X700) Chrome/126 Safari/537.36')).toBe(
      'tablet',
    );
    expect(deviceClassOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126')).toBe('desktop');
    expect(deviceClassOf('SomeApp/1.0', 400)).toBe('mobile');
    expect(deviceClassOf('SomeApp/1.0', 900)).toBe('tablet');
    expect(deviceClassOf('SomeApp/1.0', 1400)).toBe('desktop');
  });
  it('knows bots', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'curl/8.0',
      'Mozilla/5.0 HeadlessChrome/126',
      'Mozilla/5.0 Chrome-Lighthouse',
      '',
      undefined,
    ]) {
      expect(isBot(ua), String(ua)).toBe(true);
    }
    expect(
      isBot(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      ),
    ).toBe(false);
  });
});

describe('performance records', () => {
  it('maps Performance fields to rated observations, ignoring junk', () => {
    const rows = observationsOf({
      first_contentful_paint_ms: 1200,
      largest_contentful_paint_ms: 4100,
      largest_contentful_paint_element: 'img',
      cumulative_layout_shift: 0.05,
      first_input_delay_ms: 150,
      interaction_to_next_paint_ms: -1,
      time_to_first_byte_ms: 'fast',
    });
    expect(rows).toEqual([
      { metric: 'fcp', value: 1200, rating: 'good', lcpElement: null },
      { metric: 'lcp', value: 4100, rating: 'poor', lcpElement: 'img' },
      { metric: 'cls', value: 0.05, rating: 'good', lcpElement: null },
      { metric: 'fid', value: 150, rating: 'needs-improvement', lcpElement: null },
    ]);
  });
  it('drops navigation timings above 2147483647 and cuts element paths at 200', () => {
    expect(keepTiming(2147483647)).toBe(2147483647);
    expect(keepTiming(2147483648)).toBeUndefined();
    expect(keepTiming(-1)).toBeUndefined();
    expect(keepTiming(NaN)).toBeUndefined();
    expect(keepTiming(12.6)).toBe(13);
    expect(cutElementPath('x'.repeat(300))).toHaveLength(200);
    expect(cutElementPath(undefined)).toBeUndefined();
  });
  it('makes 21-character page-load ids', () => {
    const id = pageLoadId(new Uint8Array(Array.from({ length: 21 }, (_, i) => i * 13)));
    expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(pageLoadId(new Uint8Array(21).fill(1))).not.toBe(id);
  });
  it('words the tracking warning as SPEC 8.6 does', () => {
    expect(trackingWarning(500)).toBe('Error tracking event: HTTP Status 500');
  });
});
