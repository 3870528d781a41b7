import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Role } from '../../shared/enums.js';
import { allows, type Permission } from '../../shared/team/permissions.js';
import { HOST_B, seedShop, SITE_A } from '../cart/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { guardedPermissions } from './owner-guard.js';

/**
 * The role walk (issue 16): every owner route — a route whose preValidation carries an
 * `ownerGuard`, found through onRoute so a new route is walked without anyone listing it — is
 * called by an owner of every SPEC 3.10 role. The answer is 403 FORBIDDEN exactly when the one
 * table (`shared/team/permissions.ts`) denies the route's permission; when it allows it, the
 * answer is anything but 401 or 403 FORBIDDEN (a 4xx for the empty body, a 404 for the made-up
 * id, is fine). And every /api route is either guarded or on the explicit public list below.
 */

/** /api routes anyone may call: the storefront's own calls, sign-in, and mailed-token links. */
const PUBLIC_API = new Set([
  // Signing in and out; mailed-token links (the token is the credential).
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'POST /api/auth/accept-invite',
  // Accounts (docs/accounts.md): sign-up, its mailed link, and password reset.
  'POST /api/auth/signup',
  'POST /api/auth/verify',
  'POST /api/auth/verify/resend',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  // The cart and its subscription cart (SPEC 7).
  'GET /api/commerce/shopping-cart',
  'POST /api/commerce/shopping-cart/entries',
  'GET /api/commerce/shopping-cart/entries/:entryId/additionalFields',
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields',
  'PUT /api/commerce/shopping-cart/entries/:entryId/quantity',
  'DELETE /api/commerce/shopping-cart/entries/:entryId',
  'PUT /api/commerce/shopping-cart/coupon',
  'DELETE /api/commerce/shopping-cart/coupon',
  'POST /api/3/commerce/cart/subscription',
  'GET /api/commerce/inventory/stock/',
  'GET /api/commerce/inventory/stock',
  // Checkout, placing orders, gift card and subscription checkouts, the payment webhook.
  'POST /api/commerce/checkout/quote',
  'POST /api/commerce/checkout/stripe-intent',
  'POST /api/commerce/gift-card-orders/stripe-intent',
  'POST /api/commerce/subscriptions/stripe-intent',
  'POST /api/commerce/orders',
  'POST /api/commerce/gift-card-orders',
  'POST /api/commerce/subscriptions/quote',
  'POST /api/commerce/subscriptions',
  'POST /api/commerce/payments/stripe/webhook',
  // Forms, the bot check and restock sign-ups (SPEC 7, 8.4).
  'GET /api/captcha/altcha/challenge',
  'POST /api/form/FormSubmissionKey',
  'POST /api/form/SaveFormSubmission',
  'GET /api/template/GetTemplateSchema',
  'POST /api/rest/forms/validate/:formId',
  'POST /api/site-users/account/notifications/restock',
  // Telemetry and the storefront's context calls (SPEC 3.12, 7).
  'POST /api/census/RecordHit',
  'POST /api/census/button-click',
  'POST /api/census/button-render',
  'POST /api/census/form-render',
  'POST /api/census/overlay',
  'POST /api/census/RecordQuickView/:id',
  'POST /api/v1/clanker/events',
  'POST /api/v1/clanker/validate-event-content/:schemaName',
  'POST /api/events/RecordEvent',
  'POST /api/events/RecordJavascriptErrors',
  'POST /api/1/performance/records',
  'GET /api/context/config',
  'GET /api/rest/websites/mine',
  // The signed-in customer (issue 14): their own session is the credential (401 without).
  'GET /api/customers/me',
  // Signed, expiring download links of digital goods.
  'GET /api/media/:id/download',
  // The themes' preview pictures (docs/websites.md).
  'GET /api/themes/:name/preview',
  // Visitors: the page password form, comments and likes.
  'POST /api/content/unlock',
  'GET /api/content/items/:id/comments',
  'POST /api/content/items/:id/comments',
  'POST /api/content/items/:id/like',
  'DELETE /api/content/items/:id/like',
  // Shoppers: a product's published reviews, and a buyer's review by the order mail's signed link.
  'GET /api/commerce/products/:id/reviews',
  'POST /api/reviews/request/:token',
]);

/**
 * Routes for any signed-in owner, whatever their role on this website (none included): their own
 * account, and their websites (listing, creating, importing, the themes to create from). No site
 * permission applies; without a session they answer 401.
 */
const SIGNED_IN_API = new Set([
  'GET /api/account/security',
  'POST /api/account/totp/enrol',
  'POST /api/account/totp/confirm',
  'POST /api/account/totp/disable',
  'GET /api/themes',
  'GET /api/websites',
  'GET /api/websites/slug-check',
  'POST /api/websites',
  'POST /api/websites/import',
]);

/**
 * Some allowed answers are 403 for a reason of their own (not the role): their codes. Developer
 * mode answers DEVELOPER_MODE_OFF until an admin turns it on.
 */
const OTHER_403_CODES = new Set(['DEVELOPER_MODE_OFF']);

const ROLES = Object.entries(Role) as [string, number][];
const PW = 'walk-password-1';
const HOOK_TIMEOUT = 240_000;

/** Ids are made up (a 404 is fine), but a website's own routes name this website: its role counts. */
function fillPath(url: string): string {
  return url
    .replace(/^\/api\/websites\/:id\b/, `/api/websites/${SITE_A}`)
    .replace(/:[A-Za-z_]+/g, 'walk-missing')
    .replace(/\*/g, 'walk-missing');
}

describeEachBackend('team: every owner route with every role', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  const routes: RouteOptions[] = [];
  const owners = new Map<number, Visitor>();

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h, {
      onRoute: (r) => routes.push(r),
      config: {
        telemetryRatePerAddress: 0,
        orderRatePerAddress: 0,
        formRates: { perAddress: 0, perSite: 0, keysPerAddress: 0 },
      },
    }));
    for (const [name, role] of ROLES) {
      const email = `walk-${name.toLowerCase()}@team.test`;
      const id = await createOwner(h.db, { email, password: PW, displayName: name });
      await grantRole(h.db, SITE_A, id, role);
      const v = new Visitor(app);
      // Sign-in allows 10 tries a minute per address: each role signs in from its own.
      const r = await v.post(
        '/api/auth/login',
        { email, password: PW },
        { 'x-forwarded-for': `10.0.0.${role}` },
      );
      if (r.statusCode !== 200) throw new Error(r.body);
      owners.set(role, v);
    }
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);

  const targets = () => {
    const seen = new Set<string>();
    const out: { method: string; url: string; permissions: readonly Permission[] | undefined }[] =
      [];
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = `${method} ${route.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ method, url: route.url, permissions: guardedPermissions(route.preValidation) });
      }
    }
    return out;
  };

  it('guards every /api route that is not on the public list', () => {
    const all = targets();
    const unguarded = all
      .filter((t) => t.url.startsWith('/api/') && !t.permissions)
      .map((t) => `${t.method} ${t.url}`)
      .filter((k) => !PUBLIC_API.has(k) && !SIGNED_IN_API.has(k));
    expect(unguarded).toEqual([]);
    // The walk below has something to walk.
    expect(all.filter((t) => t.permissions).length).toBeGreaterThan(60);
  });

  it(
    'answers 403 exactly when the table denies the role',
    async () => {
      const guarded = targets().filter((t) => t.permissions);
      const failures: string[] = [];
      for (const { method, url, permissions } of guarded) {
        for (const [name, role] of ROLES) {
          const allowed = permissions!.some((p) => allows([role], p));
          const res = await owners.get(role)!.request({
            method: method as 'GET',
            url: fillPath(url),
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          let code: string | undefined;
          try {
            code = res.json<{ error?: { code?: string } }>().error?.code;
          } catch {
            code = undefined;
          }
          const denied = res.statusCode === 403 && code === 'FORBIDDEN';
          const ok = allowed
            ? res.statusCode !== 401 &&
              !denied &&
              (res.statusCode !== 403 || OTHER_403_CODES.has(code ?? ''))
            : denied;
          if (!ok)
            failures.push(
              `${method} ${url} as ${name} (${permissions!.join('|')}): ${res.statusCode} ${code ?? ''}`,
            );
          if (res.statusCode >= 500) failures.push(`${method} ${url} as ${name}: 5xx ${res.body}`);
          // A role allowed to delete the website did: restore it (from the other website's host,
          // since this one no longer answers) before the walk goes on.
          if (method === 'DELETE' && url === '/api/websites/:id' && res.statusCode < 300) {
            const back = await owners.get(Role.ADMIN)!.request({
              method: 'POST',
              url: `/api/websites/${SITE_A}/restore`,
              headers: { host: HOST_B },
              payload: {},
            });
            if (back.statusCode !== 200)
              throw new Error(`restore: ${back.statusCode} ${back.body}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    HOOK_TIMEOUT * 2,
  );

  it('answers 401 to every owner route without a session', async () => {
    const anon = new Visitor(app!);
    const failures: string[] = [];
    const owned = targets().filter(
      (t) => t.permissions || SIGNED_IN_API.has(`${t.method} ${t.url}`),
    );
    for (const { method, url } of owned) {
      const res = await anon.request({
        method: method as 'GET',
        url: fillPath(url),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401) failures.push(`${method} ${url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
