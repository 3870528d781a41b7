import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isAllowedWebhookUrl,
  isPrivateAddress,
  verifyWebhookSignature,
  webhookSignature,
} from './webhook.js';

describe('webhook rules', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('signs t.body with HMAC-SHA256 and verifies within the tolerance only', () => {
    const sig = webhookSignature('whsec_x', 1_700_000_000, '{"a":1}');
    expect(sig).toBe(
      't=1700000000,v1=' +
        crypto.createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex'),
    );
    expect(verifyWebhookSignature('whsec_x', sig, '{"a":1}', 1_700_000_100)).toBe(true);
    expect(verifyWebhookSignature('whsec_x', sig, '{"a":1}', 1_700_000_301)).toBe(false);
    expect(verifyWebhookSignature('whsec_x', sig, '{"a":2}', 1_700_000_000)).toBe(false);
    expect(verifyWebhookSignature('whsec_x', 'garbage', '{"a":1}', 1_700_000_000)).toBe(false);
  });

  it('knows private, loopback and link-local addresses', () => {
    for (const h of [
      'localhost',
      'a.localhost',
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:7f00:1]',
    ]) {
      expect(isPrivateAddress(h), h).toBe(true);
    }
    for (const h of ['example.com', '8.8.8.8', '172.32.0.1', '[2606:4700::1111]']) {
      expect(isPrivateAddress(h), h).toBe(false);
    }
  });

  it('allows https anywhere public; http to this machine and private hosts only outside production', () => {
    expect(isAllowedWebhookUrl('https://hooks.example.com/x')).toBe(true);
    expect(isAllowedWebhookUrl('http://hooks.example.com/x')).toBe(false);
    expect(isAllowedWebhookUrl('ftp://hooks.example.com/x')).toBe(false);
    expect(isAllowedWebhookUrl('https://user:pw@hooks.example.com/x')).toBe(false);
    expect(isAllowedWebhookUrl('not a url')).toBe(false);
    vi.stubEnv('NODE_ENV', 'test');
    expect(isAllowedWebhookUrl('http://127.0.0.1:8080/hook')).toBe(true);
    expect(isAllowedWebhookUrl('http://localhost/hook')).toBe(true);
    expect(isAllowedWebhookUrl('http://10.0.0.5/hook')).toBe(false);
    vi.stubEnv('NODE_ENV', 'production');
    expect(isAllowedWebhookUrl('http://127.0.0.1:8080/hook')).toBe(false);
    expect(isAllowedWebhookUrl('https://127.0.0.1/hook')).toBe(false);
    expect(isAllowedWebhookUrl('https://169.254.169.254/latest')).toBe(false);
    expect(isAllowedWebhookUrl('https://hooks.example.com/x')).toBe(true);
  });
});
