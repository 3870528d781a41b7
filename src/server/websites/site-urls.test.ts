import { describe, expect, it } from 'vitest';
import { siteHost, siteOrigin } from './site-urls.js';

describe('website hosts', () => {
  const base = { protocol: 'http', baseDomain: 'sites.example' };
  it('stays on localhost (with its port) in development', () => {
    expect(siteHost({ ...base, requestHost: 'localhost:3000' }, 'heron')).toBe(
      'heron.localhost:3000',
    );
    expect(siteHost({ ...base, requestHost: 'demo.localhost:3000' }, 'heron')).toBe(
      'heron.localhost:3000',
    );
    expect(siteHost({ ...base, requestHost: '127.0.0.1:8080' }, 'heron')).toBe(
      'heron.localhost:8080',
    );
  });
  it('uses BASE_DOMAIN otherwise, from a custom domain too', () => {
    expect(siteHost({ ...base, requestHost: 'demo.sites.example' }, 'heron')).toBe(
      'heron.sites.example',
    );
    expect(siteHost({ ...base, requestHost: 'shop.custom.org' }, 'heron')).toBe(
      'heron.sites.example',
    );
    expect(siteOrigin({ ...base, protocol: 'https', requestHost: 'demo.sites.example' }, 'a')).toBe(
      'https://a.sites.example',
    );
  });
});
