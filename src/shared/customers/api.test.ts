import { describe, expect, it } from 'vitest';
import { normalizeCode, parseSiteUser, siteUserCookieValue } from './api.js';
import { analyticsSkipReason } from '../telemetry/skip-rules.js';
import { parseSiteContext, withViewer } from '../telemetry/page-context.js';

describe('the SPEC 3.8 site-user cookie', () => {
  it('round-trips authenticated and siteUserId, and refuses anything else', () => {
    const raw = siteUserCookieValue('c-1');
    expect(decodeURIComponent(raw)).toBe('{"authenticated":true,"siteUserId":"c-1"}');
    expect(parseSiteUser(raw)).toEqual({ authenticated: true, siteUserId: 'c-1' });
    for (const bad of [
      undefined,
      '',
      '%',
      'null',
      '{"authenticated":false,"siteUserId":"x"}',
      '{"authenticated":true}',
    ])
      expect(parseSiteUser(bad)).toBeNull();
  });

  it('a signed-in customer is a member with no role: SPEC 6 skips analytics', () => {
    const ctx = parseSiteContext('{"websiteId":"w","pageType":2}')!;
    const privacy = { doNotTrack: false, globalPrivacyControl: false, consented: true };
    expect(analyticsSkipReason(ctx, '/shop', privacy)).toBeNull();
    expect(analyticsSkipReason(withViewer(ctx, '0'), '/shop', privacy)).toBe('member');
  });
});

describe('sign-in codes', () => {
  it('takes 6 digits with spaces or dashes, nothing else', () => {
    expect(normalizeCode('123 456')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
    expect(normalizeCode('１２３ ４５６')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '12345a', '12 34 5'])
      expect(normalizeCode(bad)).toBeUndefined();
  });
});
