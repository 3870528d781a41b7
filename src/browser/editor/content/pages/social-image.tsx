import { useState } from 'react';
import { MediaApi, type MediaAsset } from '../../../../shared/media/api.js';
import { editorFetch } from '../../editor-fetch.js';
import { MediaPicker } from '../../media/media-picker.js';
import { thumbUrl } from '../../media/media-library.js';
import { useLoad } from '../../use-load.js';

/** The social sharing image (og:image): chosen from the media library, replaced or removed. */
export function SocialImage({
  imageId,
  disabled,
  onChange,
}: {
  imageId: string | null;
  disabled: boolean;
  onChange: (imageId: string | null) => void;
}) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<MediaAsset | null>(null);
  const stored = useLoad<MediaAsset | null>(
    (signal) =>
      imageId && picked?.id !== imageId
        ? editorFetch<{ asset: MediaAsset }>(MediaApi.one(imageId), { signal }).then(
            (r) => r.asset,
            () => null,
          )
        : Promise.resolve(null),
    imageId ?? '',
  );
  const asset = picked?.id === imageId ? picked : stored.data;
  const src = asset ? thumbUrl(asset, 600) : null;
  return (
    <fieldset className="pg-card" disabled={disabled}>
      <legend>Social sharing image</legend>
      <p className="ed-hint">
        Shown when the page is shared on social networks and in messages. 1200 × 630 pixels works
        best.
      </p>
      <div className="pg-social">
        <div className="pg-social-frame">
          {src ? (
            <img src={src} alt={asset?.altText || 'The social sharing image'} />
          ) : (
            <span className="ed-muted">{imageId ? 'Loading…' : 'No image'}</span>
          )}
        </div>
        <div className="pg-social-actions">
          <button type="button" className="ed-button" onClick={() => setPicking(true)}>
            {imageId ? 'Replace image' : 'Choose image'}
          </button>
          {imageId && (
            <button
              type="button"
              className="ed-button ed-button-danger"
              onClick={() => onChange(null)}
            >
              Remove image
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
            if (!a) return;
            setPicked(a);
            onChange(a.id);
          }}
        />
      )}
    </fieldset>
  );
}
