import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { OwnerMessages } from '../../../shared/errors.js';
import type {
  SettingsResponse,
  SiteSettingsDoc,
  SiteStyles,
  StylesResponse,
} from '../../../shared/content/site-api.js';
import { DEFAULT_STYLES } from '../../../shared/content/validate-styles.js';
import { SettingsTexts } from '../../../shared/content/validate-settings.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { createOwner, grantRole } from '../../owners/owner-service.js';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import { insertTestSite } from '../../testing/site-fixtures.js';
import { buildTestApp, Visitor } from '../../testing/test-app.js';
import { tee } from '../../catalog/owner/test-fixtures.js';

const PASSWORD = 'pw-123456';

async function signedIn(app: FastifyInstance, email: string) {
  const v = new Visitor(app, 'localhost');
  const res = await v.post('/api/auth/login', { email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return v;
}

const STYLES = '/api/website/styles';
const SETTINGS = '/api/website/settings';

const styles = (patch: Partial<SiteStyles> = {}): SiteStyles => ({
  ...DEFAULT_STYLES,
  ...patch,
  colors: { ...DEFAULT_STYLES.colors, ...patch.colors },
});

describeEachBackend('site styles and settings API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let admin: Visitor;
  let editor: Visitor;
  let viewer: Visitor;
  const visitor = () => new Visitor(app, 'localhost');

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await insertTestSite(h.db, { id: 's1', slug: 'demo', currency: 'USD', shop: true });
    await h.db
      .insertInto('assets')
      .values({
        id: 'logo-1',
        site_id: 's1',
        filename: 'logo.png',
        content_type: 'image/png',
        width: 800,
        height: 200,
        widths: JSON.stringify([100, 300, 500, 800]) as never,
        alt_text: 'Harbor logo',
      })
      .execute();
    for (const [email, role] of [
      ['admin@demo.test', Role.ADMIN],
      ['editor@demo.test', Role.EDITOR],
      ['viewer@demo.test', Role.VIEWER],
    ] as const) {
      const id = await createOwner(h.db, { email, password: PASSWORD, displayName: email });
      await grantRole(h.db, 's1', id, role);
    }
    ({ app, deps } = await buildTestApp(h));
    admin = await signedIn(app, 'admin@demo.test');
    editor = await signedIn(app, 'editor@demo.test');
    viewer = await signedIn(app, 'viewer@demo.test');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  const contentVersion = async () =>
    (
      await h.db
        .selectFrom('sites')
        .select('content_version')
        .where('id', '=', 's1')
        .executeTakeFirstOrThrow()
    ).content_version;

  it('answers the theme defaults before any save, and the page carries no style rule', async () => {
    const res = await viewer.get(STYLES);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StylesResponse>();
    expect(body.styles).toEqual(DEFAULT_STYLES);
    expect(body.warnings).toEqual([]);
    expect(body.fonts.map((f) => f.id)).toContain('playfair-display');
    expect(body.version).toBe(1);
    const page = await visitor().get('/shop');
    expect(page.body).not.toContain('--color-accent:#');
    expect(page.body).not.toContain('@font-face');
    expect(page.body).toContain('<link rel="icon" href="/favicon.ico" type="image/svg+xml">');
    expect((await visitor().get(STYLES)).statusCode).toBe(401);
  });

  it('saves styles: the next page shows the accent, the chosen fonts from this site only', async () => {
    const before = await visitor().get('/shop'); // fills the page cache
    expect(before.statusCode).toBe(200);
    const v0 = await contentVersion();
    const changes: unknown[] = [];
    const onChange = (e: unknown) => changes.push(e);
    deps.events.on('content-changed', onChange);
    try {
      const res = await admin.put(STYLES, {
        version: 1,
        styles: styles({
          colors: { ...DEFAULT_STYLES.colors, accent: 'hsl(350, 0.8, 0.4)' },
          fonts: { heading: 'playfair-display', body: 'inter' },
          spacing: 'airy',
          buttons: { shape: 'pill', fill: 'outline' },
          logoAssetId: 'logo-1',
          faviconAssetId: 'logo-1',
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<StylesResponse>();
      expect(body.version).toBe(2);
      expect(body.styles.colors.accent).toBe('#b81430');
      expect(changes).toEqual([{ siteId: 's1' }]);
    } finally {
      deps.events.off('content-changed', onChange);
    }
    expect(await contentVersion()).toBe(v0 + 1);

    const page = await visitor().get('/shop');
    expect(page.body).toContain('--color-accent:#b81430');
    expect(page.body).toContain(
      "--font-heading:'Playfair Display', 'Playfair Display Fallback', Georgia",
    );
    // Each web font has a metric-matched local fallback, so the swap shifts nothing (issue 14).
    expect(page.body).toContain(
      "@font-face{font-family:'Playfair Display Fallback';src:local('Times New Roman'), local('Liberation Serif'), local('Times');size-adjust:109.92%;ascent-override:98.44%;",
    );
    expect(page.body).toMatch(
      /@font-face\{font-family:'Inter Fallback';src:local\('Arial'\)[^}]*size-adjust:106\.94%/,
    );
    expect(page.body).toContain('--space-section:5rem');
    expect(page.body).toContain('--button-background:transparent');
    const fontUrls = [...page.body.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(fontUrls.length).toBe(4); // Playfair and Inter, 400 and 700
    for (const u of fontUrls)
      expect(u).toMatch(/^\/assets\/fonts\/[a-z-]+-latin-\d+-normal\.\w+\.woff2$/);
    expect(page.body).not.toMatch(/fonts\.(googleapis|gstatic)|https?:\/\/[^"')]*\.woff2/);
    expect(page.body).toMatch(
      /<link rel="preload" href="\/assets\/fonts\/inter-latin-400-normal\.\w+\.woff2" as="font" type="font\/woff2" crossorigin>/,
    );
    // The heading's bold face is the one other face above the fold; nothing else is preloaded.
    expect(page.body).toMatch(
      /<link rel="preload" href="\/assets\/fonts\/playfair-display-latin-700-normal\.\w+\.woff2" as="font" type="font\/woff2" crossorigin>/,
    );
    expect(page.body.match(/rel="preload"[^>]*as="font"/g)).toHaveLength(2);
    expect(page.body).toContain(
      '<link rel="icon" href="/static/images/logo-1/100w.webp" type="image/webp">',
    );
    expect(page.body).toContain(
      '<img class="site-logo" src="/static/images/logo-1/500w.webp" width="500" height="125"',
    );

    // The font files are this site's, immutable.
    const font = await visitor().get(fontUrls[0]!);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toContain('immutable');
    expect(font.rawPayload.subarray(0, 4).toString()).toBe('wOF2');
    expect((await visitor().get('/assets/fonts/nope-latin-400-normal.x.woff2')).statusCode).toBe(
      404,
    );
    const css = await visitor().get('/assets/fonts/fonts.css');
    // 8 families at 400 and 700, and each family's metric-matched fallback.
    expect(css.body.match(/@font-face/g)).toHaveLength(24);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const res = await admin.put(STYLES, { version: 1, styles: styles() });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('CONTENT_CONFLICT');
    expect((await admin.get(STYLES)).json<StylesResponse>().styles.spacing).toBe('airy');
  });

  it('answers SPEC 5.7 colour texts per field and warns about contrast without refusing', async () => {
    const bad = await admin.put(STYLES, {
      version: 2,
      styles: styles({
        colors: {
          ...DEFAULT_STYLES.colors,
          accent: 'hsl(400, 0.5, 0.5)',
          heading: 'hsl(10, 2, 0.5)',
          text: 'hsl(10, 0.5)',
          background: '#12',
        },
        fonts: { heading: 'comic-sans', body: 'inter' },
        logoAssetId: 'not-mine',
      }),
    });
    expect(bad.statusCode).toBe(400);
    const err = bad.json<{ error: { code: string; fieldErrors: Record<string, string> } }>().error;
    expect(err.code).toBe('CONTENT_INVALID');
    expect(err.fieldErrors).toMatchObject({
      'colors.accent': OwnerMessages.HUE_OUT_OF_BOUNDS,
      'colors.heading': OwnerMessages.SATURATION_OUT_OF_BOUNDS,
      'colors.text': OwnerMessages.HSL_VALUE_MISSING,
      'colors.background': expect.stringContaining('3 to 6 digits'),
      'fonts.heading': 'Choose one of the listed fonts.',
    });
    const noLogo = await admin.put(STYLES, { version: 2, styles: styles({ logoAssetId: 'nope' }) });
    expect(noLogo.json<{ error: { fieldErrors: object } }>().error.fieldErrors).toEqual({
      logoAssetId: 'Choose an image from the media library.',
    });

    const low = await admin.put(STYLES, {
      version: 2,
      styles: styles({ colors: { ...DEFAULT_STYLES.colors, accent: '#ffff00' } }),
    });
    expect(low.statusCode, low.body).toBe(200);
    expect(low.json<StylesResponse>().warnings).toEqual([
      expect.stringMatching(/^Links \(accent\) on the background has a contrast of 1\.07:1/),
      expect.stringMatching(/^Button text on the accent colour/),
    ]);
  });

  it('lets only settings roles save: editors and viewers get 403 and read', async () => {
    for (const who of [editor, viewer]) {
      expect((await who.get(STYLES)).statusCode).toBe(200);
      expect((await who.get(SETTINGS)).statusCode).toBe(200);
      expect((await who.put(STYLES, { version: 3, styles: styles() })).statusCode).toBe(403);
      const doc = (await who.get(SETTINGS)).json<SettingsResponse>();
      expect((await who.put(SETTINGS, doc)).statusCode).toBe(403);
    }
  });

  it('saves settings into the site, its website settings and the footer policies', async () => {
    // A product priced 12.50 USD keeps its number in yen (13, not 1250).
    const created = await admin.post('/api/commerce/products', {
      ...tee('Mug', 'MUG'),
      imageIds: [],
      variantOptionOrdering: [],
      variants: [{ sku: 'MUG-1', attributes: {}, priceMoney: { value: '12.50', currency: 'USD' } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const got = await admin.get(SETTINGS);
    expect(got.statusCode).toBe(200);
    const { settings, version } = got.json<SettingsResponse>();
    expect(settings).toMatchObject({ siteTitle: expect.any(String), currency: 'USD' });
    const next: SiteSettingsDoc = {
      ...settings,
      siteTitle: 'Harbor Goods',
      language: 'ja-jp',
      currency: 'JPY',
      timeZone: 'Asia/Tokyo',
      commentsEnabled: false,
      simpleLikingEnabled: true,
      shareButtonOptions: { facebook: true, x: true },
      policies: {
        shipping: '<p>Ships in <strong>2 days</strong>.<script>alert(1)</script></p>',
        returns: '',
        privacy: '<p>We keep little.</p>',
      },
      header: { layout: 'center', showCart: false, button: { label: 'Shop', url: '/shop' } },
    };
    const saved = await admin.put(SETTINGS, { version, settings: next });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<SettingsResponse>();
    expect(body.version).toBe(version + 1);
    expect(body.settings.language).toBe('ja-JP');
    expect(body.settings.policies.shipping).toBe('<p>Ships in <strong>2 days</strong>.</p>');

    const row = await h.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', 's1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Harbor Goods', language: 'ja-JP', currency: 'JPY' });
    expect(row.settings.websiteSettings).toMatchObject({
      timeZone: 'Asia/Tokyo',
      commentsEnabled: false,
      simpleLikingEnabled: true,
      shareButtonOptions: { facebook: true, x: true, linkedin: false },
      storeSettings: { currencyCode: 'JPY' },
    });
    const variant = await h.db
      .selectFrom('variants')
      .select('price_cents')
      .where('sku', '=', 'MUG-1')
      .executeTakeFirstOrThrow();
    expect(variant.price_cents).toBe(13);

    const json = await visitor().get('/shop?format=json');
    const ctx = json.json<{
      website: { siteTitle: string; policyLinks: unknown[]; header: unknown };
      websiteSettings: { timeZone: string; simpleLikingEnabled: boolean };
    }>();
    expect(ctx.website.siteTitle).toBe('Harbor Goods');
    expect(ctx.website.policyLinks).toEqual([
      { kind: 'shipping', title: '配送ポリシー', url: '/policies/shipping' },
      { kind: 'privacy', title: 'プライバシーポリシー', url: '/policies/privacy' },
    ]);
    expect(ctx.website.header).toEqual(next.header);
    expect(ctx.websiteSettings).toMatchObject({
      timeZone: 'Asia/Tokyo',
      simpleLikingEnabled: true,
    });

    const policy = await visitor().get('/policies/shipping');
    expect(policy.statusCode).toBe(200);
    expect(policy.body).toContain('<h1 class="page-title">配送ポリシー</h1>');
    expect(policy.body).toContain('<p>Ships in <strong>2 days</strong>.</p>');
    expect(policy.body).not.toContain('alert(1)');
    expect((await visitor().get('/policies/returns')).statusCode).toBe(404);
    expect((await visitor().get('/policies/other')).statusCode).toBe(404);
  });

  it('answers settings field errors with the shared texts', async () => {
    const { settings, version } = (await admin.get(SETTINGS)).json<SettingsResponse>();
    const res = await admin.put(SETTINGS, {
      version,
      settings: {
        ...settings,
        siteTitle: '',
        language: 'de-DE',
        timeZone: 'Nowhere/Else',
        header: { ...settings.header, button: { label: 'Go', url: 'example.com' } },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fieldErrors: object } }>().error.fieldErrors).toEqual({
      siteTitle: SettingsTexts.TITLE_REQUIRED,
      language: SettingsTexts.LANGUAGE,
      timeZone: SettingsTexts.TIME_ZONE,
      'header.button.url': 'Links must be formatted as https://example.com or /page',
    });
    const stale = await admin.put(SETTINGS, { version: version - 1, settings });
    expect(stale.statusCode).toBe(409);

    // Yen → dollars multiplies minor units by 100: a price that would overflow refuses it.
    await h.db
      .updateTable('variants')
      .set({ price_cents: 30_000_000 })
      .where('sku', '=', 'MUG-1')
      .execute();
    const big = await admin.put(SETTINGS, { version, settings: { ...settings, currency: 'USD' } });
    expect(big.statusCode).toBe(400);
    expect(big.json<{ error: { fieldErrors: object } }>().error.fieldErrors).toEqual({
      currency: 'Some prices are too large for this currency. Lower them first.',
    });
    await h.db
      .updateTable('variants')
      .set({ price_cents: 13 })
      .where('sku', '=', 'MUG-1')
      .execute();
    const back = await admin.put(SETTINGS, { version, settings: { ...settings, currency: 'USD' } });
    expect(back.statusCode, back.body).toBe(200);
    const variant = await h.db
      .selectFrom('variants')
      .select('price_cents')
      .where('sku', '=', 'MUG-1')
      .executeTakeFirstOrThrow();
    expect(variant.price_cents).toBe(1300);
  });
});
