import { fontById, fontStack, SYSTEM_FONT_ID } from './fonts.js';
import type { SiteStyles } from './site-api.js';

/**
 * Saved site styles → the CSS custom properties the theme's CSS reads (the names of
 * docs/editor.md "Site styles and settings"). One home for the server, which writes them into
 * every page's `<style>`, and the Design screen, which sets them inside its preview frame so an
 * unsaved change shows at once.
 */

const SPACE_SECTION: Record<SiteStyles['spacing'], string> = {
  compact: '2rem',
  normal: '3rem',
  airy: '5rem',
};

const RADIUS: Record<SiteStyles['buttons']['shape'], string> = {
  square: '0',
  rounded: '0.5rem',
  pill: '999px',
};

/** The CSS `font-family` of a font id (unknown ids: the system stack). */
export function fontFamilyCss(id: string): string {
  return fontStack(fontById(id) ?? fontById(SYSTEM_FONT_ID)!);
}

export function styleVariables(styles: SiteStyles): [string, string][] {
  const c = styles.colors;
  const solid = styles.buttons.fill === 'solid';
  const radius = RADIUS[styles.buttons.shape];
  return [
    ['--color-background', c.background],
    ['--color-text', c.text],
    ['--color-heading', c.heading],
    ['--color-accent', c.accent],
    ['--color-accent-text', c.accentText],
    ['--font-heading', fontFamilyCss(styles.fonts.heading)],
    ['--font-body', fontFamilyCss(styles.fonts.body)],
    ['--space-section', SPACE_SECTION[styles.spacing]],
    ['--button-radius', radius],
    ['--button-background', solid ? 'var(--color-accent)' : 'transparent'],
    ['--button-color', solid ? 'var(--color-accent-text)' : 'var(--color-accent)'],
    // The store's buttons (add to cart, checkout) follow the owner's choice too once saved.
    ['--action-radius', radius],
    ['--action-background', solid ? 'var(--color-accent)' : 'transparent'],
    ['--action-color', solid ? 'var(--color-accent-text)' : 'var(--color-accent)'],
    ['--action-border', 'var(--color-accent)'],
  ];
}

/** The `:root` rule (values are validated `#rrggbb`s and fixed lists, safe inside `<style>`). */
export function styleVariablesCss(styles: SiteStyles): string {
  return `:root{${styleVariables(styles)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}
