import { AA_CONTRAST, contrastRatio, parseColor } from './colors.js';
import { fontById, SYSTEM_FONT_ID } from './fonts.js';
import type { SiteColors, SiteStyles } from './site-api.js';

/**
 * The one check of site styles (issue 13), run by the Design screen as the owner types and by
 * `PUT /api/website/styles`: colours in hex or HSL become `#rrggbb` (SPEC 5.7's texts on
 * failure), fonts must be bundled ones, the rest from their short lists. Contrast is a warning,
 * never a refusal.
 */

/** Field path (`colors.accent`) → text. */
export type FieldErrors = Record<string, string>;

export const COLOR_ROLES: readonly (keyof SiteColors)[] = [
  'background',
  'text',
  'heading',
  'accent',
  'accentText',
];

export const SPACINGS: readonly SiteStyles['spacing'][] = ['compact', 'normal', 'airy'];
export const BUTTON_SHAPES: readonly SiteStyles['buttons']['shape'][] = [
  'square',
  'rounded',
  'pill',
];
export const BUTTON_FILLS: readonly SiteStyles['buttons']['fill'][] = ['solid', 'outline'];

/**
 * The theme's own look, as styles: what GET answers before any save. The accent is the
 * theme's link and button colour (its brand blue darkened for AA contrast on white).
 */
export const DEFAULT_STYLES: SiteStyles = {
  colors: {
    background: '#ffffff',
    text: '#1f2328',
    heading: '#1f2328',
    accent: '#08427d',
    accentText: '#ffffff',
  },
  fonts: { heading: SYSTEM_FONT_ID, body: SYSTEM_FONT_ID },
  spacing: 'normal',
  buttons: { shape: 'rounded', fill: 'solid' },
  logoAssetId: null,
  faviconAssetId: null,
};

export const StyleTexts = {
  FONT_UNKNOWN: 'Choose one of the listed fonts.',
  OPTION_UNKNOWN: '{val} is not one of the expected options',
} as const;

function option<T extends string>(
  value: T,
  allowed: readonly T[],
  path: string,
  errors: FieldErrors,
): void {
  if (!allowed.includes(value)) errors[path] = StyleTexts.OPTION_UNKNOWN.replace('{val}', value);
}

/** Checks and normalizes; `styles` is only meaningful when `fieldErrors` is empty. */
export function validateStyles(input: SiteStyles): {
  styles: SiteStyles;
  fieldErrors: FieldErrors;
} {
  const fieldErrors: FieldErrors = {};
  const colors = { ...input.colors };
  for (const role of COLOR_ROLES) {
    const r = parseColor(String(input.colors[role] ?? ''));
    if (r.ok) colors[role] = r.hex;
    else fieldErrors[`colors.${role}`] = r.error;
  }
  for (const part of ['heading', 'body'] as const) {
    if (!fontById(input.fonts[part])) fieldErrors[`fonts.${part}`] = StyleTexts.FONT_UNKNOWN;
  }
  option(input.spacing, SPACINGS, 'spacing', fieldErrors);
  option(input.buttons.shape, BUTTON_SHAPES, 'buttons.shape', fieldErrors);
  option(input.buttons.fill, BUTTON_FILLS, 'buttons.fill', fieldErrors);
  return { styles: { ...input, colors }, fieldErrors };
}

/** Pairs the theme draws one on the other, with how the warning names them. */
const CONTRAST_PAIRS: readonly [keyof SiteColors, keyof SiteColors, string][] = [
  ['text', 'background', 'Text on the background'],
  ['heading', 'background', 'Headings on the background'],
  ['accent', 'background', 'Links (accent) on the background'],
  ['accentText', 'accent', 'Button text on the accent colour'],
];

/** WCAG AA (4.5:1) warnings for valid `#rrggbb` colours; the owner may still save. */
export function contrastWarnings(colors: SiteColors): string[] {
  return CONTRAST_PAIRS.flatMap(([fg, bg, label]) => {
    const ratio = contrastRatio(colors[fg], colors[bg]);
    return ratio < AA_CONTRAST
      ? [`${label} has a contrast of ${ratio.toFixed(2)}:1; WCAG AA asks for 4.5:1.`]
      : [];
  });
}
