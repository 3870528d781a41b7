/**
 * A gallery's display settings (SPEC 3.7) with SPEC 9.2's defaults and ranges: the one home of
 * the rule for the page context (the theme draws from it), the owner's settings form and the
 * API that saves them. Anything missing, of the wrong type or outside its range falls back to
 * the default or is clamped, so a stored value can never break a page.
 */

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

export const META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export type MetaPosition = (typeof META_POSITIONS)[number];

export const ACTIVE_ALIGNMENTS = ['center', 'left', 'right'] as const;
export type ActiveAlignment = (typeof ACTIVE_ALIGNMENTS)[number];

/** Width:height shapes offered for cropped images. */
export const ASPECT_RATIOS = ['1:1', '4:3', '3:2', '16:9', '3:4', '2:3'] as const;

/** SPEC 9.2 numeric settings: default and range. */
export const GALLERY_NUMBERS = {
  autoplayDelay: { dflt: 5, min: 1, max: 10 },
  thumbnailsPerRow: { dflt: 4, min: 1, max: 10 },
  padding: { dflt: 20, min: 0, max: 50 },
  thumbnailStripHeight: { dflt: 80, min: 0, max: 200 },
  margin: { dflt: 20, min: 0, max: 60 },
  maxColumnWidth: { dflt: 300, min: 100, max: 300 },
} as const;

/** SPEC 3.7 flags and their defaults. */
export const GALLERY_FLAGS = {
  autoplay: false,
  autoCrop: true,
  controls: true,
  lightbox: false,
  squareThumbs: true,
  showMeta: true,
  showMetaOnHover: false,
  thumbnails: true,
  indicators: true,
} as const;

export interface GallerySettingsJson {
  design: GalleryDesign;
  metaPosition: MetaPosition;
  activeAlignment: ActiveAlignment;
  aspectRatio: string;
  /** `aspectRatio` as CSS (`4 / 3`). */
  aspectRatioCss: string;
  lightboxTheme: 'dark' | 'light';
  autoplayDelay: number;
  thumbnailsPerRow: number;
  padding: number;
  thumbnailStripHeight: number;
  margin: number;
  maxColumnWidth: number;
  autoplay: boolean;
  autoCrop: boolean;
  controls: boolean;
  lightbox: boolean;
  squareThumbs: boolean;
  showMeta: boolean;
  showMetaOnHover: boolean;
  thumbnails: boolean;
  indicators: boolean;
}

function oneOf<T extends string>(list: readonly T[], v: unknown, dflt: T): T {
  return typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : dflt;
}

/** SPEC 9.2 defaults, overridden by the stored settings within their ranges. */
export function gallerySettings(settings: Record<string, unknown>): GallerySettingsJson {
  const num = (key: keyof typeof GALLERY_NUMBERS) => {
    const { dflt, min, max } = GALLERY_NUMBERS[key];
    const v = settings[key];
    return typeof v === 'number' && Number.isFinite(v)
      ? Math.min(max, Math.max(min, Math.round(v)))
      : dflt;
  };
  const flag = (key: keyof typeof GALLERY_FLAGS) =>
    typeof settings[key] === 'boolean' ? settings[key] : GALLERY_FLAGS[key];
  const aspectRatio = oneOf(ASPECT_RATIOS, settings.aspectRatio, '1:1');
  return {
    design: oneOf(GALLERY_DESIGNS, settings.design, 'grid'),
    metaPosition: oneOf(META_POSITIONS, settings.metaPosition, 'bottom-left'),
    activeAlignment: oneOf(ACTIVE_ALIGNMENTS, settings.activeAlignment, 'center'),
    aspectRatio,
    aspectRatioCss: aspectRatio.replace(':', ' / '),
    lightboxTheme: settings.lightboxTheme === 'light' ? 'light' : 'dark',
    autoplayDelay: num('autoplayDelay'),
    thumbnailsPerRow: num('thumbnailsPerRow'),
    padding: num('padding'),
    thumbnailStripHeight: num('thumbnailStripHeight'),
    margin: num('margin'),
    maxColumnWidth: num('maxColumnWidth'),
    autoplay: flag('autoplay'),
    autoCrop: flag('autoCrop'),
    controls: flag('controls'),
    lightbox: flag('lightbox'),
    squareThumbs: flag('squareThumbs'),
    showMeta: flag('showMeta'),
    showMetaOnHover: flag('showMetaOnHover'),
    thumbnails: flag('thumbnails'),
    indicators: flag('indicators'),
  };
}

/** What the owner edits and the pages API stores (the settings without derived fields). */
export type GalleryInput = Omit<GallerySettingsJson, 'aspectRatioCss'>;

/** The stored form of `settings`: every field, defaulted and clamped. */
export function galleryInput(settings: Record<string, unknown>): GalleryInput {
  const { aspectRatioCss: _css, ...input } = gallerySettings(settings);
  return input;
}

/** A setting of `raw` that is present but not valid: a number outside its range, or a value
 * that is not one of its choices (what the page builder shows under the field). */
export type GalleryProblem =
  | { field: keyof typeof GALLERY_NUMBERS; kind: 'range'; min: number; max: number }
  | { field: string; kind: 'choice'; choices: readonly string[] }
  | { field: keyof typeof GALLERY_FLAGS; kind: 'flag' };

const CHOICES: Record<string, readonly string[]> = {
  design: GALLERY_DESIGNS,
  metaPosition: META_POSITIONS,
  activeAlignment: ACTIVE_ALIGNMENTS,
  aspectRatio: ASPECT_RATIOS,
  lightboxTheme: ['dark', 'light'],
};

/**
 * The settings of `raw` that `gallerySettings` would have to clamp or drop. The pages API's
 * schema refuses the same values for a gallery page (it is built from these constants); a
 * gallery block's settings are read field by field, so the block is checked here.
 */
export function galleryProblems(raw: Record<string, unknown>): GalleryProblem[] {
  const out: GalleryProblem[] = [];
  for (const [field, choices] of Object.entries(CHOICES)) {
    const v = raw[field];
    if (v !== undefined && !(typeof v === 'string' && choices.includes(v))) {
      out.push({ field, kind: 'choice', choices });
    }
  }
  for (const field of Object.keys(GALLERY_NUMBERS) as (keyof typeof GALLERY_NUMBERS)[]) {
    const { min, max } = GALLERY_NUMBERS[field];
    const v = raw[field];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      out.push({ field, kind: 'range', min, max });
    }
  }
  for (const field of Object.keys(GALLERY_FLAGS) as (keyof typeof GALLERY_FLAGS)[]) {
    const v = raw[field];
    if (v !== undefined && typeof v !== 'boolean') out.push({ field, kind: 'flag' });
  }
  return out;
}

/**
 * A gallery block's settings (page builder): the same settings, defaults and ranges as a gallery
 * page's, with two block rules. A block's images open the lightbox unless the owner turns it off
 * (an image block's do too, and a gallery block's always did before it had settings). A block
 * stored before it had settings kept its thumbnails per row in `perRow`: read as
 * `thumbnailsPerRow`.
 */
export function galleryBlockInput(raw: object): GalleryInput {
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  return galleryInput({
    lightbox: true,
    ...(typeof given.perRow === 'number' ? { thumbnailsPerRow: given.perRow } : {}),
    ...given,
  });
}

/** The keys of `GalleryInput`: what a gallery block stores besides its images. */
export const GALLERY_INPUT_KEYS = Object.keys(galleryInput({})) as (keyof GalleryInput)[];
