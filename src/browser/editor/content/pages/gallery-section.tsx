import type { ChangeEvent } from 'react';
import {
  ASPECT_RATIOS,
  GALLERY_NUMBERS,
  META_POSITIONS,
  type GalleryDesign,
  type GalleryInput,
} from '../../../../shared/gallery/gallery-settings.js';
import { Checkbox } from '../../products/fields.js';

export const GALLERY_DESIGN_CHOICES: { value: GalleryDesign; label: string; hint: string }[] = [
  { value: 'grid', label: 'Grid', hint: 'Thumbnails in rows' },
  { value: 'slideshow', label: 'Slideshow', hint: 'One large image at a time' },
  { value: 'slider', label: 'Slider', hint: 'A row of images to swipe' },
  { value: 'stacked', label: 'Stacked', hint: 'Images one under another' },
];

const META_LABEL: Record<string, string> = {
  top: 'Top',
  'top-left': 'Top left',
  'top-right': 'Top right',
  center: 'Centre',
  bottom: 'Bottom',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

/**
 * A gallery page's design (SPEC 3.7) in its settings dialog: the four designs and the settings
 * each one reads, within SPEC 9.2's ranges (the number inputs' bounds are the server's schema's).
 */
export function GallerySection(props: {
  value: GalleryInput;
  disabled: boolean;
  onChange: (next: GalleryInput) => void;
}) {
  const g = props.value;
  return (
    <fieldset className="pg-card" disabled={props.disabled}>
      <legend>Gallery design</legend>
      <div className="pg-radio-row" role="radiogroup" aria-labelledby="pg-design-label">
        <span id="pg-design-label" className="ed-field-label">
          Design
        </span>
        {GALLERY_DESIGN_CHOICES.map((d) => (
          <label key={d.value} className={`pg-choice${g.design === d.value ? ' is-on' : ''}`}>
            <input
              type="radio"
              name="galleryDesign"
              checked={g.design === d.value}
              onChange={() => props.onChange({ ...g, design: d.value })}
            />
            <span>
              <strong>{d.label}</strong>
              <span className="ed-muted">{d.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <GalleryOptions
        idPrefix="f-gallery"
        value={g}
        onChange={(patch) => props.onChange({ ...g, ...patch })}
      />
    </fieldset>
  );
}

/**
 * The settings the chosen design reads (everything but the design), for a gallery page's dialog
 * and a gallery block's panel in the page builder: one form, the same ranges. `onChange` gets
 * the one setting that changed (a number already within its range).
 */
export function GalleryOptions(props: {
  /** Prefix of the fields' ids (unique on the screen). */
  idPrefix: string;
  value: GalleryInput;
  onChange: (patch: Partial<GalleryInput>) => void;
}) {
  const g = props.value;
  const id = props.idPrefix;
  const set = <K extends keyof GalleryInput>(k: K, v: GalleryInput[K]) =>
    props.onChange({ [k]: v } as Partial<GalleryInput>);
  const num =
    (k: keyof typeof GALLERY_NUMBERS) =>
    (e: ChangeEvent<HTMLInputElement>): void => {
      const { min, max } = GALLERY_NUMBERS[k];
      const n = Math.round(Number(e.target.value));
      if (Number.isFinite(n)) set(k, Math.min(max, Math.max(min, n)));
    };
  const range = (k: keyof typeof GALLERY_NUMBERS, label: string, unit = '') => {
    const { min, max } = GALLERY_NUMBERS[k];
    return (
      <div className="ed-field">
        <label htmlFor={`${id}-${k}`}>{label}</label>
        <input
          id={`${id}-${k}`}
          className="ed-input"
          type="number"
          min={min}
          max={max}
          step={1}
          value={g[k]}
          onChange={num(k)}
          aria-describedby={`${id}-${k}-hint`}
        />
        <span className="ed-hint" id={`${id}-${k}-hint`}>
          {min}–{max}
          {unit}
        </span>
      </div>
    );
  };
  const slides = g.design === 'slideshow' || g.design === 'slider';
  return (
    <>
      {g.design === 'grid' && range('thumbnailsPerRow', 'Thumbnails per row')}
      {range('padding', 'Spacing between images', ' px')}
      <div className="ed-field">
        <label htmlFor={`${id}-aspect`}>Crop to shape</label>
        <select
          id={`${id}-aspect`}
          className="ed-input"
          value={g.aspectRatio}
          onChange={(e) => set('aspectRatio', e.target.value)}
        >
          {ASPECT_RATIOS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <Checkbox checked={g.autoCrop} onChange={(v) => set('autoCrop', v)}>
        Crop images to that shape
      </Checkbox>
      {g.design === 'grid' && (
        <Checkbox checked={g.squareThumbs} onChange={(v) => set('squareThumbs', v)}>
          Square thumbnails
        </Checkbox>
      )}
      <Checkbox checked={g.lightbox} onChange={(v) => set('lightbox', v)}>
        Open images in a lightbox
      </Checkbox>
      <Checkbox checked={g.showMeta} onChange={(v) => set('showMeta', v)}>
        Show image titles
      </Checkbox>
      {!g.showMeta && (
        <Checkbox checked={g.showMetaOnHover} onChange={(v) => set('showMetaOnHover', v)}>
          Show titles on hover
        </Checkbox>
      )}
      {(g.showMeta || g.showMetaOnHover) && (
        <div className="ed-field">
          <label htmlFor={`${id}-meta`}>Title position</label>
          <select
            id={`${id}-meta`}
            className="ed-input"
            value={g.metaPosition}
            onChange={(e) => set('metaPosition', e.target.value as GalleryInput['metaPosition'])}
          >
            {META_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {META_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
      )}
      {slides && (
        <>
          <Checkbox checked={g.controls} onChange={(v) => set('controls', v)}>
            Previous and next arrows
          </Checkbox>
          <Checkbox checked={g.indicators} onChange={(v) => set('indicators', v)}>
            Dots under the images
          </Checkbox>
        </>
      )}
      {g.design === 'slider' && (
        <div className="ed-field">
          <label htmlFor={`${id}-align`}>Active image alignment</label>
          <select
            id={`${id}-align`}
            className="ed-input"
            value={g.activeAlignment}
            onChange={(e) =>
              set('activeAlignment', e.target.value as GalleryInput['activeAlignment'])
            }
          >
            <option value="center">Centre</option>
            <option value="left">Left</option>
            <option value="right">Right</option>
          </select>
        </div>
      )}
      {g.design === 'slideshow' && (
        <>
          <Checkbox checked={g.thumbnails} onChange={(v) => set('thumbnails', v)}>
            Thumbnail strip
          </Checkbox>
          {g.thumbnails && range('thumbnailStripHeight', 'Thumbnail strip height', ' px')}
          <Checkbox checked={g.autoplay} onChange={(v) => set('autoplay', v)}>
            Play automatically
          </Checkbox>
          {g.autoplay && range('autoplayDelay', 'Seconds per image', ' s')}
        </>
      )}
    </>
  );
}
