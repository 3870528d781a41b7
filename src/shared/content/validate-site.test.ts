import { describe, expect, it } from 'vitest';
import type { SiteSettingsDoc } from './site-api.js';
import { contrastWarnings, DEFAULT_STYLES, validateStyles } from './validate-styles.js';
import { SettingsTexts, validateSettings } from './validate-settings.js';

const settings = (patch: Partial<SiteSettingsDoc> = {}): SiteSettingsDoc => ({
  siteTitle: 'Shop',
  description: '',
  language: 'en-US',
  currency: 'USD',
  timeZone: 'America/New_York',
  commentsEnabled: false,
  simpleLikingEnabled: false,
  shareButtonOptions: {},
  policies: { shipping: '', returns: '', privacy: '' },
  header: { layout: 'left', showCart: true, button: null },
  ...patch,
});

describe('validateStyles', () => {
  it('accepts the defaults, with no contrast warning', () => {
    expect(validateStyles(DEFAULT_STYLES).fieldErrors).toEqual({});
    expect(contrastWarnings(DEFAULT_STYLES.colors)).toEqual([]);
  });
  it('normalizes hex and HSL to #rrggbb and reports SPEC texts per field', () => {
    const r = validateStyles({
      ...DEFAULT_STYLES,
      colors: { ...DEFAULT_STYLES.colors, accent: 'hsl(0, 1, 0.4)', text: '#123' },
    });
    expect(r.fieldErrors).toEqual({});
    expect(r.styles.colors.accent).toBe('#cc0000');
    expect(r.styles.colors.text).toBe('#112233');
    const bad = validateStyles({
      ...DEFAULT_STYLES,
      colors: { ...DEFAULT_STYLES.colors, accent: 'hsl(500, 1, 0.4)', heading: 'hsl(1, 1)' },
      fonts: { heading: 'comic-sans', body: 'inter' },
      spacing: 'huge' as 'airy',
    });
    expect(bad.fieldErrors).toEqual({
      'colors.accent': 'Hue out of bounds.',
      'colors.heading': 'Missing an H/S/L value.',
      'fonts.heading': 'Choose one of the listed fonts.',
      spacing: 'huge is not one of the expected options',
    });
  });
  it('warns (never refuses) about low contrast', () => {
    const colors = { ...DEFAULT_STYLES.colors, accent: '#ffff00', accentText: '#ffffff' };
    const w = contrastWarnings(colors);
    expect(w).toHaveLength(2);
    expect(w[0]).toMatch(/^Links \(accent\) on the background has a contrast of 1\.07:1/);
  });
});

describe('validateSettings', () => {
  it('normalizes language, currency, share networks and policies', () => {
    const r = validateSettings(
      settings({
        language: 'ja-jp',
        currency: 'jpy',
        shareButtonOptions: { facebook: true, myspace: true },
        policies: {
          shipping: '<p>Ships <script>x</script>fast</p>',
          returns: '<p></p>',
          privacy: '',
        },
      }),
    );
    expect(r.fieldErrors).toEqual({});
    expect(r.settings.language).toBe('ja-JP');
    expect(r.settings.currency).toBe('JPY');
    expect(r.settings.shareButtonOptions).toEqual({
      facebook: true,
      x: false,
      linkedin: false,
      pinterest: false,
      email: false,
    });
    expect(r.settings.policies).toEqual({
      shipping: '<p>Ships fast</p>',
      returns: '',
      privacy: '',
    });
  });
  it('reports each bad field', () => {
    const r = validateSettings(
      settings({
        siteTitle: ' ',
        language: 'fr-FR',
        currency: 'XYZ',
        timeZone: 'Mars/Olympus',
        header: { layout: 'left', showCart: true, button: { label: 'Shop', url: 'example.com' } },
      }),
    );
    expect(r.fieldErrors).toEqual({
      siteTitle: SettingsTexts.TITLE_REQUIRED,
      language: SettingsTexts.LANGUAGE,
      currency: SettingsTexts.CURRENCY,
      timeZone: SettingsTexts.TIME_ZONE,
      'header.button.url': 'Links must be formatted as https://example.com or /page',
    });
  });
  it('drops an empty header button and requires a label with a link', () => {
    const empty = validateSettings(
      settings({ header: { layout: 'center', showCart: false, button: { label: '', url: '' } } }),
    );
    expect(empty.settings.header.button).toBeNull();
    const noLabel = validateSettings(
      settings({ header: { layout: 'left', showCart: true, button: { label: '', url: '/shop' } } }),
    );
    expect(noLabel.fieldErrors).toEqual({ 'header.button.label': SettingsTexts.BUTTON_LABEL });
  });
});
