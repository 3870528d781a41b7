import type { FontChoice } from './site-api.js';

/**
 * The fonts an owner can pick (issue 13): open-licence (SIL OFL) families bundled with the
 * product as @fontsource packages and served by the site itself, never from a font CDN
 * (docs/decisions.md). Each ships its latin subset at 400 and 700 as woff2. 'system' is the
 * device's own UI font: nothing to download, and the theme's default.
 */

export const SYSTEM_FONT_ID = 'system';

const SYSTEM_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SERIF_STACK = "Georgia, 'Times New Roman', serif";

/** The weights bundled per family (regular and bold: what the theme uses). */
export const FONT_WEIGHTS = [400, 700] as const;

export const FONT_CHOICES: readonly FontChoice[] = [
  {
    id: SYSTEM_FONT_ID,
    family: 'System',
    category: 'sans-serif',
    fallback: SYSTEM_STACK,
    weights: [400, 700],
  },
  ...(
    [
      ['inter', 'Inter', 'sans-serif'],
      ['work-sans', 'Work Sans', 'sans-serif'],
      ['dm-sans', 'DM Sans', 'sans-serif'],
      ['space-grotesk', 'Space Grotesk', 'display'],
      ['lora', 'Lora', 'serif'],
      ['merriweather', 'Merriweather', 'serif'],
      ['libre-baskerville', 'Libre Baskerville', 'serif'],
      ['playfair-display', 'Playfair Display', 'display'],
    ] as const
  ).map(([id, family, category]): FontChoice => ({
    id,
    family,
    category,
    // Playfair is a serif display face; Space Grotesk a sans one.
    fallback: category === 'serif' || id === 'playfair-display' ? SERIF_STACK : SYSTEM_STACK,
    weights: [...FONT_WEIGHTS],
  })),
];

export function fontById(id: string): FontChoice | undefined {
  return FONT_CHOICES.find((f) => f.id === id);
}

/**
 * Each bundled font's metric-matched fallback (issue 14: no layout shift when the web font swaps
 * in): Arial (sans) or Times New Roman (serif) scaled by `sizeAdjust` so a line of text is as
 * wide as in the web font, with the web font's ascent, descent and line gap (percent of the font
 * size, divided by the scale as the browser multiplies them by it). Measured by
 * `scripts/measure-font-fallbacks.mjs` from the @fontsource files; rerun it after updating them.
 */
export const FONT_FALLBACK_METRICS: Readonly<
  Record<string, { sizeAdjust: number; ascent: number; descent: number; lineGap: number }>
> = {
  inter: { sizeAdjust: 106.94, ascent: 90.59, descent: 22.56, lineGap: 0 },
  'work-sans': { sizeAdjust: 111.08, ascent: 83.72, descent: 21.88, lineGap: 0 },
  'dm-sans': { sizeAdjust: 103.95, ascent: 95.43, descent: 29.82, lineGap: 0 },
  'space-grotesk': { sizeAdjust: 109, ascent: 90.28, descent: 26.79, lineGap: 0 },
  lora: { sizeAdjust: 114.85, ascent: 87.59, descent: 23.86, lineGap: 0 },
  merriweather: { sizeAdjust: 117.75, ascent: 83.57, descent: 23.18, lineGap: 0 },
  'libre-baskerville': { sizeAdjust: 126.4, ascent: 76.74, descent: 21.36, lineGap: 0 },
  'playfair-display': { sizeAdjust: 109.92, ascent: 98.44, descent: 22.84, lineGap: 0 },
};

/** The family name of a font's metric-matched fallback face. */
export function fallbackFamily(font: FontChoice): string {
  return `${font.family} Fallback`;
}

/**
 * The local faces a fallback scales: Arial or Times New Roman, and their metric twins where
 * those are missing (Liberation on Linux, Helvetica / Times on older Macs).
 */
export function fallbackLocalFaces(font: FontChoice): string {
  return font.fallback === SERIF_STACK
    ? "local('Times New Roman'), local('Liberation Serif'), local('Times')"
    : "local('Arial'), local('Liberation Sans'), local('Helvetica')";
}

/**
 * The CSS `font-family` value of a choice: the family, its metric-matched fallback face (when it
 * has one; the `@font-face` comes with the font's, font-files.ts), then its fallback stack.
 */
export function fontStack(font: FontChoice): string {
  if (font.id === SYSTEM_FONT_ID) return font.fallback;
  const matched = FONT_FALLBACK_METRICS[font.id] ? `'${fallbackFamily(font)}', ` : '';
  return `'${font.family}', ${matched}${font.fallback}`;
}

/** The file name of a bundled face in @fontsource's `files/` folder (and under /assets/fonts/). */
export function fontFileName(id: string, weight: number): string {
  return `${id}-latin-${weight}-normal.woff2`;
}
