import { POLICY_KINDS, type PolicyKind } from '../../../shared/content/validate-settings.js';
import { SYSTEM_FONT_ID } from '../../../shared/content/fonts.js';
import type { DesignImage, SiteSettings } from '../../sites/tables.js';
import { styleVariablesCss } from '../../../shared/content/style-vars.js';
import { fontFaceCss, fontUrl } from './font-files.js';

/**
 * Saved site styles → what the layout's `<head>` needs (themes/default/site.region): the CSS
 * custom properties the theme's CSS reads (`--color-accent`, `--font-heading`…, the names of
 * docs/editor.md), `@font-face` rules for the chosen fonts only, the body font to preload, the
 * favicon and the logo. A site that never saved styles gets none of it, so the theme's own
 * defaults in site.css apply unchanged.
 */

export interface PolicyLinkJson {
  title: string;
  url: string;
  kind: PolicyKind;
}

/** What `website.design` holds for the layout. */
export interface DesignJson {
  /** `<style>` text: the variables and the chosen fonts' faces; '' before any save. */
  css: string;
  /** The body font's regular face, preloaded; null for the system font. */
  fontPreloadUrl: string | null;
  /**
   * The heading font's bold face (the site title and the first heading: above the fold), the
   * one other face preloaded; null for the system font.
   */
  headingPreloadUrl: string | null;
  faviconUrl: string | null;
  logo: DesignImage | null;
}

export function designJson(settings: SiteSettings): DesignJson {
  const styles = settings.styles;
  if (!styles)
    return { css: '', fontPreloadUrl: null, headingPreloadUrl: null, faviconUrl: null, logo: null };
  const body = styles.fonts.body;
  const heading = styles.fonts.heading;
  return {
    css: fontFaceCss([styles.fonts.heading, body]) + styleVariablesCss(styles),
    fontPreloadUrl: body === SYSTEM_FONT_ID ? null : (fontUrl(body, 400) ?? null),
    headingPreloadUrl: heading === SYSTEM_FONT_ID ? null : (fontUrl(heading, 700) ?? null),
    faviconUrl: styles.faviconAssetId ? (settings.designAssets?.favicon?.url ?? null) : null,
    logo: styles.logoAssetId ? (settings.designAssets?.logo ?? null) : null,
  };
}

/** The footer's links to the written policies (an empty policy has none). */
export function policyLinks(
  settings: SiteSettings,
  titles: Record<PolicyKind, string>,
): PolicyLinkJson[] {
  const p = settings.policies;
  if (!p) return [];
  return POLICY_KINDS.filter((kind) => p[kind]).map((kind) => ({
    kind,
    title: titles[kind],
    url: `/policies/${kind}`,
  }));
}
