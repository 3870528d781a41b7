/**
 * Controls the builder's panels share: segmented choices, an image chooser over the media
 * library, and selects of the site's forms and collections (loaded once per builder).
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { PageKind } from '../../../../shared/content/page-api.js';
import { MediaApi, type MediaAsset } from '../../../../shared/media/api.js';
import { editorFetch } from '../../editor-fetch.js';
import { MediaPicker } from '../../media/media-picker.js';
import { thumbUrl } from '../../media/media-library.js';
import { loadSiteLists } from './site-lists.js';
import { describe, Field } from '../../products/fields.js';
import type { FieldErrors } from '../../products/product-form.js';

export type { FieldErrors };

export function Segmented<T extends string | number>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: readonly { value: T; label: ReactNode; title?: string }[];
  onChange: (v: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="ed-segmented bd-segmented">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={String(o.value)} title={o.title}>
          <input
            type="radio"
            name={name}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A labelled group (the segmented controls carry their own legend for screen readers). */
export function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ed-field">
      <span className="ed-field-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}

/** Media assets by id, fetched once each, for thumbnails of chosen images. */
const assets = new Map<string, Promise<MediaAsset | null>>();
export function rememberAsset(a: MediaAsset) {
  assets.set(a.id, Promise.resolve(a));
}
function assetOf(id: string): Promise<MediaAsset | null> {
  let p = assets.get(id);
  if (!p) {
    p = editorFetch<{ asset: MediaAsset }>(MediaApi.one(id)).then(
      (r) => r.asset,
      () => null,
    );
    assets.set(id, p);
  }
  return p;
}

export function useAssets(ids: readonly string[]): Record<string, MediaAsset | null> {
  const [known, setKnown] = useState<Record<string, MediaAsset | null>>({});
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    for (const id of ids)
      void assetOf(id).then((a) => live && setKnown((k) => (id in k ? k : { ...k, [id]: a })));
    return () => {
      live = false;
    };
    // `key` stands for the ids.
  }, [key]);
  return known;
}

export function Thumb({ asset, label }: { asset: MediaAsset | null | undefined; label: string }) {
  const src = asset ? thumbUrl(asset, 300) : null;
  return src ? (
    <img className="bd-thumb" src={src} alt={asset?.altText || label} />
  ) : (
    <span className="bd-thumb bd-thumb-empty">{asset === null ? 'Missing image' : '…'}</span>
  );
}

/** One image: its thumbnail with Choose/Replace and Remove. */
export function ImageChooser({
  label,
  assetId,
  onChange,
}: {
  label: string;
  assetId: string | null | undefined;
  onChange: (id: string | null, asset?: MediaAsset) => void;
}) {
  const [picking, setPicking] = useState(false);
  const known = useAssets(assetId ? [assetId] : []);
  return (
    <div className="ed-field">
      <span className="ed-field-label">{label}</span>
      <div className="bd-image-choice">
        {assetId ? (
          <Thumb asset={known[assetId]} label={label} />
        ) : (
          <span className="bd-thumb bd-thumb-empty">No image</span>
        )}
        <div className="bd-image-actions">
          <button type="button" className="ed-button" onClick={() => setPicking(true)}>
            {assetId ? 'Replace image' : 'Choose image'}
          </button>
          {assetId && (
            <button
              type="button"
              className="ed-button ed-button-quiet"
              onClick={() => onChange(null)}
            >
              Remove
            </button>
          )}
        </div>
      </div>
      {picking && (
        <MediaPicker
          kind="image"
          onClose={() => setPicking(false)}
          onPick={([a]) => {
            setPicking(false);
            if (a) {
              rememberAsset(a);
              onChange(a.id, a);
            }
          }}
        />
      )}
    </div>
  );
}

function useList<T>(get: () => Promise<T>): T | undefined | null {
  const [v, setV] = useState<T | undefined | null>(undefined);
  useEffect(() => {
    let live = true;
    get().then(
      (x) => live && setV(x),
      () => live && setV(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return v;
}

export function FormSelect({
  path,
  errors,
  kinds,
  value,
  onChange,
}: {
  path: string;
  errors: FieldErrors;
  kinds: readonly string[];
  value: string;
  onChange: (id: string) => void;
}) {
  const forms = useList(() => loadSiteLists().forms);
  const choices = (forms ?? []).filter((f) => kinds.includes(f.kind));
  return (
    <Field
      label="Form"
      path={path}
      errors={errors}
      hint={
        forms === null ? (
          'The forms could not be loaded.'
        ) : choices.length === 0 && forms ? (
          <>
            No {kinds.includes('newsletter') ? 'sign-up' : ''} forms yet.{' '}
            <a href="#/forms">Create one in Forms &amp; mail</a>.
          </>
        ) : (
          <a href="#/forms">Manage forms</a>
        )
      }
    >
      <select
        className="ed-input"
        {...describe(errors, path, `hint-${path}`)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose a form…</option>
        {choices.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
        {value && forms && !choices.some((f) => f.id === value) && (
          <option value={value}>A deleted form</option>
        )}
      </select>
    </Field>
  );
}

export function CollectionSelect({
  path,
  errors,
  kinds,
  value,
  onChange,
}: {
  path: string;
  errors: FieldErrors;
  kinds: readonly PageKind[];
  value: string;
  onChange: (id: string) => void;
}) {
  const list = useList(() => loadSiteLists().pages);
  const choices = (list?.pages ?? []).filter((p) => kinds.includes(p.kind));
  return (
    <Field
      label={kinds.includes('products') ? 'Shop page' : 'Blog or events page'}
      path={path}
      errors={errors}
      {...(list === null ? { hint: 'The pages could not be loaded.' } : {})}
    >
      <select
        className="ed-input"
        {...describe(errors, path)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose a page…</option>
        {choices.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
            {kinds.length > 1 ? ` (${p.kind === 'blog' ? 'blog' : 'events'})` : ''}
          </option>
        ))}
      </select>
    </Field>
  );
}
