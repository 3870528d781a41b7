/**
 * Colour names a shop's option values commonly use, mapped to the colour a swatch paints
 * (lower case, spaces kept). Basic and CSS names plus the material and glaze words small shops
 * name their colourways after (linen, sandstone, sea glass…). A value names a colour when it is
 * in the list whole, or when one of its words is (the last word first: 'Dusty Rose' is a rose,
 * 'Indigo Wave' an indigo). Kept small: this ships to the browser with the product form.
 */
export const COLOUR_NAMES: Readonly<Record<string, string>> = {
  black: '#111111',
  white: '#ffffff',
  grey: '#8a8d91',
  gray: '#8a8d91',
  silver: '#c0c0c0',
  charcoal: '#36393d',
  graphite: '#4a4d52',
  slate: '#5b6770',
  fog: '#c9ccce',
  smoke: '#a7a9ac',
  ivory: '#fffff0',
  cream: '#f3ecd8',
  oatmeal: '#d9ccb4',
  linen: '#ece3d2',
  natural: '#e8dcc4',
  beige: '#dcc9a8',
  sand: '#d8c3a0',
  sandstone: '#c9a77c',
  stone: '#b6ac9c',
  kraft: '#b48a5a',
  tan: '#d2b48c',
  camel: '#c19a6b',
  brown: '#6f4e37',
  chocolate: '#5a3a29',
  espresso: '#3b2a22',
  walnut: '#5d4330',
  rust: '#a9502f',
  terracotta: '#c4623f',
  clay: '#b66a4d',
  copper: '#b87333',
  bronze: '#8c6a3a',
  gold: '#c9a23c',
  mustard: '#d1a23a',
  ochre: '#c8902f',
  yellow: '#f2c94c',
  lemon: '#f4e04d',
  orange: '#ef7d32',
  coral: '#f07f6b',
  peach: '#f6c3a0',
  red: '#c62f2f',
  burgundy: '#6d1f2c',
  wine: '#722f37',
  maroon: '#7a2030',
  pink: '#f2a7c0',
  blush: '#eac2c0',
  rose: '#d9818f',
  magenta: '#c2378a',
  purple: '#6f3f9a',
  plum: '#6b3a5b',
  lavender: '#b9a6d9',
  lilac: '#c8a8d8',
  violet: '#7b4fc4',
  indigo: '#34416e',
  navy: '#1f2a4d',
  blue: '#2f62c4',
  cobalt: '#2450a4',
  denim: '#4f6d8f',
  sky: '#8fc1e8',
  teal: '#1f7a7a',
  turquoise: '#3fb8af',
  aqua: '#6fd0d0',
  tidepool: '#3f7f86',
  'sea glass': '#9cc5b5',
  seafoam: '#9fd8c2',
  mint: '#a8dcc0',
  sage: '#9aab8f',
  moss: '#6b7a3f',
  olive: '#708238',
  forest: '#2f5a3a',
  green: '#3f8f4f',
  emerald: '#1f8a5c',
  khaki: '#b8ad7a',
};

/** The colour of `value` (a hex as entered, or a name above), or undefined. */
export function colourOf(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(v)) return v;
  const whole = COLOUR_NAMES[v];
  if (whole) return whole;
  const words = v.split(/[\s/-]+/).filter(Boolean);
  for (let i = words.length - 1; i >= 0; i--) {
    const hit = COLOUR_NAMES[words[i]!];
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The swatch colour of every value of the product's colour options (value → colour), for the
 * product islands' props: the browser then needs no names table.
 */
export function swatchColours(
  options: readonly { name: string; values: readonly string[] }[],
  isColourOption: (name: string) => boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of options) {
    if (!isColourOption(o.name)) continue;
    for (const v of o.values) {
      const c = colourOf(v);
      if (c) out[v] = c;
    }
  }
  return out;
}
