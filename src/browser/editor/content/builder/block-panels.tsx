/**
 * The settings form of each block type (issue 13: a panel for every type of blocks.ts). Each
 * panel edits one block through `set(patch, field)`; `field` names the edit so that typing in
 * one field coalesces into one undo step. Errors are validate-page's, keyed by the block's path.
 */
import { lazy, Suspense, useState } from 'react';
import {
  BlockCode,
  SectionLimits,
  type ContentBlock,
  type GalleryBlock,
} from '../../../../shared/content/blocks.js';
import { linkError } from '../../../../shared/content/links.js';
import {
  galleryBlockInput,
  type GalleryDesign,
} from '../../../../shared/gallery/gallery-settings.js';
import { videoEmbedOf } from '../../../../shared/content/video-url.js';
import { MediaPicker } from '../../media/media-picker.js';
import { GALLERY_DESIGN_CHOICES, GalleryOptions } from '../pages/gallery-section.js';
import { describe, Field, FieldError, TextInput } from '../../products/fields.js';
import { ProductPicker } from '../../products/product-picker.js';
import {
  CollectionSelect,
  FormSelect,
  Group,
  ImageChooser,
  rememberAsset,
  Segmented,
  Thumb,
  useAssets,
  type FieldErrors,
} from './panel-fields.js';

// TipTap is heavy: fetched the first time a text block is edited.
const RichTextEditor = lazy(() =>
  import('../../products/rich-text.js').then((m) => ({ default: m.RichTextEditor })),
);

export interface PanelProps<B extends ContentBlock> {
  block: B;
  /** `sections.{i}.blocks.{j}`: where validate-page's errors for this block are. */
  path: string;
  errors: FieldErrors;
  set: (patch: Partial<B>, field: string) => void;
  /** Changes when the document was replaced from outside (undo, redo, restore). */
  revision: number;
}

const ALIGN = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
] as const;

/** Errors of a field: validate-page's, else the link check as the owner types. */
function withLink(errors: FieldErrors, path: string, value: string | undefined): FieldErrors {
  const e = errors[path] ?? (value ? linkError(value) : undefined);
  return e ? { ...errors, [path]: e } : errors;
}

function TextArea({
  path,
  errors,
  value,
  onChange,
  rows = 4,
  className,
}: {
  path: string;
  errors: FieldErrors;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
  className?: string;
}) {
  return (
    <textarea
      className={`ed-input${className ? ` ${className}` : ''}`}
      {...describe(errors, path)}
      rows={rows}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function BlockPanel(props: PanelProps<ContentBlock>) {
  const { block } = props;
  // Each panel gets its own narrowed props; the casts only restate what `block.type` proved.
  switch (block.type) {
    case BlockCode.TEXT:
      return <TextPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.HEADING:
      return <HeadingPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.IMAGE:
      return <ImagePanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.GALLERY:
      return <GalleryPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.BUTTON:
      return <ButtonPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.QUOTE:
      return <QuotePanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.SPACER:
      return <SpacerPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.VIDEO:
      return <VideoPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.CODE:
      return <CodePanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.MAP:
      return <MapPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.FORM:
    case BlockCode.NEWSLETTER: {
      const p = props as PanelProps<typeof block>;
      return (
        <FormSelect
          path={`${p.path}.formId`}
          errors={p.errors}
          kinds={block.type === BlockCode.FORM ? ['form'] : ['newsletter']}
          value={block.formId}
          onChange={(formId) => p.set({ formId }, 'formId')}
        />
      );
    }
    case BlockCode.PRODUCT:
      return <ProductPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.PRODUCT_LIST:
    case BlockCode.SUMMARY:
      return <ListPanel {...(props as PanelProps<typeof block>)} />;
    case BlockCode.SOCIAL_LINKS:
      return <SocialPanel {...(props as PanelProps<typeof block>)} />;
  }
}

function TextPanel({
  block,
  path,
  errors,
  set,
  revision,
}: PanelProps<Extract<ContentBlock, { type: 2 }>>) {
  const hrefs = [...block.html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((m) =>
    m[1]!.replace(/&amp;/g, '&'),
  );
  const bad = hrefs.map((h) => linkError(h)).filter(Boolean);
  return (
    <div className="ed-field">
      <span className="ed-field-label" id={`${path}-label`}>
        Text
      </span>
      <Suspense fallback={<p className="ed-loading">Loading the text editor…</p>}>
        <RichTextEditor
          value={block.html}
          revision={revision}
          labelId={`${path}-label`}
          headingLevels={[1, 2, 3]}
          onChange={(html) => set({ html }, 'html')}
        />
      </Suspense>
      <FieldError errors={errors} path={`${path}.html`} />
      {bad.map((e, i) => (
        <span key={i} className="ed-inline-error ed-field-error">
          {e}
        </span>
      ))}
    </div>
  );
}

function HeadingPanel({
  block,
  path,
  errors,
  set,
}: PanelProps<Extract<ContentBlock, { type: 3 }>>) {
  return (
    <>
      <Field label="Heading text" path={`${path}.text`} errors={errors}>
        <TextInput
          path={`${path}.text`}
          errors={errors}
          value={block.text}
          maxLength={SectionLimits.shortTextMax}
          onChange={(text) => set({ text }, 'text')}
        />
      </Field>
      <Group label="Size">
        <Segmented
          legend="Size"
          value={block.level}
          options={[
            { value: 1, label: 'Large', title: 'Heading 1' },
            { value: 2, label: 'Medium', title: 'Heading 2' },
            { value: 3, label: 'Small', title: 'Heading 3' },
          ]}
          onChange={(level) => set({ level }, 'level')}
        />
      </Group>
      <Group label="Alignment">
        <Segmented
          legend="Alignment"
          value={block.align ?? 'left'}
          options={ALIGN}
          onChange={(align) => set({ align }, 'align')}
        />
      </Group>
    </>
  );
}

function ImagePanel({ block, path, errors, set }: PanelProps<Extract<ContentBlock, { type: 5 }>>) {
  const linkErrors = withLink(errors, `${path}.link`, block.link);
  return (
    <>
      <ImageChooser
        label="Image"
        assetId={block.assetId}
        onChange={(assetId, asset) =>
          set(
            { assetId, ...(asset && !block.alt && asset.altText ? { alt: asset.altText } : {}) },
            'assetId',
          )
        }
      />
      <Field
        label="Alt text"
        path={`${path}.alt`}
        errors={errors}
        hint="What the image shows, for people who cannot see it."
      >
        <TextInput
          path={`${path}.alt`}
          errors={errors}
          hint
          value={block.alt ?? ''}
          onChange={(alt) => set({ alt }, 'alt')}
        />
      </Field>
      <Field label="Caption" path={`${path}.caption`} errors={errors}>
        <TextInput
          path={`${path}.caption`}
          errors={errors}
          value={block.caption ?? ''}
          onChange={(caption) => set({ caption }, 'caption')}
        />
      </Field>
      <Field
        label="Link"
        path={`${path}.link`}
        errors={linkErrors}
        hint="Optional: /page or https://…"
      >
        <TextInput
          path={`${path}.link`}
          errors={linkErrors}
          hint
          value={block.link ?? ''}
          placeholder="/shop"
          onChange={(link) => set({ link }, 'link')}
        />
      </Field>
    </>
  );
}

function GalleryPanel({ block, path, errors, set }: PanelProps<GalleryBlock>) {
  const [picking, setPicking] = useState(false);
  // A gallery page's settings, defaults and ranges (a block saved before had only a few).
  const settings = galleryBlockInput(block);
  const known = useAssets(block.assetIds);
  const ids = block.assetIds;
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [x] = next.splice(from, 1);
    next.splice(to, 0, x!);
    set({ assetIds: next }, 'order');
  };
  return (
    <>
      <div className="ed-field">
        <span className="ed-field-label">Images</span>
        {ids.length === 0 ? (
          <p className="ed-muted bd-small">No images yet.</p>
        ) : (
          <ol className="bd-gallery-list" aria-label="Gallery images, in order">
            {ids.map((id, i) => (
              <li key={id}>
                <Thumb asset={known[id]} label={`Image ${i + 1}`} />
                <div className="bd-gallery-actions">
                  <button
                    type="button"
                    className="ed-icon-button"
                    aria-label={`Move image ${i + 1} earlier`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="ed-icon-button"
                    aria-label={`Move image ${i + 1} later`}
                    disabled={i === ids.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="ed-icon-button ed-button-danger"
                    aria-label={`Remove image ${i + 1}`}
                    onClick={() => set({ assetIds: ids.filter((x) => x !== id) }, 'remove')}
                  >
                    ✕
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <button
          type="button"
          className="ed-button"
          disabled={ids.length >= SectionLimits.galleryMax}
          onClick={() => setPicking(true)}
        >
          Add images
        </button>
        <FieldError errors={errors} path={`${path}.assetIds`} />
      </div>
      {picking && (
        <MediaPicker
          kind="image"
          multiple
          onClose={() => setPicking(false)}
          onPick={(assets) => {
            setPicking(false);
            assets.forEach(rememberAsset);
            const added = assets.map((a) => a.id).filter((id) => !ids.includes(id));
            set({ assetIds: [...ids, ...added].slice(0, SectionLimits.galleryMax) }, 'add');
          }}
        />
      )}
      <Field label="Design" path={`${path}.design`} errors={errors}>
        <select
          className="ed-input"
          {...describe(errors, `${path}.design`)}
          value={settings.design}
          onChange={(e) => set({ design: e.target.value as GalleryDesign }, 'design')}
        >
          {GALLERY_DESIGN_CHOICES.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </Field>
      <GalleryOptions
        idPrefix={`bd-${block.id}`}
        value={settings}
        onChange={(patch) => {
          const [key] = Object.keys(patch);
          set(patch, key ?? 'settings');
        }}
      />
      {Object.entries(errors)
        .filter(([k]) => k.startsWith(`${path}.`) && !/\.(assetIds|design)$/.test(k))
        .map(([k]) => (
          <FieldError key={k} errors={errors} path={k} />
        ))}
    </>
  );
}

function ButtonPanel({
  block,
  path,
  errors,
  set,
}: PanelProps<Extract<ContentBlock, { type: 53 }>>) {
  const urlErrors = withLink(errors, `${path}.url`, block.url);
  return (
    <>
      <Field label="Button text" path={`${path}.label`} errors={errors}>
        <TextInput
          path={`${path}.label`}
          errors={errors}
          value={block.label}
          onChange={(label) => set({ label }, 'label')}
        />
      </Field>
      <Field
        label="Link"
        path={`${path}.url`}
        errors={urlErrors}
        hint="A page (/shop) or a full address (https://…)."
      >
        <TextInput
          path={`${path}.url`}
          errors={urlErrors}
          hint
          value={block.url}
          onChange={(url) => set({ url }, 'url')}
        />
      </Field>
      <Group label="Style">
        <Segmented
          legend="Style"
          value={block.style ?? 'primary'}
          options={[
            { value: 'primary', label: 'Primary' },
            { value: 'secondary', label: 'Secondary' },
          ]}
          onChange={(style) => set({ style }, 'style')}
        />
      </Group>
      <Group label="Alignment">
        <Segmented
          legend="Alignment"
          value={block.align ?? 'left'}
          options={ALIGN}
          onChange={(align) => set({ align }, 'align')}
        />
      </Group>
    </>
  );
}

function QuotePanel({ block, path, errors, set }: PanelProps<Extract<ContentBlock, { type: 31 }>>) {
  return (
    <>
      <Field label="Quote" path={`${path}.text`} errors={errors}>
        <TextArea
          path={`${path}.text`}
          errors={errors}
          value={block.text}
          onChange={(text) => set({ text }, 'text')}
        />
      </Field>
      <Field label="Source" path={`${path}.source`} errors={errors} hint="Who said it (optional).">
        <TextInput
          path={`${path}.source`}
          errors={errors}
          hint
          value={block.source ?? ''}
          onChange={(source) => set({ source }, 'source')}
        />
      </Field>
    </>
  );
}

function SpacerPanel({
  block,
  path,
  errors,
  set,
}: PanelProps<Extract<ContentBlock, { type: 21 }>>) {
  return (
    <Field label={`Height: ${block.size} px`} path={`${path}.size`} errors={errors}>
      <input
        type="range"
        className="bd-range"
        min={8}
        max={400}
        step={4}
        {...describe(errors, `${path}.size`)}
        value={block.size}
        onChange={(e) => set({ size: Number(e.target.value) }, 'size')}
      />
    </Field>
  );
}

function VideoPanel({ block, path, errors, set }: PanelProps<Extract<ContentBlock, { type: 32 }>>) {
  const url = block.url.trim();
  const embed = url ? videoEmbedOf(url) : undefined;
  const shown: FieldErrors =
    url && !embed && !errors[`${path}.url`]
      ? {
          ...errors,
          [`${path}.url`]:
            'This is not a YouTube or Vimeo link. Paste the address of the video’s page.',
        }
      : errors;
  return (
    <>
      <Field
        label="Video link"
        path={`${path}.url`}
        errors={shown}
        hint={
          embed
            ? `${embed.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video found.`
            : 'A YouTube or Vimeo address.'
        }
      >
        <TextInput
          path={`${path}.url`}
          errors={shown}
          hint
          placeholder="https://www.youtube.com/watch?v=…"
          value={block.url}
          onChange={(v) => set({ url: v }, 'url')}
        />
      </Field>
      <Field label="Caption" path={`${path}.caption`} errors={errors}>
        <TextInput
          path={`${path}.caption`}
          errors={errors}
          value={block.caption ?? ''}
          onChange={(caption) => set({ caption }, 'caption')}
        />
      </Field>
    </>
  );
}

function CodePanel({ block, path, errors, set }: PanelProps<Extract<ContentBlock, { type: 23 }>>) {
  return (
    <Field
      label="HTML"
      path={`${path}.html`}
      errors={errors}
      hint="Added to your page exactly as written, scripts included. Only paste code you trust."
    >
      <TextArea
        path={`${path}.html`}
        errors={errors}
        rows={10}
        className="bd-code"
        value={block.html}
        onChange={(html) => set({ html }, 'html')}
      />
    </Field>
  );
}

function NumberField({
  label,
  path,
  errors,
  value,
  step,
  onChange,
}: {
  label: string;
  path: string;
  errors: FieldErrors;
  value: number;
  step: string;
  onChange: (n: number) => void;
}) {
  return (
    <Field label={label} path={path} errors={errors}>
      <input
        type="number"
        className="ed-input"
        step={step}
        {...describe(errors, path)}
        value={Number.isFinite(value) ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? NaN : Number(e.target.value))}
      />
    </Field>
  );
}

function MapPanel({ block, path, errors, set }: PanelProps<Extract<ContentBlock, { type: 4 }>>) {
  return (
    <>
      <Field
        label="Place"
        path={`${path}.label`}
        errors={errors}
        hint="The address or name visitors read."
      >
        <TextInput
          path={`${path}.label`}
          errors={errors}
          hint
          value={block.label}
          onChange={(label) => set({ label }, 'label')}
        />
      </Field>
      <div className="bd-row">
        <NumberField
          label="Latitude"
          path={`${path}.lat`}
          errors={errors}
          step="any"
          value={block.lat}
          onChange={(lat) => set({ lat }, 'lat')}
        />
        <NumberField
          label="Longitude"
          path={`${path}.lng`}
          errors={errors}
          step="any"
          value={block.lng}
          onChange={(lng) => set({ lng }, 'lng')}
        />
      </div>
      <Field label={`Zoom: ${block.zoom}`} path={`${path}.zoom`} errors={errors}>
        <input
          type="range"
          className="bd-range"
          min={1}
          max={18}
          {...describe(errors, `${path}.zoom`)}
          value={block.zoom}
          onChange={(e) => set({ zoom: Number(e.target.value) }, 'zoom')}
        />
      </Field>
    </>
  );
}

function ProductPanel({
  block,
  path,
  errors,
  set,
}: PanelProps<Extract<ContentBlock, { type: 43 }>>) {
  return (
    <>
      <ProductPicker
        label="Product"
        path={`${path}.itemId`}
        ids={block.itemId ? [block.itemId] : []}
        exclude={undefined}
        errors={errors}
        // One product: the newest choice replaces the one before.
        onChange={(ids) => set({ itemId: ids[ids.length - 1] ?? '' }, 'itemId')}
      />
      <label className="ed-radio">
        <input
          type="checkbox"
          checked={block.expressCheckout ?? false}
          onChange={(e) => set({ expressCheckout: e.target.checked }, 'expressCheckout')}
        />
        <span>The button goes straight to checkout</span>
      </label>
    </>
  );
}

function ListPanel({
  block,
  path,
  errors,
  set,
}: PanelProps<Extract<ContentBlock, { type: 17 | 44 }>>) {
  const products = block.type === BlockCode.PRODUCT_LIST;
  return (
    <>
      <CollectionSelect
        path={`${path}.collectionId`}
        errors={errors}
        kinds={products ? ['products'] : ['blog', 'events']}
        value={block.collectionId}
        onChange={(collectionId) => set({ collectionId }, 'collectionId')}
      />
      <Field
        label="Title"
        path={`${path}.title`}
        errors={errors}
        hint="Shown above the list (optional)."
      >
        <TextInput
          path={`${path}.title`}
          errors={errors}
          hint
          value={block.title ?? ''}
          onChange={(title) => set({ title }, 'title')}
        />
      </Field>
      <Field label={`How many: ${block.limit}`} path={`${path}.limit`} errors={errors}>
        <input
          type="range"
          className="bd-range"
          min={1}
          max={12}
          {...describe(errors, `${path}.limit`)}
          value={block.limit}
          onChange={(e) => set({ limit: Number(e.target.value) }, 'limit')}
        />
      </Field>
    </>
  );
}

const NETWORKS = [
  'Instagram',
  'Facebook',
  'X',
  'TikTok',
  'YouTube',
  'LinkedIn',
  'Pinterest',
  'Email',
];

function SocialPanel({
  block,
  path,
  errors,
  set,
}: PanelProps<Extract<ContentBlock, { type: 13 }>>) {
  const links = block.links;
  const put = (i: number, patch: Partial<{ network: string; url: string }>, field: string) =>
    set({ links: links.map((l, k) => (k === i ? { ...l, ...patch } : l)) }, `${field}.${i}`);
  return (
    <div className="ed-field">
      <span className="ed-field-label">Profiles</span>
      {links.length === 0 && <p className="ed-muted bd-small">No links yet.</p>}
      <ul className="bd-social-list">
        {links.map((l, i) => {
          const urlPath = `${path}.links.${i}.url`;
          const urlErrors = withLink(errors, urlPath, l.url);
          return (
            <li key={i}>
              <select
                className="ed-input"
                aria-label={`Network of link ${i + 1}`}
                {...describe(errors, `${path}.links.${i}.network`)}
                value={l.network}
                onChange={(e) => put(i, { network: e.target.value }, 'network')}
              >
                {!NETWORKS.includes(l.network) && (
                  <option value={l.network}>{l.network || 'Choose…'}</option>
                )}
                {NETWORKS.map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
              <input
                className="ed-input"
                aria-label={`Address of link ${i + 1}`}
                placeholder="https://…"
                {...describe(urlErrors, urlPath)}
                value={l.url}
                onChange={(e) => put(i, { url: e.target.value }, 'url')}
              />
              <button
                type="button"
                className="ed-icon-button ed-button-danger"
                aria-label={`Remove link ${i + 1}`}
                onClick={() => set({ links: links.filter((_, k) => k !== i) }, 'remove')}
              >
                ✕
              </button>
              <FieldError errors={errors} path={`${path}.links.${i}.network`} />
              <FieldError errors={urlErrors} path={urlPath} />
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="ed-button"
        disabled={links.length >= SectionLimits.socialLinksMax}
        onClick={() => set({ links: [...links, { network: 'Instagram', url: '' }] }, 'add')}
      >
        Add a link
      </button>
      <FieldError errors={errors} path={`${path}.links`} />
    </div>
  );
}
