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

/** The CSS `font-family` value of a choice: the family, then its fallback stack. */
export function fontStack(font: FontChoice): string {
  return font.id === SYSTEM_FONT_ID ? font.fallback : `'${font.family}', ${font.fallback}`;
}

/** The file name of a bundled face in @fontsource's `files/` folder (and under /assets/fonts/). */
export function fontFileName(id: string, weight: number): string {
  return `${id}-latin-${weight}-normal.woff2`;
}
