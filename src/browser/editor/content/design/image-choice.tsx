import { lazy, Suspense, useEffect, useState } from 'react';
import { MediaApi, type MediaAsset } from '../../../../shared/media/api.js';
import { editorFetch } from '../../editor-fetch.js';

const MediaPicker = lazy(() =>
  import('../../media/media-picker.js').then((m) => ({ default: m.MediaPicker })),
);

/** A stored width of an image near `want` px, for thumbnails and the preview. */
export function imageUrlOf(asset: MediaAsset, want: number): string | null {
  if (!asset.assetUrl || asset.widths.length === 0) return null;
  const widths = [...asset.widths].sort((a, b) => a - b);
  return `${asset.assetUrl}/${widths.find((w) => w >= want) ?? widths[widths.length - 1]}w.webp`;
}

/**
 * The logo or favicon: its thumbnail, Choose (the media library as a dialog: pick or upload)
 * and Remove. Reports the chosen asset so the preview can show it.
 */
export function ImageChoice(props: {
  label: string;
  hint: string;
  assetId: string | null;
  disabled?: boolean;
  error?: string | undefined;
  onChange: (asset: MediaAsset | null) => void;
}) {
  const { assetId } = props;
  const [asset, setAsset] = useState<MediaAsset | null>(null);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (!assetId) return setAsset(null);
    if (asset?.id === assetId) return;
    const ctrl = new AbortController();
    editorFetch<{ asset: MediaAsset }>(MediaApi.one(assetId), { signal: ctrl.signal }).then(
      (r) => setAsset(r.asset),
      () => setAsset(null),
    );
    return () => ctrl.abort();
  }, [assetId]);

  const thumb = asset ? imageUrlOf(asset, 200) : null;
  return (
    <div className="ds-image-choice">
      <div className="ds-image-thumb" aria-hidden="true">
        {thumb ? <img src={thumb} alt="" /> : <span>None</span>}
      </div>
      <div className="ds-image-text">
        <strong>{props.label}</strong>
        <span className="ed-muted ed-small">{asset ? asset.filename : props.hint}</span>
        {props.error && <span className="ed-inline-error ed-small">{props.error}</span>}
        <div className="ds-image-actions">
          <button
            type="button"
            className="ed-button"
            disabled={props.disabled}
            onClick={() => setPicking(true)}
          >
            {assetId ? 'Replace' : 'Choose'}
          </button>
          {assetId && (
            <button
              type="button"
              className="ed-button"
              disabled={props.disabled}
              onClick={() => props.onChange(null)}
            >
              Remove
            </button>
          )}
        </div>
      </div>
      {picking && (
        <Suspense fallback={null}>
          <MediaPicker
            kind="image"
            onClose={() => setPicking(false)}
            onPick={([picked]) => {
              setPicking(false);
              if (picked) {
                setAsset(picked);
                props.onChange(picked);
              }
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
