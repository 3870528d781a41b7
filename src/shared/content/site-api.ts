/**
 * Site styles and settings (issue 13): `GET/PUT /api/website/styles` and
 * `GET/PUT /api/website/settings`, between /config's Design and Settings screens and
 * `src/server/content/site-design/`. Styles become CSS custom properties on every page
 * (`--color-accent`, `--font-heading`…); the theme's CSS reads only those. Documented in
 * docs/editor.md.
 */

/** Colours as `#rrggbb`. The editor accepts hex (3 to 6 digits) or HSL (SPEC 5.7). */
export interface SiteColors {
  background: string;
  text: string;
  accent: string;
  /** Text drawn on the accent colour (buttons). */
  accentText: string;
  heading: string;
}

export interface SiteStyles {
  colors: SiteColors;
  /** Font ids from the bundled set (`FontChoice.id`). */
  fonts: { heading: string; body: string };
  /** Spacing scale: section padding and gaps. */
  spacing: 'compact' | 'normal' | 'airy';
  buttons: { shape: 'square' | 'rounded' | 'pill'; fill: 'solid' | 'outline' };
  logoAssetId: string | null;
  faviconAssetId: string | null;
}

/** One font of the bundled, open-licence set, served by the site itself. */
export interface FontChoice {
  id: string;
  /** CSS family name. */
  family: string;
  category: 'sans-serif' | 'serif' | 'display' | 'monospace';
  /** The CSS stack after the family. */
  fallback: string;
  weights: number[];
}

export interface StylesResponse {
  styles: SiteStyles;
  fonts: FontChoice[];
  /** Text-contrast warnings (WCAG AA, 4.5:1), e.g. text on background, accentText on accent. */
  warnings: string[];
  version: number;
}

export interface SaveStylesRequest {
  styles: SiteStyles;
  version: number;
}

export interface SitePolicies {
  /** Rich text HTML, cleaned to the allow-list; empty hides the footer link. */
  shipping: string;
  returns: string;
  privacy: string;
}

export interface SiteHeaderSettings {
  layout: 'left' | 'center';
  showCart: boolean;
  /** An optional call-to-action button in the header. */
  button: { label: string; url: string } | null;
}

export interface SiteSettingsDoc {
  siteTitle: string;
  description: string;
  /** BCP 47 ('en-US', 'ja-JP'). */
  language: string;
  /** ISO 4217; SPEC 3.11's currencies. */
  currency: string;
  /** IANA time zone. */
  timeZone: string;
  commentsEnabled: boolean;
  /** New comments wait for approval in /config (issue 14; absent on older clients: unchanged). */
  commentsRequireApproval?: boolean;
  /** Product reviews on (issue 14, docs/reviews.md; absent on older clients: unchanged). */
  reviewsEnabled?: boolean;
  /** New reviews are published without approval (absent on older clients: unchanged). */
  reviewsAutoPublish?: boolean;
  simpleLikingEnabled: boolean;
  /** Issue 14: shoppers can sign in with an emailed code (absent on older clients: unchanged). */
  customerAccountsEnabled?: boolean;
  /** SPEC 3.7 shareButtonOptions: network → shown. */
  shareButtonOptions: Record<string, boolean>;
  policies: SitePolicies;
  header: SiteHeaderSettings;
}

export interface SettingsResponse {
  settings: SiteSettingsDoc;
  version: number;
}

export interface SaveSettingsRequest {
  settings: SiteSettingsDoc;
  version: number;
}

export const SiteApi = {
  styles: '/api/website/styles',
  settings: '/api/website/settings',
  /** The bundled font files: `/assets/fonts/{file}` (immutable). */
  fontsCss: '/assets/fonts/fonts.css',
} as const;

/** Share networks the settings offer (SPEC 3.7 shareButtonOptions keys). */
export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'pinterest', 'email'] as const;
