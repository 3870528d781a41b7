import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { testConfig } from '../testing/test-app.js';
import { CaptchaAction } from '../../shared/forms/captcha.js';
import { createAltchaChallenge, verifyAltcha } from './altcha.js';
import { verifyRecaptcha, verifyRecaptchaEnterprise, verifyTurnstile } from './remote.js';
import { captchaSettingsOf, publicCaptchaSettings } from './settings.js';
import { configureCaptcha, verifyCaptcha } from './verify.js';

/** A loopback stand-in for the providers' verify endpoints: a real HTTP exchange. */
interface Seen {
  path: string;
  contentType: string;
  body: string;
}
let server: http.Server;
let base = '';
const seen: Seen[] = [];
let answer: (s: Seen) => { status: number; json: unknown } = () => ({ status: 200, json: {} });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const s = { path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body };
      seen.push(s);
      const a = answer(s);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('third-party verify adapters (loopback provider)', () => {
  it('reCAPTCHA: posts secret, token and address; checks success, score and action', async () => {
    answer = () => ({
      status: 200,
      json: { success: true, score: 0.9, action: 'FORM_BLOCK_SUBMISSION' },
    });
    const ok = await verifyRecaptcha('sec', 'tok', 'FORM_BLOCK_SUBMISSION', {
      url: `${base}/recaptcha/api/siteverify`,
      remoteIp: '1.2.3.4',
    });
    expect(ok).toEqual({ ok: true, score: 0.9 });
    const s = seen.at(-1)!;
    expect(s.path).toBe('/recaptcha/api/siteverify');
    expect(s.contentType).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(s.body).get('secret')).toBe('sec');
    expect(new URLSearchParams(s.body).get('response')).toBe('tok');
    expect(new URLSearchParams(s.body).get('remoteip')).toBe('1.2.3.4');
    answer = () => ({ status: 200, json: { success: true, score: 0.1 } });
    expect((await verifyRecaptcha('s', 't', undefined, { url: base })).reason).toBe('low-score');
    answer = () => ({ status: 200, json: { success: true, action: 'OTHER' } });
    expect((await verifyRecaptcha('s', 't', 'FORM_BLOCK_SUBMISSION', { url: base })).reason).toBe(
      'wrong-action',
    );
    answer = () => ({
      status: 200,
      json: { success: false, 'error-codes': ['invalid-input-response'] },
    });
    expect((await verifyRecaptcha('s', 't', undefined, { url: base })).ok).toBe(false);
    answer = () => ({ status: 500, json: {} });
    expect((await verifyRecaptcha('s', 't', undefined, { url: base })).reason).toBe('unreachable');
    expect(
      (await verifyRecaptcha('s', 't', undefined, { url: 'http://127.0.0.1:1/' })).reason,
    ).toBe('unreachable');
  });

  it('reCAPTCHA Enterprise: creates an assessment with the expected action', async () => {
    answer = () => ({
      status: 200,
      json: {
        tokenProperties: { valid: true, action: 'NEWSLETTER_BLOCK_SUBMISSION' },
        riskAnalysis: { score: 0.7 },
      },
    });
    const r = await verifyRecaptchaEnterprise(
      'proj-1:api-key',
      'site-key',
      'tok',
      'NEWSLETTER_BLOCK_SUBMISSION',
      {
        url: `${base}/v1`,
      },
    );
    expect(r).toEqual({ ok: true, score: 0.7 });
    const s = seen.at(-1)!;
    expect(s.path).toBe('/v1/projects/proj-1/assessments?key=api-key');
    expect(JSON.parse(s.body)).toEqual({
      event: { token: 'tok', siteKey: 'site-key', expectedAction: 'NEWSLETTER_BLOCK_SUBMISSION' },
    });
    expect(
      (
        await verifyRecaptchaEnterprise('proj:key', 'k', 't', 'FORM_BLOCK_SUBMISSION', {
          url: base,
        })
      ).reason,
    ).toBe('wrong-action');
    expect((await verifyRecaptchaEnterprise('no-colon', 'k', 't', 'A', { url: base })).reason).toBe(
      'misconfigured',
    );
    answer = () => ({ status: 200, json: { tokenProperties: { valid: false } } });
    expect((await verifyRecaptchaEnterprise('p:k', 'k', 't', 'A', { url: base })).ok).toBe(false);
  });

  it('Turnstile: posts the secret and token; checks success and action', async () => {
    answer = () => ({ status: 200, json: { success: true } });
    expect(await verifyTurnstile('sec', 'tok', 'X', { url: `${base}/turnstile` })).toEqual({
      ok: true,
    });
    expect(seen.at(-1)!.path).toBe('/turnstile');
    answer = () => ({ status: 200, json: { success: false } });
    expect((await verifyTurnstile('sec', 'tok', undefined, { url: base })).ok).toBe(false);
  });

  it('chooses the provider from the website settings; ALTCHA without keys', () => {
    const site = (c: unknown) =>
      ({ settings: { websiteSettings: { captchaSettings: c } } }) as never;
    expect(
      captchaSettingsOf(site({ provider: 'turnstile', siteKey: 'a', secretKey: 'b' })).provider,
    ).toBe('turnstile');
    expect(captchaSettingsOf(site({ provider: 'recaptcha' })).provider).toBe('altcha');
    expect(captchaSettingsOf(site(undefined)).provider).toBe('altcha');
    expect(
      publicCaptchaSettings(site({ provider: 'recaptcha', siteKey: 'a', secretKey: 'b' })),
    ).toEqual({
      provider: 'recaptcha',
      siteKey: 'a',
    });
  });
});

describeEachBackend('verifyCaptcha', (kind) => {
  let h: DatabaseHandle;
  const clock = Date.now();
  let deps: AppDeps;
  beforeAll(async () => {
    h = await openTestDatabase(kind);
    deps = { db: h.db, config: testConfig(), now: () => clock } as unknown as AppDeps;
  });
  afterAll(() => h.close());

  const siteWith = (c: unknown) =>
    ({ id: 's1', settings: { websiteSettings: { captchaSettings: c } } }) as never;

  it('verifies an ALTCHA solution once, for its website, before it expires', async () => {
    const challenge = await createAltchaChallenge({ secret: 'k', siteId: 's1', now: clock });
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const opts = { secret: 'k', siteId: 's1', now: clock, payload };
    expect(await verifyAltcha(h.db, { ...opts, siteId: 's2' })).toEqual({
      ok: false,
      reason: 'wrong-site',
    });
    expect(await verifyAltcha(h.db, { ...opts, secret: 'other' })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyAltcha(h.db, { ...opts, now: clock + 11 * 60_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const forged = Buffer.from(
      JSON.stringify({ challenge, solution: { ...solution, counter: solution!.counter + 1 } }),
    ).toString('base64');
    expect((await verifyAltcha(h.db, { ...opts, payload: forged })).ok).toBe(false);
    expect(await verifyAltcha(h.db, opts)).toEqual({ ok: true });
    expect(await verifyAltcha(h.db, opts)).toEqual({ ok: false, reason: 'replayed' });
    expect(await verifyAltcha(h.db, { ...opts, payload: 'not base64 json' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('routes to the configured provider through an injectable endpoint', async () => {
    configureCaptcha(deps, {
      urls: {
        recaptcha: `${base}/rc`,
        recaptchaEnterprise: `${base}/ent`,
        turnstile: `${base}/ts`,
      },
    });
    answer = (s) =>
      s.path.startsWith('/ent')
        ? {
            status: 200,
            json: {
              tokenProperties: { valid: true, action: CaptchaAction.PRODUCT_WAITLIST_SUBMISSION },
              riskAnalysis: { score: 0.9 },
            },
          }
        : { status: 200, json: { success: true } };
    const rc = await verifyCaptcha(
      deps,
      siteWith({ provider: 'recaptcha', siteKey: 'a', secretKey: 'b' }),
      'tok',
      'X',
    );
    expect(rc).toEqual({ ok: true, provider: 'recaptcha' });
    expect(seen.at(-1)!.path).toBe('/rc');
    const ent = await verifyCaptcha(
      deps,
      siteWith({ provider: 'recaptcha-enterprise', siteKey: 'a', secretKey: 'p:k' }),
      'tok',
      CaptchaAction.PRODUCT_WAITLIST_SUBMISSION,
    );
    expect(ent.ok).toBe(true);
    const ts = await verifyCaptcha(
      deps,
      siteWith({ provider: 'turnstile', siteKey: 'a', secretKey: 'b' }),
      'tok',
      'X',
    );
    expect(ts.ok).toBe(true);
    expect(seen.at(-1)!.path).toBe('/ts');
    expect(
      await verifyCaptcha(
        deps,
        siteWith({ provider: 'turnstile', siteKey: 'a', secretKey: 'b' }),
        undefined,
        'X',
      ),
    ).toEqual({
      ok: false,
      provider: 'turnstile',
      reason: 'missing',
    });
    expect((await verifyCaptcha(deps, siteWith(undefined), 'garbage', 'X')).ok).toBe(false);
  });
});
