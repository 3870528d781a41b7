import type { Generated, JSONColumnType } from 'kysely';
import type {
  SiteHeaderSettings,
  SitePolicies,
  SiteStyles,
} from '../../shared/content/site-api.js';

/** Site-wide settings kept as JSON; the shapes are SPEC 3.7 / 3.3 / 3.4's. */
export interface SiteSettings {
  websiteSettings: {
    timeZone: string;
    commentsEnabled: boolean;
    /** Issue 14: new comments wait for the owner's approval (absent: true; docs/comments.md). */
    commentsRequireApproval?: boolean;
    /** Issue 14: product reviews shown and taken (absent: off; docs/reviews.md). */
    reviewsEnabled?: boolean;
    /** New reviews are published at once instead of waiting for approval (absent: they wait). */
    reviewsAutoPublish?: boolean;
    simpleLikingEnabled: boolean;
    /** Issue 14: shoppers can sign in (customers/; absent: off, as for new websites). */
    customerAccountsEnabled?: boolean;
    shareButtonOptions: Record<string, boolean>;
    disqusShortname?: string;
    storeSettings: {
      multipleQuantityAllowedForServices: boolean;
      /** Minimum order subtotal in minor units; 0 means none (SPEC 8.3). */
      minimumOrderSubtotalCents: number;
      currencyCode: string;
      /** The installment modal's information page (StoreSettingsJson.installmentInfoUrl). */
      installmentInfoUrl?: string;
    };
    captchaSettings: {
      provider: 'altcha' | 'recaptcha' | 'recaptcha-enterprise' | 'turnstile';
      siteKey?: string;
      secretKey?: string;
    };
  };
  /** Free-form theme tweaks (colours, fonts) read by templates as `website.tweaks`. */
  tweaks?: Record<string, string>;
  /** Navigation: ordered collection url ids shown in the header. */
  navigation: string[];
  /** When true, telemetry collection is off for this website (SPEC 6 global flag). */
  analyticsDisabled?: boolean;
  /** Issue 13: colours, fonts, spacing, buttons, logo and favicon (absent: the theme's). */
  styles?: SiteStyles;
  /** Issue 13: the header's layout, cart link and call-to-action button. */
  header?: SiteHeaderSettings;
  /** Issue 13: the store's policies, linked from the footer when written. */
  policies?: SitePolicies;
  /** Issue 13: the logo's and favicon's image files, resolved from their assets when styles are saved. */
  designAssets?: { logo: DesignImage | null; favicon: DesignImage | null };
}

/** An image the layout links directly (logo, favicon): one stored width of a media asset. */
export interface DesignImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface SitesTable {
  id: string;
  /** `{slug}.localhost` serves it; also used in the editor. */
  slug: string;
  /** Custom domain (lower-case host name, no port), unique when set. */
  domain: string | null;
  title: string;
  description: Generated<string>;
  language: Generated<string>;
  currency: Generated<string>;
  site_status: Generated<number>;
  website_type: Generated<number>;
  developer_mode: Generated<boolean>;
  template_id: Generated<string>;
  theme: Generated<string>;
  settings: JSONColumnType<SiteSettings>;
  /** Bumped on every content change; part of the page-cache key. */
  content_version: Generated<number>;
  /** Bumped by each styles or settings save (issue 13); a save naming an older one gets 409. */
  settings_version: Generated<number>;
  created_on: Generated<Date>;
  /** Issue 16: set when deleted; the website stops serving and is purged at this time. */
  deleting_on: Generated<Date | null>;
}

export interface SitesTables {
  sites: SitesTable;
}
